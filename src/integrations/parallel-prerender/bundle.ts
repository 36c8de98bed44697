/**
 * Astro's prerender bundle loaded outside the build process, as Astro's own default
 * prerenderer loads it in the build process: by the prerender workers (./worker.ts) and by
 * the publisher's warm renderer (scripts/lib/publish/warm), which keeps one loaded between
 * publishes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { collectPrerenderMetadata, installRenderScope } from 'astro/app';
import type { PrerenderResult } from 'astro';
import type { WorkerLog, WorkerSetup } from './protocol.ts';
import { routeKey } from './protocol.ts';

export interface RouteData {
  route: string;
  component: string;
  type: string;
  prerender?: boolean;
  pathname?: string | undefined;
}

export interface BuildApp {
  manifest: { routes: { routeData: RouteData }[] };
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
  logger: Parameters<typeof collectPrerenderMetadata>[1];
  /** The bundle's own route cache (getStaticPaths results), cleared when the data changes. */
  routeCache?: { clearAll(): void };
}

/** One rendered page in plain data (it crosses a worker boundary). */
export interface RenderedPage {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
  metadata?: PrerenderResult['metadata'];
}

export interface LoadedBundle {
  app: BuildApp;
  /** The bundle's routes by routeKey(). */
  routes: ReadonlyMap<string, RouteData>;
  render(url: string, route: string, collectMetadata: boolean): Promise<RenderedPage>;
}

/** Loads the bundle of `setup` and gives it the parts of Astro's build state a render reads. */
export async function loadPrerenderBundle(
  setup: WorkerSetup,
  writeLog: (event: WorkerLog['event']) => void,
): Promise<LoadedBundle> {
  const { app } = (await import(setup.entryUrl)) as { app: BuildApp };
  // The two parts of Astro's build state a render reads (astro/dist/core/build/environment.js,
  // headElements): each page's stylesheets by page data key, and the build's scripts. The
  // page script's bundle name is in the manifest the bundle already carries.
  app.setInternals({
    pagesByKeys: new Map(setup.pageStyles.map(([key, styles]) => [key, { styles }])),
    entrySpecifierToBundleMap: new Map(
      Object.entries(
        (app.manifest as unknown as { entryModules: Record<string, string> }).entryModules,
      ),
    ),
  });
  app.setOptions({
    settings: { scripts: setup.scripts },
    logger: {
      options: {
        destination: {
          write(event: WorkerLog['event']) {
            writeLog({ ...event, message: String(event.message) });
            return true;
          },
        },
      },
    },
  });
  // What a render reads from content collections is recorded through this scope, as in the
  // build process (astro/dist/core/render-scope).
  installRenderScope(new AsyncLocalStorage());
  const routes = new Map(
    app.manifest.routes.map(({ routeData }) => [routeKey(routeData), routeData]),
  );
  return {
    app,
    routes,
    async render(url, route, collectMetadata) {
      const routeData = routes.get(route);
      if (!routeData) throw new Error(`No route ${route} in the prerender bundle.`);
      // As renderForPrerender (astro/app) does, without wrapping the bytes in a second Response.
      const page = async () => {
        const response = await app.render(new Request(url), { routeData });
        return {
          status: response.status,
          statusText: response.statusText,
          headers: [...response.headers],
          body: response.body === null ? null : await response.arrayBuffer(),
        };
      };
      if (!collectMetadata) return page();
      const { value, metadata } = await collectPrerenderMetadata(page, app.logger);
      return { ...value, ...(metadata ? { metadata } : {}) };
    },
  };
}
