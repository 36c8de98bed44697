import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { loadContentModule, storeSingleton } from './content-store.ts';
import {
  islandScriptFiles,
  linkIslandScripts,
  manifestDirectives,
  writeIslandScripts,
} from './island-scripts.ts';
import { PrerenderWorker, startMemoryLog } from './pool.ts';
import type { StoreJob, WorkerSetup } from './protocol.ts';
import { routeKey } from './protocol.ts';
import { StaticPathIndex, type RouteCacheLike } from './static-paths.ts';

export interface ParallelPrerenderOptions {
  /** Worker threads that render pages; 1 or less renders in the build process as usual. */
  workers: number;
  /**
   * Pages in flight per worker, so that no worker waits while the build process writes each
   * page and its cache copy (docs/performance.md, "Build at scale").
   */
  pagesPerWorker?: number;
  /**
   * Where to keep the prerender bundle and the workers' setup once the pages are written
   * (Astro removes its copy): the publisher's warm renderer renders from it later.
   */
  keepDir?: string | undefined;
  /**
   * Content collections the workers do not load (the products): the build process reads them
   * in the routes' getStaticPaths and sends each page its props. A page that reads one in its
   * own frontmatter fails the build.
   */
  buildProcessCollections?: readonly string[];
  /**
   * A file to append a line of JSON to every 5 s while pages render: the build process's and
   * each worker's V8 heap and the process's resident memory, in MB, and the share of the time
   * each thread's event loop was busy.
   */
  memoryLog?: string | undefined;
  /**
   * Paths rendered before all the others (Astro renders in the order the paths are listed):
   * the search records, which the build indexes while the pages render (publisher/build-site.ts).
   */
  renderFirst?: readonly string[];
}

/** The file beside a kept bundle with what a worker needs besides the bundle. */
export const KEPT_SETUP_FILE = 'setup.json';
/** What KEPT_SETUP_FILE holds: the workers' setup and the build's NODE_ENV. */
export type KeptSetup = WorkerSetup & { nodeEnv: string };
/** The kept bundle's own directory inside keepDir. */
export const KEPT_BUNDLE_DIR = 'bundle';

/**
 * Renders the static pages on worker threads, one per core, instead of one page at a time on
 * the build's one thread (docs/performance.md, "Build at scale"): the 100,000-product build
 * has about 127,000 pages and rendering them is nearly all of its time.
 *
 * It uses Astro's public prerenderer hook (`setPrerenderer` in astro:build:start), which
 * adapters use to render elsewhere. The build process keeps Astro's default prerenderer for
 * getStaticPaths and for everything around a render (the incremental cache, writing files,
 * the sitemap); each worker loads the same prerender bundle and renders what it is sent.
 * Astro 7.4 ships this as `experimental.parallelPrerender`; swap to it when the registry has
 * 7.4.
 */
export function parallelPrerender(options: ParallelPrerenderOptions): AstroIntegration {
  const {
    workers,
    pagesPerWorker = 16,
    keepDir,
    buildProcessCollections = [],
    memoryLog,
    renderFirst = [],
  } = options;
  let outDir: URL | undefined;
  return {
    name: 'parallel-prerender',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        // Astro renders one path at a time unless build.concurrency lets several wait on us.
        if (workers > 1) updateConfig({ build: { concurrency: workers * pagesPerWorker } });
      },
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:build:start': async ({ setPrerenderer, logger }) => {
        // The number of paths goes to the log, where a publish reads its progress's total
        // (publisher/build-site.ts, PATHS_LINE).
        const counted = (prerenderer: AstroPrerenderer): AstroPrerenderer => {
          // In place: Astro's own prerenderer is a class whose methods read `this`.
          const list = prerenderer.getStaticPaths.bind(prerenderer);
          prerenderer.getStaticPaths = async () => {
            const paths = await list();
            logger.info(`${String(paths.length)} paths to generate.`);
            const first = (path: { pathname: string }) => renderFirst.includes(path.pathname);
            return [...paths.filter(first), ...paths.filter((path) => !first(path))];
          };
          return prerenderer;
        };
        const islands = (prerenderer: AstroPrerenderer, astroDefault: AstroPrerenderer) =>
          outDir ? islandsAsFiles(prerenderer, astroDefault, fileURLToPath(outDir)) : prerenderer;
        const prerenderDir = outDir ? prerenderDirectory(outDir) : undefined;
        // A failed build leaves its bundle behind, and this build's is written beside it:
        // the content module found by name (loadContentModule) could be the old one.
        if (prerenderDir) await rm(prerenderDir, { recursive: true, force: true });
        const kept = (prerenderer: AstroPrerenderer, astroDefault: AstroPrerenderer) =>
          keepDir && prerenderDir
            ? keepBundle(prerenderer, astroDefault, { prerenderDir, keepDir })
            : prerenderer;
        if (workers <= 1 || !prerenderDir) {
          setPrerenderer((astroDefault) =>
            islands(counted(kept(astroDefault, astroDefault)), astroDefault),
          );
          return;
        }
        logger.info(`Rendering pages on ${workers} worker threads.`);
        setPrerenderer((astroDefault) =>
          islands(
            counted(
              kept(
                workerPrerenderer(astroDefault, {
                  workers,
                  prerenderDir,
                  withheld: buildProcessCollections,
                  memoryLog,
                }),
                astroDefault,
              ),
            ),
            astroDefault,
          ),
        );
      },
    },
  };
}

