import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sitemap from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import { readSiteHeaders, writeSiteConfig } from '../build-site.ts';
import {
  SEARCH_RECORDS_PATH,
  writeSearchIndex,
  type SearchIndexReport,
} from '../search-index.ts';
import { SHARDS_FILE } from '../../src/lib/search/pagefind-shards.ts';
import { inlineScriptHashes } from '../../web/headers.ts';
import {
  precompressFiles,
  writeAtomically,
  type PrecompressReport,
} from '../../web/precompress.ts';
import {
  headExcludes,
  serializeSitemapItem,
  sitemapFilter,
  UNLISTED_FILE,
  writeUnlisted,
  type SitemapFilter,
} from '../../src/lib/content/sitemap-xml.ts';
import { readJsonFile } from '../json-file.ts';
import { linkTree } from './link-tree.ts';
import type { WarmPath } from './protocol.ts';
import type { WarmRenderer } from './renderer.ts';

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
  /** The live release's paths (PATHS_FILE). */
  livePaths: readonly WarmPath[];
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
  const steps: Record<string, number> = {};
  let lap = Date.now();
  const step = (name: string) => {
    const now = Date.now();
    steps[name] = now - lap;
    lap = now;
  };
  // The copy is made (or its preparation finished) while the renderer lists the paths: one is
  // the file system's work, the other the worker thread's.
  const unneeded = new AbortController();
  const copied = (async () => {
    const prepared = await options.prepared;
    if (prepared) await rename(prepared, outDir);
    else {
      const stop = [unneeded.signal, ...(options.signal ? [options.signal] : [])];
      await linkTree(options.live, outDir, AbortSignal.any(stop));
    }
    await rm(join(outDir, PATHS_FILE), { force: true });
    return Date.now();
  })();
  copied.catch(() => {});
  // Stopped and settled before any early return or throw: the caller then removes outDir.
  const dropCopy = async () => {
    unneeded.abort();
    await copied.catch(() => {});
  };
  let cursor: number;
  let paths: WarmPath[];
  try {
    ({ cursor } = await renderer.update());
    step('update');
    paths = await renderer.paths();
    step('paths');
  } catch (error) {
    await dropCopy();
    throw error;
  }
  const before = new Map(options.livePaths.map((path) => [path.pathname, path]));
  const now = new Set(paths.map((path) => path.pathname));
  const toRender = paths.filter(
    (path) => path.cacheKey === undefined || before.get(path.pathname)?.cacheKey !== path.cacheKey,
  );
  if (toRender.length > options.maxPages) {
    await dropCopy();
    return { tooMany: toRender.length };
  }
  const gone = options.livePaths.filter((path) => !now.has(path.pathname));
  const copiedAt = await copied;
  // What the copy added after the paths were listed.
  steps['copy'] = Math.max(0, copiedAt - lap);
  lap = Math.max(lap, copiedAt);
  const written: string[] = [];
  const hashes = new Set((await readSiteHeaders(options.live))?.scriptHashes ?? []);
  let listedChanged = gone.length > 0 || toRender.some((path) => !before.has(path.pathname));
  // Whether each rendered page's head keeps it out of the sitemap, by its sitemap name.
  const heads = new Map<string, boolean>();
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      return await work();
    } finally {
      steps[name] = Date.now() - started;
    }
  };
  // The search records (an endpoint every publish renders) come first: Pagefind indexes them
  // in its own process while the worker renders the pages and this thread writes the sitemap.
  // A new product at 100,000 products: 9.5 s for the three, 13.4 s with the search started
  // after the render. Only the shards whose records changed are indexed again
  // (publisher/search-index.ts).
  const recordsFile = join(outDir, SEARCH_RECORDS_PATH);
  const isRecords = (path: WarmPath) => outputFile(outDir, path) === recordsFile;
  let searching: Promise<SearchIndexReport | undefined> | undefined;
  const startSearch = () => {
    if (searching) return searching;
    searching = timed('search', async () =>
      existsSync(recordsFile) ? await writeSearchIndex(outDir, { live: options.live }) : undefined,
    );
    // Handled where it is awaited, after the render; a failure meanwhile must not go unheard.
    searching.catch(() => {});
    return searching;
  };
  const ordered = [...toRender.filter(isRecords), ...toRender.filter((path) => !isRecords(path))];
  try {
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
          const html = page.body.toString('utf8');
          for (const hash of inlineScriptHashes(html)) hashes.add(hash);
          const excluded = headExcludes(html);
          heads.set(sitemapName(path, options.site), excluded);
          // A page that turns noindex (or back) leaves or joins the sitemap.
          if (old && headExcludes(old.toString('utf8')) !== excluded) listedChanged = true;
        }
        await replace(file, page.body);
        written.push(file);
      }
      if (isRecords(path)) void startSearch();
    }
    for (const path of gone) await removeFile(outDir, outputFile(outDir, path));
  } catch (error) {
    // Settled before the caller removes outDir: Pagefind may be writing into it.
    await searching?.catch(() => {});
    throw error;
  }
  step('render');

  options.onProgress?.('search', toRender.length, toRender.length);
  const [search, sitemapFiles] = await settledBoth(
    startSearch(),
    timed('sitemap', async () => {
      if (!listedChanged) return [];
      // The other pages' heads are as the live release's sitemap found them.
      const unlisted = await readUnlisted(options.live);
      const filter = sitemapFilter(outDir, (name) => heads.get(name) ?? unlisted?.has(name));
      const files = await writeSitemap(outDir, paths, options.site, filter);
      await writeUnlisted(outDir, filter.unlisted);
      return files;
    }),
  );
  lap = Date.now();

  options.onProgress?.('compress', toRender.length, toRender.length);
  const compression = await precompressFiles(outDir, [
    ...written.filter((file) => existsSync(file)),
    ...sitemapFiles,
    // The indexes written again: their scripts are compressed as a full build's are.
    ...(search ? await indexFiles(outDir, search.written) : []),
    ...(search?.suggestFiles ?? []),
  ]);
  step('compress');
  await writeSiteConfig(outDir, hashes, options.live);
  await writePaths(outDir, paths);
  step('config');
  return {
    // As astro build counts them: pages, not endpoints (robots.txt, the search records).
    pages: paths.filter((path) => routeType(path) === 'page').length,
    rendered: toRender.length,
    written: written.length,
    removed: gone.length,
    searchRecords: search?.indexed ?? 0,
    sitemap: listedChanged,
    cursor,
    compression,
    steps,
  };
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

