import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { env } from '../shared/env.ts';
import { redirectsFile } from '../src/lib/routing/legacy-routes.ts';
import {
  REDIRECT_MAP_FILES,
  type RedirectMapFile,
  type ReleaseRedirects,
} from '../src/lib/routing/release-redirects.ts';
import { readJsonFile } from './json-file.ts';
import type { SearchRecord } from '../src/lib/search/search-record.ts';
import { SEARCH_RECORDS_PATH, writeSearchIndex, type SearchIndexReport } from './search-index.ts';
import { HEADERS_FILE, storePolicy, type SiteHeaders } from '../web/headers.ts';
import { httpConfig, serverConfig } from '../web/nginx-config.ts';
import { precompressTree, writeAtomically, type PrecompressReport } from '../web/precompress.ts';
import { PRODUCT_HANDLES_FILE } from '../web/release-files.ts';
import { lowerPriority } from './priority.ts';

export interface BuildOptions {
  apiUrl: string;
  outDir: string;
  cacheDir?: string;
  /** Extra environment for `astro build` (e.g. SITE_URL). */
  env?: Record<string, string>;
  quiet?: boolean;
  /**
   * The live release this build follows (publishing): files with the same bytes take
   * its compressed copies, and the CSP also allows its inline scripts, so that a page of it
   * served while the web servers switch over is never blocked.
   */
  previous?: string;
  /** Told of each phase and, while pages are written, of how many of how many. */
  onProgress?: (progress: BuildProgress) => void;
  /** Stops the build (the astro process is killed; the caller removes the directory). */
  signal?: AbortSignal;
  /** Products per search index shard (src/lib/search/pagefind-shards.ts); tests make it small. */
  searchShardRecords?: number | undefined;
}

export type BuildPhase = 'build' | 'search' | 'compress';

export interface BuildProgress {
  phase: BuildPhase;
  pagesDone: number;
  /** 0 until astro has listed its paths. */
  pagesTotal: number;
}

export interface BuildReport {
  pages: number;
  /** Pages rendered by this build; the others were restored from the incremental cache. */
  rendered: number;
  reused: number;
  searchRecords: number;
  /** `astro build`, from start to end. */
  astroMs: number;
  /** The search index, which runs beside astro's pages once their records are written. */
  pagefindMs: number;
  /** From the start to the search index done: the full build as the bench counts it. */
  buildMs: number;
  /** From the start until the search index began: under astroMs when it ran beside the pages. */
  searchStartedMs: number;
  /** Compressing the files and writing the web servers' configuration. */
  serverFilesMs: number;
  compression: PrecompressReport;
}

/** Where the build writes nginx's files (never served: web/nginx-config.ts). */
export const NGINX_DIR = join('_server', 'nginx');

/**
 * The whole static build (DESIGN, build pipeline): `astro build` reading the API through the
 * content loaders; the Pagefind index from the catalogue's search records, made beside
 * astro's pages once astro has written the records; then the host configuration for the
 * legacy routes.
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const started = Date.now();
  const pageLog = new PageLog((done, total) =>
    options.onProgress?.({ phase: 'build', pagesDone: done, pagesTotal: total }),
  );
  options.onProgress?.({ phase: 'build', pagesDone: 0, pagesTotal: 0 });
  // The search records are the first path astro renders (astro.config.mjs, renderFirst):
  // Pagefind indexes them in its own process while the pages render, instead of for a minute
  // after them at 100,000 products (docs/performance.md, "Build at scale"). A failed build's
  // records are removed first, or they would be indexed before astro writes this one's.
  await rm(join(options.outDir, SEARCH_RECORDS_PATH), { force: true });
  const astroStopped = new AbortController();
  const search = new SearchWhilePages(options, astroStopped.signal);
  let output: string;
  try {
    output = await runAstroBuild(options, (chunk) => pageLog.read(chunk));
  } catch (error) {
    astroStopped.abort();
    await search.stopped();
    throw error;
  }
  const astroMs = Date.now() - started;
  astroStopped.abort();
  const pages = Number(/(\d+) page\(s\) built/.exec(output)?.[1] ?? 0);
  const pagesDone = { pagesDone: pageLog.done, pagesTotal: pageLog.total };
  options.onProgress?.({ phase: 'search', ...pagesDone });
  options.signal?.throwIfAborted();
  const indexed = await search.done();
  const buildMs = Date.now() - started;
  options.onProgress?.({ phase: 'compress', ...pagesDone });
  options.signal?.throwIfAborted();
  const serverFilesStarted = Date.now();
  const compression = await writeServerFiles(options.outDir, options.previous);
  return {
    pages,
    // Counted from the log's marks, the pages rendered are what the reused leave of the total.
    rendered: Math.max(0, pages - pageLog.reused),
    reused: pageLog.reused,
    searchRecords: indexed.report.records,
    astroMs,
    pagefindMs: indexed.ms,
    buildMs,
    searchStartedMs: indexed.started - started,
    serverFilesMs: Date.now() - serverFilesStarted,
    compression,
  };
}

/** How often the build looks for the search records while astro renders. */
const RECORDS_POLL_MS = 250;

