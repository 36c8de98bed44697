import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroPrerenderer, RouteData } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prerenderDirectory, workerPrerenderer } from './index.ts';

// A stand-in for Astro's prerender bundle: the parts of BuildApp a worker uses. It renders
// what it was given (the page's props as Astro's getProps finds them in the route cache, the
// page's stylesheets, the scripts) so the test sees they arrived.
const FAKE_ENTRY = `
const routeCache = {
  cache: {},
  get(route) { return this.cache[route.route]; },
  set(route, entry) { this.cache[route.route] = entry; },
  clearAll() { this.cache = {}; },
};
const pageModule = { getStaticPaths() { throw new Error('getStaticPaths ran in a worker'); } };
export const app = {
  manifest: {
    routes: [{ routeData: { type: 'page', route: '/products/[handle]', component: 'src/routes/product.astro' } }],
    entryModules: {},
    clientDirectives: [['idle', '(()=>{})();']],
  },
  logger: { warn() {}, info() {}, error() {}, debug() {} },
  routeCache,
  async getComponentByRoute() { return pageModule; },
  setInternals(internals) { this.internals = internals; },
  setOptions(options) { this.options = options; },
  async render(request, { routeData }) {
    const { pathname } = new URL(request.url);
    // As Astro's getProps: the route cache's entry when its module is the page's, else getStaticPaths.
    const cached = routeCache.get(routeData);
    if (!cached || cached.mod !== pageModule) pageModule.getStaticPaths();
    const item = cached.staticPaths.keyed.get(pathname.replace(/\\/$/, ''));
    if (!item) throw new Error('No static path for ' + pathname);
    if (pathname.includes('crash')) process.exit(3);
    if (pathname.includes('broken')) throw new TypeError('Cannot read the price of broken');
    if (pathname.includes('noisy'))
      this.options.logger.options.destination.write({ label: 'build', level: 'warn', message: 'noisy page', newLine: true });
    const store = await globalThis[Symbol.for('astro.contentStore')]?.get();
    const collection = pathname.includes('reads-') ? pathname.split('reads-')[1].replace('/', '') : undefined;
    const read = collection && store ? store.values(collection) : undefined;
    const styles = this.internals.pagesByKeys.get('/products/[handle]&src/routes/product.astro').styles;
    const body = JSON.stringify({ pathname, props: item.props, params: item.params, read, route: routeData.route, styles, scripts: this.options.settings.scripts, worker: (await import('node:worker_threads')).threadId });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
  },
};
`;

// The bundle's content module (chunks/_astro_content_*.mjs): Astro's store singleton, which
// patches/astro+7.3.5.patch puts on globalThis. get() is the whole store; set() replaces it.
const FAKE_CONTENT = `
const whole = new Map([
  ['nav', new Map([['1', { id: '1', data: { title: 'Pallet jack parts' } }]])],
  ['products', new Map([['7', { id: '7', data: { title: 'Load wheel' } }]])],
]);
const wrap = (store) => ({
  values: (name) => store.hasCollection(name) ? store.values(name) : [],
});
let installed;
globalThis[Symbol.for('astro.contentStore')] = {
  async get() {
    return installed ?? { collections: () => whole, values: (name) => [...(whole.get(name)?.values() ?? [])] };
  },
  set(store) { installed = wrap(store); },
};
`;

const productRoute = {
  type: 'page',
  route: '/products/[handle]',
  component: 'src/routes/product.astro',
} as RouteData;
const homeRoute = {
  type: 'page',
  route: '/',
  component: 'src/pages/index.astro',
  pathname: '/',
} as RouteData;

/** The product pages the build process lists, with the props its getStaticPaths gave each. */
const HANDLES = ['a', 'b', 'c', 'd', 'broken', 'crash', 'noisy', 'reads-nav', 'reads-products'];
const handles = [...HANDLES, ...Array.from({ length: 8 }, (_, i) => `p${i}`)];