const routeType = (path: WarmPath) => path.route.slice(0, path.route.indexOf(' '));

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

/** Astro's name of a page (generate.js, addPageName): with a trailing slash, no leading one. */
const pageName = (path: WarmPath) => path.pathname.replace(/\/?$/, '/').replace(/^\//, '');

/** The URL @astrojs/sitemap makes of a page (base '/'). */
const sitemapUrl = (path: WarmPath, site: string) => new URL(`/${pageName(path)}`, site);

/** The pathname the sitemap's filter is handed for a page. */
const sitemapName = (path: WarmPath, site: string) => sitemapUrl(path, site).pathname;

const readUnlisted = async (dir: string) => {
  const names = await readJsonFile<string[]>(join(dir, UNLISTED_FILE));
  return names && new Set(names);
};

/**
 * The sitemap as astro build writes it: @astrojs/sitemap itself, with the store's options
 * (astro.config.mjs), run over this release's pages. Its files are unlinked first: the
 * integration writes through a stream that would otherwise write into the live release.
 */
async function writeSitemap(
  outDir: string,
  paths: readonly WarmPath[],
  site: string,
  filter: SitemapFilter,
): Promise<string[]> {
  for (const name of await readdir(outDir)) {
    if (/^sitemap-.*\.xml(?:\.gz|\.br)?$/.test(name)) await rm(join(outDir, name));
  }
  const integration: AstroIntegration = sitemap({
    entryLimit: 50_000,
    filter,
    serialize: serializeSitemapItem,
  });
  const hooks = integration.hooks as Record<string, (options: unknown) => Promise<void> | void>;
  const logger = { info: () => {}, warn: () => {}, error: () => {} };
  await hooks['astro:routes:resolved']?.({ routes: [] });
  await hooks['astro:config:done']?.({
    config: { site, base: '/', trailingSlash: 'ignore', build: { format: 'directory' } },
  });
  // The integration sorts the URLs with localeCompare(b, 'en', { numeric: true }), which took
  // 6 of its 8 s at 100,000 products. Handed in that order already (the same collation, made
  // once), its sort finds one run and compares each URL once: the same files in under 3 s.
  const collator = new Intl.Collator('en', { numeric: true });
  const pages = paths
    .filter((path) => routeType(path) === 'page')
    .map((path) => ({ name: pageName(path), url: sitemapUrl(path, site).href }))
    .sort((a, b) => collator.compare(a.url, b.url));
  await hooks['astro:build:done']?.({
    dir: pathToFileURL(`${outDir}/`),
    // Astro's page names (generate.js, addPageName): pages only, with a trailing slash.
    pages: pages.map((page) => ({ pathname: page.name })),
    logger,
  });
  return (await readdir(outDir))
    .filter((name) => /^sitemap-.*\.xml$/.test(name))
    .map((name) => join(outDir, name));
}