/**
 * The search index of a full build, made as soon as astro has written the search records:
 * they are read once whole (the file parses: astro writes it in place, so a part written may
 * be seen first), or, if they never appear while astro runs, when it has finished.
 */
class SearchWhilePages {
  readonly #indexing: Promise<{ report: SearchIndexReport; started: number; ms: number }>;
  readonly #abort = new AbortController();

  constructor(options: BuildOptions, astroStopped: AbortSignal) {
    const file = join(options.outDir, SEARCH_RECORDS_PATH);
    const signal = options.signal
      ? AbortSignal.any([options.signal, this.#abort.signal])
      : this.#abort.signal;
    this.#indexing = (async () => {
      const records = await recordsOnceWritten(file, astroStopped);
      signal.throwIfAborted();
      const started = Date.now();
      const report = await writeSearchIndex(options.outDir, {
        shardRecords: options.searchShardRecords,
        records,
        signal,
      });
      return { report, started, ms: Date.now() - started };
    })();
    // Awaited after the pages (done) or when astro failed (stopped).
    this.#indexing.catch(() => {});
  }

  done() {
    return this.#indexing;
  }

  /** Stops the index between shards and waits for it, so that nothing writes after. */
  async stopped(): Promise<void> {
    this.#abort.abort();
    await this.#indexing.catch(() => {});
  }
}

/**
 * The records in `file` once it holds all of them, or undefined if `until` (astro done)
 * comes first: the caller's index then reads the file itself.
 */
export async function recordsOnceWritten(
  file: string,
  until: AbortSignal,
): Promise<SearchRecord[] | undefined> {
  while (!until.aborted) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text) {
      try {
        return JSON.parse(text) as SearchRecord[];
      } catch {
        // Still being written.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, RECORDS_POLL_MS));
  }
  return undefined;
}

/**
 * What the web servers need beside the pages: a .gz and a .br of every
 * compressible file; the Content-Security-Policy, whose script hashes are those of every
 * inline script in the build (read in the same pass); and nginx's configuration from the
 * route table with this build's product handles and brands.
 */
export async function writeServerFiles(
  outDir: string,
  previous?: string,
): Promise<PrecompressReport> {
  const hashes = new Set<string>();
  const compression = await precompressTree(outDir, {
    scriptHashes: hashes,
    ...(previous ? { reuseFrom: previous } : {}),
  });
  await writeSiteConfig(outDir, hashes, previous);
  return compression;
}

/**
 * The CSP (with the hashes of the build's inline scripts, `scriptHashes`), nginx's
 * configuration and the rule-file CDN's `_redirects`, written beside the pages; the last two
 * carry the release's article and question maps (REDIRECT_MAP_FILES, which the build and
 * every warm publish write), so a publish switches the legacy article and question redirects
 * with its pages. Each file is replaced, never written through: in a warm publish they are
 * hard links shared with the live release (publisher/warm).
 */
