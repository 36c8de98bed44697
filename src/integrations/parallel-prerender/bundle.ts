/**
 * Astro's prerender bundle loaded outside the build process, as Astro's own default
 * prerenderer loads it in the build process: by the prerender workers (./worker.ts) and by
 * the publisher's warm renderer (publisher/warm), which keeps one loaded between
 * publishes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { collectPrerenderMetadata, installRenderScope } from 'astro/app';
import { islandScriptFiles, linkIslandScripts, manifestDirectives } from './island-scripts.ts';
import type { RenderedPage, StaticPathItem, WorkerLog, WorkerSetup } from './protocol.ts';
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
  routeCache?: RouteCache;
  /** The page module of a route, the one Astro's render checks the route cache against. */
  getComponentByRoute?(routeData: RouteData): Promise<unknown>;
}

/** A route's getStaticPaths result in Astro's route cache (astro/dist/core/render/route-cache.js). */
interface CachedPaths {
  mod: unknown;
  staticPaths: { params: unknown; props: unknown }[] & {
    keyed: Map<string, { params: unknown; props: unknown }>;
  };
}

interface RouteCache {
  clearAll(): void;
  get(route: RouteData): CachedPaths | undefined;
  set(route: RouteData, entry: CachedPaths): void;
}

export interface LoadedBundle {
  app: BuildApp;
  /** The bundle's routes by routeKey(). */
  routes: ReadonlyMap<string, RouteData>;
  /**
   * Renders a page. With `path` (the page's getStaticPaths entry, made by the build process),
   * the route's getStaticPaths does not run here: its page gets these params and props.
   */
  render(
    url: string,
    route: string,
    collectMetadata: boolean,
    path?: StaticPathItem,
  ): Promise<RenderedPage>;
}

/** Loads the bundle of `setup` and gives it the parts of Astro's build state a render reads. */
export async function loadPrerenderBundle(
  setup: WorkerSetup,
  writeLog: (event: WorkerLog['event']) => void,
): Promise<LoadedBundle> {
  const { app } = (await import(setup.entryUrl)) as { app: BuildApp };
  // The island scripts as the build wrote them (./island-scripts.ts).
  linkIslandScripts(islandScriptFiles(manifestDirectives(app.manifest)));
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
  const provided = providedPaths(app);
  return {
    app,
    routes,
    async render(url, route, collectMetadata, path) {
      const routeData = routes.get(route);
      if (!routeData) throw new Error(`No route ${route} in the prerender bundle.`);
      if (path) {
        const keyed = await provided(routeData);
        keyed.set(path.key, { params: path.params, props: path.props });
        try {
          return await renderPage(url, routeData, collectMetadata);
        } finally {
          keyed.delete(path.key);
        }
      }
      return renderPage(url, routeData, collectMetadata);
    },
  };

  async function renderPage(
    url: string,
    routeData: RouteData,
    collectMetadata: boolean,
  ): Promise<RenderedPage> {
    // As renderForPrerender (astro/app) does, without wrapping the bytes in a second Response.
    const page = async () => {
      const response = await app.render(new Request(url), { routeData });
      return {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body: response.body === null ? null : await bodyBytes(response.body),
      };
    };
    if (!collectMetadata) return page();
    const { value, metadata } = await collectPrerenderMetadata(page, app.logger);
    return { ...value, ...(metadata ? { metadata } : {}) };
  }
}

/**
 * The route cache entries through which pages get the params and props the build process
 * sent (see LoadedBundle.render): one per route, made once, whose keyed map holds the pages
 * being rendered. Astro's getProps finds a page there by the key StaticPaths listed it under
 * and, since the entry's module is the route's own, never calls getStaticPaths.
 */
function providedPaths(app: BuildApp) {
  const made = new Map<string, Promise<CachedPaths['staticPaths']['keyed']>>();
  const make = async (routeData: RouteData) => {
    const { routeCache } = app;
    if (!routeCache || !app.getComponentByRoute)
      throw new Error('This Astro bundle cannot take props from the build process.');
    const mod = await app.getComponentByRoute(routeData);
    const staticPaths = Object.assign([], { keyed: new Map() });
    routeCache.set(routeData, { mod, staticPaths });
    return staticPaths.keyed;
  };
  return (routeData: RouteData) => {
    const key = routeKey(routeData);
    let keyed = made.get(key);
    if (!keyed) {
      keyed = make(routeData);
      made.set(key, keyed);
    }
    return keyed;
  };
}

/**
 * A response body's bytes, without the copy `arrayBuffer()` makes of a body that came as one
 * chunk (a page, an endpoint's string): at 100,000 products the search records' 70 MB took
 * 1.1 s through arrayBuffer() and 0.4 s read here.
 */
export async function bodyBytes(body: ReadableStream<Uint8Array>): Promise<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  const [only] = chunks;
  if (
    chunks.length === 1 &&
    only &&
    only.buffer instanceof ArrayBuffer &&
    only.byteOffset === 0 &&
    only.byteLength === only.buffer.byteLength
  )
    return only.buffer;
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes.buffer;
}
