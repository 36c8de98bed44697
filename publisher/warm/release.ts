import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readSiteHeaders, writeSiteConfig } from '../build-site.ts';
import { SEARCH_RECORDS_PATH, type SearchIndexReport } from '../search-index.ts';
import { searchIndexApart, type SearchThread } from '../search-thread.ts';
import { SHARDS_FILE } from '../../src/lib/search/pagefind-shards.ts';
import { inlineScriptHashes } from '../../web/headers.ts';
import {
  precompressFiles,
  writeAtomically,
  type PrecompressReport,
} from '../../web/precompress.ts';
import { headExcludes, pageHead } from '../../src/lib/content/sitemap-xml.ts';
import { readJsonFile } from '../json-file.ts';
import { linkTree } from './link-tree.ts';
import { routeType, type WarmPath } from './protocol.ts';
import type { WarmRenderer } from './renderer.ts';
import { rewriteSitemap, sitemapAhead, sitemapName } from './sitemap.ts';
import { StepClock } from './step-clock.ts';

/** The site's pages and their keys, as the live release was published (`_server/paths.json`). */
export const PATHS_FILE = join('_server', 'paths.json');

export interface WarmBuildOptions {
  renderer: WarmRenderer;
  /** The live release's directory: the new one starts as hard links of it. */
  live: string;
  /** The new release's directory (not there yet). */
  outDir: string;
  /**
   * A hard-link copy of `live` made ahead of time (WarmPublisher.prepare), once finished: moved
   * into place instead of linking 500,000 files while the merchandiser waits. Undefined when
   * there is none: the copy is then linked here.
   */
  prepared?: Promise<string | undefined> | undefined;
  /**
   * The live release's paths (PATHS_FILE), or their reading: at 100,000 products 0.7 s of
   * parsing that runs while the renderer brings its store up to date.
   */
  livePaths: readonly WarmPath[] | Promise<readonly WarmPath[]>;
  /** The search index's thread kept between publishes; without it, one for this publish. */
  searchThread?: SearchThread | undefined;
  /** SITE_URL: the origin pages are rendered under, as `astro build` renders them. */
  site: string;
  /** Past this many pages to render, a full build is the better way: the answer says so. */
  maxPages: number;
  onProgress?: (phase: 'build' | 'search' | 'compress', done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface WarmBuildReport {
  pages: number;
  /** Pages rendered because their key changed, they are new, or their route has no key. */
  rendered: number;
  /** Rendered pages whose bytes differ from the live release's. */
  written: number;
  removed: number;
  /** Search records indexed again: those of the shards that changed (0: the index kept). */
  searchRecords: number;
  sitemap: boolean;
  cursor: number;
  compression: PrecompressReport;
  /** Milliseconds of each step, in order, for the publish log. */
  steps: Record<string, number>;
}

/**
 * A release made by the warm renderer (work proportional to the change):
 * the live release's files hard-linked, the store brought up to the change feed, and only the
 * pages whose key changed rendered into it; pages that are gone are removed, the sitemap is
 * written again only when the set of listed pages may have changed, the search index only when
 * its records changed, and only the written files are compressed. Every write replaces a
 * file (write beside, rename) so the live release's inodes are never touched.
 *
 * Resolves with `tooMany` instead when more than `maxPages` pages would render (a new day in
 * the keys, a change to every menu): the caller then runs a full build.
 */
export async function warmBuild(
  options: WarmBuildOptions,
): Promise<WarmBuildReport | { tooMany: number }> {
  const { renderer, outDir } = options;
  const steps = new StepClock();
  // The copy is made (or its preparation finished) while the renderer brings its store up to
  // date: one is the file system's work, the other the worker thread's.
  const copy = startCopy(options);
  const search = searchIndexer(options, steps);
  const reading = Promise.resolve(options.livePaths);
  reading.catch(() => {});
  let cursor: number;
  let livePaths: readonly WarmPath[];
  let paths: WarmPath[];
  let records: string | undefined;
  try {
    ({ cursor } = await renderer.update());
    livePaths = await reading;
    steps.end('update');
    // The search records first, and their index in its own thread while the renderer lists
    // the paths: at 100,000 products each takes about 11 s, and they no longer add up.
    records = await renderRecords({ ...options, livePaths }, search, copy.done);
    steps.end('records');
    paths = await renderer.paths();
    steps.end('paths');
  } catch (error) {
    await search.settle();
    await copy.drop();
    throw error;
  }
  const plan = planPages(livePaths, paths);
  if (plan.toRender.length > options.maxPages) {
    await search.settle();
    await copy.drop();
    return { tooMany: plan.toRender.length };
  }
  // What the copy added after the paths were listed.
  steps.endAt('copy', await copy.done);
  const hashes = new Set((await readSiteHeaders(options.live))?.scriptHashes ?? []);
  // This thread's own work while the worker renders: the paths, and the sitemap when pages come
  // or go (at 100,000 products 2 to 5 s after the render, with the settings).
  const pathsWritten = writePaths(outDir, paths);
  pathsWritten.catch(() => {});
  const ahead = plan.listedChanged
    ? sitemapAhead({ live: options.live, outDir, site: options.site, paths })
    : Promise.resolve(undefined);
  ahead.catch(() => {});
  /** Until this thread's writes beside the render have settled (before outDir may go). */
  const besideSettled = () =>
    Promise.allSettled([pathsWritten, ahead.then((sitemap) => sitemap?.written)]);
  let pages: RenderedPages;
  try {
    pages = await renderPages(options, plan, hashes, search, records);
    for (const path of plan.gone) await removeFile(outDir, outputFile(outDir, path));
  } catch (error) {
    // Settled before the caller removes outDir: Pagefind may be writing into it, and this
    // thread the sitemap.
    await search.settle();
    await besideSettled();
    throw error;
  }
  steps.end('render');

  const total = plan.toRender.length;
  options.onProgress?.('search', total, total);
  // The sitemap and the release's settings are this thread's while the search index is its
  // own thread's (at 100,000 products the settings' product handles and paths took 2 s after it).
  const [searchReport, [sitemapFiles]] = await settledBoth(
    search.start(),
    settledBoth(
      steps.timed('sitemap', async () => {
        const sitemap = await ahead.catch(() => undefined);
        const early = await sitemap?.written.catch(() => undefined);
        if (early && sitemap?.stands(pages.heads)) return early;
        return rewriteSitemap({
          live: options.live,
          outDir,
          site: options.site,
          paths,
          heads: pages.heads,
          listedChanged: pages.listedChanged,
        });
      }),
      steps.timed('config', async () => {
        await pathsWritten;
        await writeSiteConfig(outDir, hashes, options.live);
      }),
    ),
  );
  steps.restart();

  options.onProgress?.('compress', total, total);
  const compression = await precompressFiles(outDir, [
    ...pages.written.filter((file) => existsSync(file)),
    ...sitemapFiles,
    // The indexes written again: their scripts are compressed as a full build's are.
    ...(searchReport ? await indexFiles(outDir, searchReport.written) : []),
    ...(searchReport?.suggestFiles ?? []),
  ]);
  steps.end('compress');
  return {
    // As astro build counts them: pages, not endpoints (robots.txt, the search records).
    pages: paths.filter((path) => routeType(path) === 'page').length,
    rendered: total,
    written: pages.written.length,
    removed: plan.gone.length,
    searchRecords: searchReport?.indexed ?? 0,
    sitemap: pages.listedChanged,
    cursor,
    compression,
    steps: steps.record,
  };
}

/**
 * The new release's directory as a copy of the live one: the prepared copy moved into place,
 * or the live release hard-linked now. `done` resolves with the time it was finished; `drop`
 * stops it and waits for it to settle, before any early return or throw (the caller then
 * removes outDir).
 */
function startCopy(options: WarmBuildOptions): {
  done: Promise<number>;
  drop: () => Promise<void>;
} {
  const unneeded = new AbortController();
  const done = (async () => {
    const prepared = await options.prepared;
    if (prepared) await rename(prepared, options.outDir);
    else {
      const stop = [unneeded.signal, ...(options.signal ? [options.signal] : [])];
      await linkTree(options.live, options.outDir, AbortSignal.any(stop));
    }
    await rm(join(options.outDir, PATHS_FILE), { force: true });
    return Date.now();
  })();
  done.catch(() => {});
  const drop = async () => {
    unneeded.abort();
    await done.catch(() => {});
  };
  return { done, drop };
}

/** What a warm publish renders and removes, from the live release's paths and today's. */
interface PagePlan {
  /** Pages whose key changed, new pages and pages whose route gives no key. */
  toRender: WarmPath[];
  /** The live release's paths that are no longer there. */
  gone: WarmPath[];
  /** Whether pages come or go, so that the sitemap may change. */
  listedChanged: boolean;
}

export function planPages(livePaths: readonly WarmPath[], paths: readonly WarmPath[]): PagePlan {
  const before = new Map(livePaths.map((path) => [path.pathname, path]));
  const now = new Set(paths.map((path) => path.pathname));
  const toRender = paths.filter(
    (path) => path.cacheKey === undefined || before.get(path.pathname)?.cacheKey !== path.cacheKey,
  );
  const gone = livePaths.filter((path) => !now.has(path.pathname));
  const listedChanged = gone.length > 0 || toRender.some((path) => !before.has(path.pathname));
  return { toRender, gone, listedChanged };
}

/**
 * The search index, written again in a thread of its own once the search records are
 * (publisher/search-index.ts: only the shards whose records changed), or when first asked.
 */
function searchIndexer({ outDir, live, signal, searchThread }: WarmBuildOptions, steps: StepClock) {
  const recordsFile = join(outDir, SEARCH_RECORDS_PATH);
  const halt = new AbortController();
  const stop = signal ? AbortSignal.any([signal, halt.signal]) : halt.signal;
  let searching: Promise<SearchIndexReport | undefined> | undefined;
  return {
    recordsFile,
    start(): Promise<SearchIndexReport | undefined> {
      if (searching) return searching;
      searching = steps.timed('search', async () =>
        existsSync(recordsFile)
          ? await searchIndexApart({ outDir, live }, stop, searchThread)
          : undefined,
      );
      // Handled where it is awaited, after the render; a failure meanwhile must not go unheard.
      searching.catch(() => {});
      return searching;
    },
    /** Stops the index (between shards) and waits for it, if it was started, to stop writing. */
    async settle(): Promise<void> {
      halt.abort();
      await searching?.catch(() => {});
    },
  };
}

/** What the render wrote, for the sitemap and the compression. */
interface RenderedPages {
  /** Files whose bytes changed. */
  written: string[];
  /** Whether each rendered page's head keeps it out of the sitemap, by its sitemap name. */
  heads: Map<string, boolean>;
  listedChanged: boolean;
}

/**
 * Renders the search records endpoint into the new release once its copy is there, and
 * starts the search index on them (publisher/search-thread.ts); resolves with its pathname.
 * Its path is the live release's (every publish renders it: it has no key); undefined, and
 * the records are rendered with the pages, when the live release lists none. The file is
 * always new: a release keeps its records in _server/, not where the endpoint writes them.
 */
async function renderRecords(
  options: WarmBuildOptions & { livePaths: readonly WarmPath[] },
  search: ReturnType<typeof searchIndexer>,
  copied: Promise<number>,
): Promise<string | undefined> {
  const path = options.livePaths.find(
    (live) => outputFile(options.outDir, live) === search.recordsFile,
  );
  if (!path) return undefined;
  const page = await options.renderer.render(requestUrl(path, options.site), path.route);
  await copied;
  if (page.status !== 200 || !page.body) {
    throw new Error(`The search records answered ${String(page.status)}.`);
  }
  await replace(search.recordsFile, page.body);
  void search.start();
  return path.pathname;
}

/**
 * Renders the plan's pages into the new release, keeping the bytes that did not change and
 * adding the hashes of new inline scripts to `hashes`. The search records come first, when
 * they were not rendered ahead of the paths (renderRecords), and the search index starts on
 * them in its own thread (publisher/search-thread.ts) while the worker renders the pages and
 * this thread writes the sitemap.
 */
async function renderPages(
  options: WarmBuildOptions,
  plan: PagePlan,
  hashes: Set<string>,
  search: ReturnType<typeof searchIndexer>,
  /** The search records' pathname, when renderRecords rendered them ahead of the paths. */
  records: string | undefined,
): Promise<RenderedPages> {
  const { outDir, renderer } = options;
  const result: RenderedPages = {
    written: records ? [search.recordsFile] : [],
    heads: new Map(),
    listedChanged: plan.listedChanged,
  };
  const isRecords = (path: WarmPath) => outputFile(outDir, path) === search.recordsFile;
  const toRender = plan.toRender.filter((path) => path.pathname !== records);
  const ordered = [...toRender.filter(isRecords), ...toRender.filter((path) => !isRecords(path))];
  for (const [index, path] of ordered.entries()) {
    options.signal?.throwIfAborted();
    options.onProgress?.('build', index, ordered.length);
    const page = await renderer.render(requestUrl(path, options.site), path.route);
    if (page.status >= 300 && page.status < 400)
      throw new Error(`${path.pathname} answered a redirect, which only a full build writes.`);
    const file = outputFile(outDir, path);
    const old = page.body && (await readFile(file).catch(() => undefined));
    if (page.body && !old?.equals(page.body)) {
      if (file.endsWith('.html')) {
        // Byte for byte (latin1), as the precompress pass reads pages (web/precompress.ts).
        const html = page.body.toString('latin1');
        for (const hash of inlineScriptHashes(html, 'latin1')) hashes.add(hash);
        const excluded = headExcludes(pageHead(page.body));
        result.heads.set(sitemapName(path, options.site), excluded);
        // A page that turns noindex (or back) leaves or joins the sitemap.
        if (old && headExcludes(pageHead(old)) !== excluded) result.listedChanged = true;
      }
      await replace(file, page.body);
      result.written.push(file);
    }
    if (isRecords(path)) void search.start();
  }
  return result;
}

/** Both results, once both have settled: neither is left writing when the other fails. */
async function settledBoth<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

/** The paths of a release, for the next warm publish to compare with. */
export async function writePaths(outDir: string, paths: readonly WarmPath[]): Promise<void> {
  await mkdir(join(outDir, '_server'), { recursive: true });
  await writeAtomically(join(outDir, PATHS_FILE), JSON.stringify(paths));
}

export const readPaths = (dir: string): Promise<WarmPath[] | undefined> =>
  readJsonFile<WarmPath[]>(join(dir, PATHS_FILE));

/**
 * The URL astro build renders a path under (astro/dist/core/build/generate.js,
 * getUrlForPath, for build.format 'directory'): pages with a trailing slash, endpoints as
 * they are.
 */
export function requestUrl(path: WarmPath, site: string): string {
  const origin = new URL(site).origin;
  if (routeType(path) === 'endpoint' || path.pathname === '/') return origin + path.pathname;
  return `${origin}${path.pathname.replace(/\/$/, '')}/`;
}

/** The file astro build writes a path to (astro/dist/core/build/common.js, directory format). */
export function outputFile(outDir: string, path: WarmPath): string {
  const pathname = decodeURIComponent(path.pathname);
  if (routeType(path) === 'endpoint') return join(outDir, pathname);
  if (pathname === '/404' || pathname === '/500') return join(outDir, `${pathname.slice(1)}.html`);
  return join(outDir, pathname, 'index.html');
}

/** Writes a page in place of the linked one; its compressed copies go until made again. */
async function replace(file: string, bytes: Buffer) {
  await mkdir(dirname(file), { recursive: true });
  await rm(`${file}.gz`, { force: true });
  await rm(`${file}.br`, { force: true });
  await writeAtomically(file, bytes);
}

async function removeFile(outDir: string, file: string) {
  for (const suffix of ['', '.gz', '.br']) await rm(file + suffix, { force: true });
  // The page's own folder, once empty (never the release's root).
  const folder = dirname(file);
  if (folder !== outDir) await rmdir(folder).catch(() => {});
}

/**
 * The files of the search indexes written again, and the shard manifest beside them: their
 * own files only, not the other indexes that shard 0's directory holds.
 */
async function indexFiles(outDir: string, dirs: readonly string[]): Promise<string[]> {
  const lists = await Promise.all(
    dirs.map(async (dir) =>
      (await readdir(dir, { withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => join(dir, entry.name)),
    ),
  );
  return [...new Set([...lists.flat(), join(outDir, 'pagefind', SHARDS_FILE)])];
}