export async function writeSiteConfig(
  outDir: string,
  scriptHashes: Iterable<string>,
  previous?: string,
): Promise<void> {
  const own = [...new Set(scriptHashes)].sort();
  // The previous release's own hashes too (not those it allowed in turn): its pages are still
  // served during the switch, once nginx has this release's policy (publisher).
  const before = previous ? await readSiteHeaders(previous) : undefined;
  const allowed = [...new Set([...own, ...(before?.scriptHashes ?? [])])];
  const site: SiteHeaders = {
    contentSecurityPolicy: storePolicy(allowed, env.BOT_CHECK === 'recaptcha'),
    scriptHashes: own,
  };
  await mkdir(join(outDir, NGINX_DIR), { recursive: true });
  await writeAtomically(join(outDir, HEADERS_FILE), `${JSON.stringify(site, null, 2)}\n`);
  const handles = await readFile(join(outDir, PRODUCT_HANDLES_FILE), 'utf8').catch(() => '');
  const brands = await readdir(join(outDir, 'brands'), { withFileTypes: true }).catch(() => []);
  const redirects = await readRedirectMaps(outDir);
  const http = {
    policy: site.contentSecurityPolicy,
    productHandles: handles.split('\n').filter((line) => line !== ''),
    brandNames: brands.filter((entry) => entry.isDirectory()).map((entry) => entry.name),
    articleRedirects: redirects.articles,
    questionRedirects: redirects.questions,
  };
  // Its first line names what it was made from: a warm release holds the live one's (linked),
  // kept when made from the same (at 100,000 products 20 MB of product redirects, 1.5 s).
  const made = `# made from ${createHash('sha256').update(JSON.stringify(http)).digest('hex')}\n`;
  const httpFile = join(outDir, NGINX_DIR, 'http.conf');
  if (!(await startsWith(httpFile, made)))
    await writeAtomically(httpFile, `${made}${httpConfig(http)}`);
  // By the release's real path: nginx serves this release, pages and parts, from the reload
  // that switches to it (web/nginx-server-conf.ts).
  await writeAtomically(
    join(outDir, NGINX_DIR, 'server.conf'),
    serverConfig({ siteRoot: await realpath(outDir) }),
  );
  await writeAtomically(join(outDir, '_redirects'), redirectsFile(redirects));
}

/** Whether `file` begins with `text` (false when it is not there). */
async function startsWith(file: string, text: string): Promise<boolean> {
  const expected = Buffer.from(text);
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return false;
  try {
    const { bytesRead, buffer } = await handle.read(
      Buffer.alloc(expected.length),
      0,
      expected.length,
      0,
    );
    return bytesRead === expected.length && buffer.equals(expected);
  } finally {
    await handle.close();
  }
}

/** A release's article and question maps (REDIRECT_MAP_FILES). */
async function readRedirectMaps(outDir: string): Promise<ReleaseRedirects> {
  return {
    articles: await readRedirects(outDir, REDIRECT_MAP_FILES.articles),
    questions: await readRedirects(outDir, REDIRECT_MAP_FILES.questions),
  };
}

/**
 * One map of a release; a build without one (a site with no such route) has none to
 * redirect. A map that cannot be read is an error, not an empty one.
 */
async function readRedirects(
  outDir: string,
  { path, parse }: RedirectMapFile,
): Promise<ReadonlyMap<string, string>> {
  const text = await readFile(join(outDir, path), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  return text === undefined ? new Map() : parse(text);
}

/** A release's header facts (absent or unreadable: undefined). */
export const readSiteHeaders = (outDir: string): Promise<SiteHeaders | undefined> =>
  readJsonFile<SiteHeaders>(join(outDir, HEADERS_FILE));

/** Astro's line with the number of paths (src/integrations/parallel-prerender). */
const PATHS_LINE = /\] (\d+) paths to generate/;
/**
 * Astro logs `├─ /path` for every path it writes, then `(restored)` or `(cached)` when the
 * incremental cache had it. The prerender workers' lines run together without newlines.
 */
