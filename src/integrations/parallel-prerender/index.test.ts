import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroPrerenderer, RouteData } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prerenderDirectory, workerPrerenderer } from './index.ts';

// A stand-in for Astro's prerender bundle: the parts of BuildApp a worker uses. It renders
// what it was given (the page's stylesheets, the scripts) so the test sees they arrived.
const FAKE_ENTRY = `
export const app = {
  manifest: {
    routes: [{ routeData: { type: 'page', route: '/products/[handle]', component: 'src/routes/product.astro' } }],
    entryModules: {},
  },
  logger: { warn() {}, info() {}, error() {}, debug() {} },
  setInternals(internals) { this.internals = internals; },
  setOptions(options) { this.options = options; },
  async render(request, { routeData }) {
    const { pathname } = new URL(request.url);
    if (pathname.includes('crash')) process.exit(3);
    if (pathname.includes('broken')) throw new TypeError('Cannot read the price of broken');
    if (pathname.includes('noisy'))
      this.options.logger.options.destination.write({ label: 'build', level: 'warn', message: 'noisy page', newLine: true });
    const styles = this.internals.pagesByKeys.get('/products/[handle]&src/routes/product.astro').styles;
    const body = JSON.stringify({ pathname, route: routeData.route, styles, scripts: this.options.settings.scripts, worker: (await import('node:worker_threads')).threadId });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
  },
};
`;

const productRoute = {
  type: 'page',
  route: '/products/[handle]',
  component: 'src/routes/product.astro',
} as RouteData;

describe('workerPrerenderer', () => {
  let dir: string;
  let logs: unknown[];
  let prerenderer: AstroPrerenderer;
  let astroDefault: AstroPrerenderer & { setupCalls: number };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'prerender-test-'));
    const prerenderDir = join(dir, '.prerender');
    mkdirSync(prerenderDir);
    writeFileSync(join(prerenderDir, 'prerender-entry.Ab12Cd.mjs'), FAKE_ENTRY);
    logs = [];
    astroDefault = {
      name: 'astro:default',
      setupCalls: 0,
      setup() {
        astroDefault.setupCalls++;
        Object.assign(astroDefault, {
          app: {
            getOptions: () => ({
              allPages: {
                product: {
                  key: '/products/[handle]&src/routes/product.astro',
                  styles: [
                    { depth: 0, order: 0, sheet: { type: 'external', src: '/_astro/a.css' } },
                  ],
                },
              },
              settings: { scripts: [{ stage: 'head-inline', content: 'window.x = 1' }] },
              logger: { options: { destination: { write: (event: unknown) => logs.push(event) } } },
            }),
          },
        });
        return Promise.resolve();
      },
      getStaticPaths: () => Promise.resolve([{ pathname: '/products/a', route: productRoute }]),
      render: () => Promise.reject(new Error('The default prerenderer must not render.')),
    };
    prerenderer = workerPrerenderer(astroDefault, { workers: 2, prerenderDir });
    await prerenderer.setup?.();
  });

  afterEach(async () => {
    await prerenderer.teardown?.();
    rmSync(dir, { recursive: true, force: true });
  });

  const render = async (path: string, collectMetadata = false) => {
    const result = await prerenderer.render(new Request(`http://localhost${path}`), {
      routeData: productRoute,
      collectMetadata,
    });
    return result instanceof Response ? { response: result, metadata: undefined } : result;
  };

  it("renders pages on the workers with the build's stylesheets and scripts", async () => {
    expect(astroDefault.setupCalls).toBe(1);
    expect(await prerenderer.getStaticPaths()).toEqual([
      { pathname: '/products/a', route: productRoute },
    ]);
    const { response } = await render('/products/a/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = (await response.json()) as Record<string, unknown>;
    expect(page).toMatchObject({
      pathname: '/products/a/',
      route: '/products/[handle]',
      styles: [{ sheet: { src: '/_astro/a.css' } }],
      scripts: [{ stage: 'head-inline', content: 'window.x = 1' }],
    });
    expect(page.worker).toBeGreaterThan(0);
  });

  it('spreads pages in flight over both workers', async () => {
    const pages = await Promise.all(
      Array.from({ length: 8 }, (_, i) => render(`/products/p${i}/`)),
    );
    const workers = new Set(
      await Promise.all(
        pages.map(async ({ response }) => ((await response.json()) as { worker: number }).worker),
      ),
    );
    expect(workers.size).toBe(2);
  });

  it("hands back what the page read when Astro's incremental cache asks", async () => {
    expect((await render('/products/a/')).metadata).toBeUndefined();
    expect((await render('/products/a/', true)).metadata).toEqual({
      contentEntryKeys: [],
      staticImages: [],
      referencedImages: [],
    });
  });

  it("fails the page with the page's own error, and the worker goes on", async () => {
    await expect(render('/products/broken/')).rejects.toThrow('Cannot read the price of broken');
    await expect(render('/products/broken/')).rejects.toMatchObject({ name: 'TypeError' });
    expect((await render('/products/b/')).response.status).toBe(200);
  });

  it('fails the pages of a worker that stopped, instead of waiting for them', async () => {
    const crash = render('/products/crash/');
    await expect(crash).rejects.toThrow('A prerender worker stopped (exit code 3).');
    // The other worker takes the pages from then on.
    const after = await Promise.all([render('/products/c/'), render('/products/d/')]);
    expect(after.map(({ response }) => response.status)).toEqual([200, 200]);
  });

  it("passes the page's log lines to the build's log", async () => {
    await render('/products/noisy/');
    expect(logs).toEqual([{ label: 'build', level: 'warn', message: 'noisy page', newLine: true }]);
  });

  it('refuses a route the bundle does not have', async () => {
    const result = prerenderer.render(new Request('http://localhost/x/'), {
      routeData: { ...productRoute, route: '/x', component: 'src/pages/x.astro' },
    });
    await expect(result).rejects.toThrow(
      'No route page /x src/pages/x.astro in the prerender bundle.',
    );
  });
});