describe('workerPrerenderer', () => {
  let dir: string;
  let logs: unknown[];
  let prerenderer: AstroPrerenderer;
  let astroDefault: AstroPrerenderer & { setupCalls: number; rendered: string[] };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'prerender-test-'));
    const prerenderDir = join(dir, '.prerender');
    mkdirSync(join(prerenderDir, 'chunks'), { recursive: true });
    writeFileSync(join(prerenderDir, 'prerender-entry.Ab12Cd.mjs'), FAKE_ENTRY);
    writeFileSync(join(prerenderDir, 'chunks', '_astro_content_Xy12.mjs'), FAKE_CONTENT);
    logs = [];
    const keyed = new Map<string, { params: unknown; props: unknown }>(
      handles.map((handle) => [
        `/products/${handle}`,
        { params: { handle }, props: { title: `Part ${handle}`, related: new Map([[1, 'x']]) } },
      ]),
    );
    keyed.set('/products/unsendable', {
      params: { handle: 'unsendable' },
      props: { format: () => 'a function cannot cross to a thread' },
    });
    astroDefault = {
      name: 'astro:default',
      setupCalls: 0,
      rendered: [],
      setup() {
        astroDefault.setupCalls++;
        Object.assign(astroDefault, {
          app: {
            routeCache: {
              get: (route: RouteData) =>
                route.route === productRoute.route ? { staticPaths: { keyed } } : undefined,
            },
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
      getStaticPaths: () =>
        Promise.resolve([
          { pathname: '/', route: homeRoute },
          ...[...handles, 'unsendable'].map((handle) => ({
            pathname: `/products/${handle}`,
            route: productRoute,
          })),
        ]),
      render: (request) => {
        astroDefault.rendered.push(new URL(request.url).pathname);
        return Promise.resolve(new Response('home, rendered in the build process'));
      },
    };
    prerenderer = workerPrerenderer(astroDefault, {
      workers: 2,
      prerenderDir,
      withheld: ['products'],
    });
    await prerenderer.setup?.();
    await prerenderer.getStaticPaths();
  });

  afterEach(async () => {
    await prerenderer.teardown?.();
    rmSync(dir, { recursive: true, force: true });
  });

  const render = async (path: string, collectMetadata = false, routeData = productRoute) => {
    const result = await prerenderer.render(new Request(`http://localhost${path}`), {
      routeData,
      collectMetadata,
    });
    return result instanceof Response ? { response: result, metadata: undefined } : result;
  };

  it("renders pages on the workers with their props, the build's stylesheets and scripts", async () => {
    expect(astroDefault.setupCalls).toBe(1);
    const { response } = await render('/products/a/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = (await response.json()) as Record<string, unknown>;
    expect(page).toMatchObject({
      pathname: '/products/a/',
      params: { handle: 'a' },
      // The related map came through as a map: JSON shows it as an empty object.
      props: { title: 'Part a', related: {} },
      route: '/products/[handle]',
      styles: [{ sheet: { src: '/_astro/a.css' } }],
      scripts: [{ stage: 'head-inline', content: 'window.x = 1' }],
    });
    expect(page.worker).toBeGreaterThan(0);
    expect(astroDefault.rendered).toEqual([]);
  });

  it('renders the pages without parameters, and pages it was not told of, in the build process', async () => {
    const home = await render('/', false, homeRoute);
    expect(await home.response.text()).toBe('home, rendered in the build process');
    await render('/products/unlisted/');
    expect(astroDefault.rendered).toEqual(['/', '/products/unlisted/']);
  });

  it('gives the workers the collections, but not those the build process keeps', async () => {
    const nav = (await (await render('/products/reads-nav/')).response.json()) as {
      read: unknown;
    };
    expect(nav.read).toEqual([{ id: '1', data: { title: 'Pallet jack parts' } }]);
    await expect(render('/products/reads-products/')).rejects.toThrow(
      'The "products" collection is not loaded in the prerender workers',
    );
  });

  it('fails a page whose props cannot be sent to a worker, naming it', async () => {
    await expect(render('/products/unsendable/')).rejects.toThrow(
      'http://localhost/products/unsendable/: its props cannot be sent to a prerender worker.',
    );
    expect((await render('/products/a/')).response.status).toBe(200);
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