const MARKS = /\u251C\u2500|\((?:restored|cached)\)/g;
/** The longest mark: a match ending closer than this to a chunk's end may be cut. */
const LONGEST_MARK = '(restored)'.length;

/** Counts pages in astro build's output as it arrives (a chunk may end inside a mark). */
export class PageLog {
  done = 0;
  reused = 0;
  total = 0;
  #tail = '';
  /** The last characters seen, where the line with the number of paths is looked for. */
  #recent = '';
  #lastReport = 0;
  readonly #report: (done: number, total: number) => void;
  constructor(report: (done: number, total: number) => void) {
    this.#report = report;
  }

  read(chunk: string) {
    const text = this.#tail + chunk;
    const safe = text.length - LONGEST_MARK;
    // Kept for the next chunk: from the first mark that ends too near the end, or the last
    // characters, where a mark may have begun.
    let keepFrom = Math.max(0, safe);
    for (const match of text.matchAll(MARKS)) {
      if (match.index + match[0].length > safe) {
        keepFrom = Math.min(keepFrom, match.index);
        break;
      }
      if (match[0].startsWith('(')) this.reused += 1;
      else this.done += 1;
    }
    this.#tail = text.slice(keepFrom);
    if (this.total === 0) {
      this.#recent = (this.#recent + chunk).slice(-200);
      const paths = PATHS_LINE.exec(this.#recent);
      if (paths) this.total = Number(paths[1]);
    }
    const now = Date.now();
    if (now - this.#lastReport >= 250) {
      this.#lastReport = now;
      this.#report(this.done, this.total);
    }
  }
}

/**
 * The environment a build inherits, as a production build: Astro gives server code the
 * process's variables as import.meta.env, so a test runner's DEV=1, PROD and MODE=test (Vitest
 * sets them) made import.meta.env.DEV true in the pages, which then rendered the shell parts
 * in place (ShellPart.astro) instead of their includes. A publish is a production build
 * whoever starts it.
 */
export function buildEnvironment(inherited: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const own: NodeJS.ProcessEnv = { ...inherited, NODE_ENV: 'production' };
  for (const name of ASTRO_ENV_BUILT_INS) delete own[name];
  return own;
}

/** The import.meta.env values Astro sets itself, which an inherited variable would replace. */
const ASTRO_ENV_BUILT_INS = ['MODE', 'DEV', 'PROD', 'SSR', 'BASE_URL', 'SITE', 'ASSETS_PREFIX'];

function runAstroBuild(
  { apiUrl, outDir, cacheDir, env = {}, quiet = false, signal }: BuildOptions,
  onOutput?: (chunk: string) => void,
) {
  const astro = join(process.cwd(), 'node_modules', 'astro', 'bin', 'astro.mjs');
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [astro, 'build'], {
      env: {
        // Rolldown's allocator (mimalloc) gives freed pages back only on its next call, which
        // never comes once the bundle is written: without this the build process kept about
        // 0.5 GB of the bundler's freed memory through every page at 100,000 products
        // (docs/performance.md, "Build at scale").
        MIMALLOC_PURGE_DELAY: '0',
        ...buildEnvironment(process.env),
        ...env,
        // Astro's anonymous usage reports and their notice: off in every build the project runs.
        ASTRO_TELEMETRY_DISABLED: '1',
        API_URL: apiUrl,
        BUILD_OUT_DIR: outDir,
        ...(cacheDir ? { BUILD_CACHE_DIR: cacheDir } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(signal ? { signal, killSignal: 'SIGTERM' as const } : {}),
    });
    // Below the web server and the API, with the prerender workers it starts (issue 33, item 7).
    lowerPriority(child.pid);
    let output = '';
    // Decoded as a stream: a chunk may end inside a character (the log's box drawings).
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    const collect = (text: string) => {
      onOutput?.(text);
      output += text;
      if (output.length > 200_000) output = output.slice(-100_000);
      if (!quiet) process.stdout.write(text);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      onOutput?.(' '.repeat(LONGEST_MARK));
      if (code === 0) resolve(output);
      else reject(new Error(`astro build failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}