describe('workerPrerenderer setup', () => {
  /** Astro's default prerenderer after its setup, for a build with no pages. */
  const loadedDefault = (): AstroPrerenderer & { app: unknown } => ({
    name: 'astro:default',
    app: {
      getOptions: () => ({
        allPages: {},
        settings: { scripts: [] },
        logger: { options: { destination: { write: () => true } } },
      }),
    },
    getStaticPaths: () => Promise.resolve([]),
    render: () => Promise.reject(new Error('unused')),
  });

  it("fails with the bundle's own error when the workers cannot load it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prerender-test-'));
    try {
      mkdirSync(join(dir, '.prerender'));
      writeFileSync(
        join(dir, '.prerender', 'prerender-entry.Zz99.mjs'),
        "throw new Error('The prerender bundle is broken');",
      );
      const prerenderer = workerPrerenderer(loadedDefault(), {
        workers: 2,
        prerenderDir: join(dir, '.prerender'),
      });
      await expect(prerenderer.setup?.()).rejects.toThrow('The prerender bundle is broken');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the directory when there is no bundle in it', async () => {
    const prerenderer = workerPrerenderer(loadedDefault(), {
      workers: 2,
      prerenderDir: '/nonexistent/.prerender',
    });
    await expect(prerenderer.setup?.()).rejects.toThrow(
      "Astro's prerender bundle (prerender-entry*.mjs) is not in /nonexistent/.prerender.",
    );
  });
});

describe('prerenderDirectory', () => {
  it('follows Astro: inside the output directory when that is under the working directory, else in .astro', () => {
    const cwd = '/work/store';
    expect(prerenderDirectory(pathToFileURL('/work/store/dist/'), cwd)).toBe(
      '/work/store/dist/.prerender',
    );
    expect(prerenderDirectory(pathToFileURL('/tmp/out/'), cwd)).toBe(
      '/work/store/.astro/.prerender',
    );
  });
});