/**
 * Writes the bundle's island scripts into the output once Astro's setup has loaded the bundle,
 * and has the pages this process renders link them (./island-scripts.ts); the workers and the
 * warm renderer link the same files (bundle.ts). Wrapped in place, like `counted`.
 */
function islandsAsFiles(
  prerenderer: AstroPrerenderer,
  astroDefault: AstroPrerenderer,
  outDir: string,
): AstroPrerenderer {
  const setup = prerenderer.setup?.bind(prerenderer);
  prerenderer.setup = async () => {
    await setup?.();
    const app = (astroDefault as AstroPrerenderer & { app?: { manifest: unknown } }).app;
    if (!app) throw new Error("Astro's default prerenderer has no app after setup.");
    const files = islandScriptFiles(manifestDirectives(app.manifest));
    await writeIslandScripts(files, outDir);
    linkIslandScripts(files);
  };
  return prerenderer;
}

/** The parts of Astro's BuildApp and build options this reads (astro/dist/core/build). */
interface BuildAppLike {
  routeCache: RouteCacheLike;
  getOptions(): {
    allPages: Record<string, { key: string; styles: unknown[] }>;
    settings: { scripts: unknown[] };
    logger: { options: { destination: { write(event: unknown): boolean } } };
  };
}

/**
 * Copies the prerender bundle and the workers' setup to `keepDir` when the pages are done,
 * before Astro removes the bundle (astro/dist/core/build/static-build.js, after
 * generatePages). Wrapped in place, like `counted`: Astro's prerenderer reads `this`.
 */
function keepBundle(
  prerenderer: AstroPrerenderer,
  astroDefault: AstroPrerenderer,
  { prerenderDir, keepDir }: { prerenderDir: string; keepDir: string },
): AstroPrerenderer {
  const teardown = prerenderer.teardown?.bind(prerenderer);
  prerenderer.teardown = async () => {
    await teardown?.();
    await rm(keepDir, { recursive: true, force: true });
    await mkdir(keepDir, { recursive: true });
    await cp(prerenderDir, join(keepDir, KEPT_BUNDLE_DIR), { recursive: true });
    // The bundle imports react and the rest by name: they resolve from wherever it is kept.
    await symlink(join(process.cwd(), 'node_modules'), join(keepDir, 'node_modules'), 'dir');
    const setup: KeptSetup = {
      ...workerSetup(astroDefault, join(keepDir, KEPT_BUNDLE_DIR)),
      // The bundle's React calls match its build's mode (jsxDEV outside production): whoever
      // loads it again runs in the same one.
      nodeEnv: process.env.NODE_ENV ?? 'production',
    };
    await writeFile(join(keepDir, KEPT_SETUP_FILE), JSON.stringify(setup));
  };
  return prerenderer;
}

/** What a worker needs to render from the bundle in `prerenderDir` (after Astro's setup). */
function workerSetup(astroDefault: AstroPrerenderer, prerenderDir: string): WorkerSetup {
  const app = (astroDefault as AstroPrerenderer & { app?: BuildAppLike }).app;
  if (!app) throw new Error("Astro's default prerenderer has no app after setup.");
  const buildOptions = app.getOptions();
  return {
    entryUrl: prerenderEntryUrl(prerenderDir),
    pageStyles: Object.values(buildOptions.allPages).map((page) => [page.key, page.styles]),
    scripts: buildOptions.settings.scripts,
  };
}

/**
 * A prerenderer that sends each page of a route with parameters to the least busy of `workers`
 * worker threads, with the params and props its route's getStaticPaths gave it here;
 * `astroDefault` (Astro's own, in this process) lists the paths, loads the build's options and
 * renders the pages without parameters (home, cart, the brand index...): a few dozen, some of
 * which read the whole catalogue, which the workers do not hold.
 */
export function workerPrerenderer(
  astroDefault: AstroPrerenderer,
  {
    workers,
    prerenderDir,
    withheld = [],
    memoryLog,
  }: {
    workers: number;
    prerenderDir: string;
    withheld?: readonly string[];
    memoryLog?: string | undefined;
  },
): AstroPrerenderer {
  const pool: PrerenderWorker[] = [];
  let paths: StaticPathIndex | undefined;
  let stopMemoryLog = () => undefined as void;
  const app = () => (astroDefault as AstroPrerenderer & { app?: BuildAppLike }).app;
  // The collections the workers' pages may read, from this process's store, sent once.
  const sendStore = async () => {
    if (!(await loadContentModule(prerenderDir))) return;
    const singleton = storeSingleton();
    if (!singleton) throw new Error('The prerender bundle does not expose its content store.');
    const all = (await singleton.get()).collections();
    const job: StoreJob = {
      type: 'store',
      collections: [...all]
        .filter(([name]) => !withheld.includes(name))
        .map(([name, entries]) => [name, [...entries]]),
      withheld: [...withheld],
    };
    for (const worker of pool) worker.send(job);
  };
  return {
    name: 'parallel-prerender',
    async setup() {
      await astroDefault.setup?.();
      const setup = workerSetup(astroDefault, prerenderDir);
      const app = (astroDefault as AstroPrerenderer & { app?: BuildAppLike }).app;
      const destination = app?.getOptions().logger.options.destination ?? {
        write: () => true,
      };
      for (let i = 0; i < workers; i++) pool.push(new PrerenderWorker(setup, destination));
      if (memoryLog) stopMemoryLog = startMemoryLog(pool, memoryLog);
      try {
        await Promise.all(pool.map((worker) => worker.ready));
      } catch (error) {
        // A bundle that cannot load fails the build; no thread is left to keep it running.
        await Promise.all(pool.map((worker) => worker.close()));
        throw error;
      }
    },
    async getStaticPaths() {
      const listed = await astroDefault.getStaticPaths();
      paths = new StaticPathIndex(listed);
      await sendStore();
      return listed;
    },
    async render(request, { routeData, collectMetadata }) {
      const routeCache = app()?.routeCache;
      const path = routeCache && paths?.item(routeCache, request.url, routeData);
      if (!path)
        return astroDefault.render(request, {
          routeData,
          ...(collectMetadata === undefined ? {} : { collectMetadata }),
        });
      // The least busy worker still running; when none is, the first one's failure.
      const running = pool.filter((candidate) => !candidate.failure);
      const worker = (running.length ? running : pool).reduce((least, next) =>
        next.busy < least.busy ? next : least,
      );
      const done = await worker.render({
        url: request.url,
        route: routeKey(routeData),
        collectMetadata: collectMetadata === true,
        path,
      });
      if (done.metadata?.staticImages.length)
        throw new Error(
          `${request.url} uses astro:assets images, which the prerender workers cannot hand back; set PRERENDER_WORKERS=1.`,
        );
      const response = new Response(done.body, {
        status: done.status,
        statusText: done.statusText,
        headers: done.headers,
      });
      return done.metadata ? { response, metadata: done.metadata } : response;
    },
    async teardown() {
      stopMemoryLog();
      await Promise.all(pool.map((worker) => worker.close()));
      await astroDefault.teardown?.();
    },
  };
}

/**
 * Where Astro writes its prerender bundle: `.prerender/` in the output directory, or in
 * `.astro/` of the working directory when the output directory lies outside it
 * (astro/dist/prerender/utils.js and core/build/common.js, getOutDirWithinCwd).
 */
export function prerenderDirectory(outDir: URL, cwd = process.cwd()): string {
  const out = fileURLToPath(outDir);
  return out.startsWith(cwd) ? join(out, '.prerender') : join(cwd, '.astro', '.prerender');
}

/** The bundle's entry module (prerender-entry.{hash}.mjs) in that directory. */
function prerenderEntryUrl(dir: string): string {
  const entry = existsSync(dir)
    ? readdirSync(dir).find((name) => name.startsWith('prerender-entry') && name.endsWith('.mjs'))
    : undefined;
  if (!entry) throw new Error(`Astro's prerender bundle (prerender-entry*.mjs) is not in ${dir}.`);
  return pathToFileURL(join(dir, entry)).href;
}
