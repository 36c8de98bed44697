import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  databaseFile,
  isCatalogueEmpty,
  openDatabase,
  seedDemo,
  mediaDir,
} from '../server/index.ts';
import type { ApiProcess, ApiProcessOptions } from './api-process.ts';
import { NGINX_DIR } from '../publisher/build-site.ts';
import { progressPrinter, publishSummary } from '../publisher/terminal-progress.ts';
import { exportStoreMedia, exportSummary } from '../publisher/media-export.ts';
import type { NginxServer } from './nginx.ts';
import type { Publisher } from '../publisher/publisher.ts';
import { openStorePublisher } from '../publisher/store-publisher.ts';
import { publishService, type PublishHandler } from '../publisher/service.ts';
import type { PublishRecord } from '../publisher/types.ts';
import { watchFeed, type FeedWatch } from '../publisher/watch.ts';
import { siteServers, type Running } from './site-servers.ts';
import { clearStaleApis } from './stale-processes.ts';
import { stackSupervision } from './supervised.ts';
import { parseTrustedProxies } from '../web/trusted-proxies.ts';
import { env } from '../shared/env.ts';
import { merchandiserToken, newSecret } from '../shared/merchandiser-token.ts';

export interface StackOptions {
  dataDir: string;
  /** Seed this many demo products when the catalogue is empty. */
  seedProducts: number;
  apiPort: number;
  sitePort: number;
  outDir: string;
  cacheDir?: string;
  /** The merchandiser token; unset, ADMIN_TOKEN, else the data folder's own. */
  adminToken?: string;
  siteUrl?: string;
  /** The address the Node web server listens on (HOST); nginx takes its own configuration. */
  host?: string;
  /** Nothing of the API's log or the publishes' progress (the tests' stores). */
  quiet?: boolean;
  /**
   * astro's own output of each build, a line a page (`npm start -- --verbose`); otherwise each
   * publish shows the publish page's progress line (publisher/terminal-progress.ts).
   */
  verbose?: boolean;
  log?: (message: string) => void;
  /**
   * Who serves the site: the local Node server (`npm start`, zero install) or nginx (the
   * production topology, `npm run start:production` and the end-to-end tests). The API is its
   * own process either way.
   */
  webServer?: 'node' | 'nginx';
  /** nginx's pid, logs, temporary files and generated nginx.conf. */
  runDir?: string;
  /** TRUST_PROXY: the hops in front whose X-Forwarded-* count. */
  trustProxy?: string;
  /** Sent by the web server to the API; a fresh random one per run when not given. */
  proxySecret?: string;
  adminPublic?: boolean;
  /** More environment for the API process (NODE_ENV, SMTP_URL, ...). */
  apiEnv?: Record<string, string>;
  /**
   * No publish at start when the output directory holds a live release (start:production:
   * what goes live is the merchandiser's call). Otherwise a live release is served at once and
   * brought up to date by a publish behind it (issue 33, item 10).
   */
  reuseBuild?: boolean;
  /** Releases, history and the publish lock (PUBLISH_DIR); beside outDir when not given. */
  publishDir?: string;
  /** Releases kept for rollback (PUBLISH_KEEP). */
  publishKeep?: number;
  /** PUBLISH_ASSET_GRACE_HOURS in milliseconds. */
  assetGraceMs?: number;
  /** Watch mode: publish once the change feed has been quiet this long (0: off). */
  publishWatchSeconds?: number;
  /** PUBLISH_WARM_MAX_PAGES: 0 keeps no warm renderer (every publish a full build). */
  warmMaxPages?: number;
  /** Products per search index shard (src/lib/search/pagefind-shards.ts SHARD_RECORDS). */
  searchShardRecords?: number;
  /**
   * Runs once the API answers and before the first build, with the API's URL and the
   * merchandiser token: the end-to-end store adds its test records here
   * (scripts/e2e-server.ts), so the first build already has them.
   */
  prepare?: (api: { url: string; adminToken: string }) => Promise<void>;
}

export type { Running } from './site-servers.ts';

export interface Stack {
  api: ApiProcess;
  /** The merchandiser token the API, the publisher and the publish page take. */
  adminToken: string;
  site: Running;
  /** The publish made before serving: there was no live release to serve. */
  build: PublishRecord | undefined;
  /**
   * The publish started once the live release was served (a restart): settles when it has,
   * done or failed; undefined when there was none (no live release, or reuseBuild).
   */
  catchUp: Promise<PublishRecord> | undefined;
  /** The store's publisher: the merchandiser page, POST /api/admin/publish and the watch use it. */
  publisher: Publisher;
  /** Another web server over the same build and API (tests compare them); port 0 picks one. */
  serveAlso: (webServer: 'node' | 'nginx', port?: number) => Promise<Running>;
  close: () => Promise<void>;
  /** Resolves with the reason when the API or nginx could not be kept up (supervised.ts). */
  failed: Promise<Error>;
}

/** Seeds an empty catalogue; returns how many products were written (0 when not empty). */
export function seedIfEmpty(dataDir: string, products: number): number {
  const db = openDatabase(databaseFile(dataDir));
  try {
    if (!isCatalogueEmpty(db)) return 0;
    return seedDemo(db, { products, seed: 1 }).products;
  } finally {
    db.close();
  }
}

/**
 * The whole local store: seed when empty, start the API as its own process, build the site
 * from it, serve it (Node or nginx) with the /api proxy. `npm start`, `npm run
 * start:production` and the end-to-end tests use this; the bench starts its servers itself.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  await prepareData(options, log);
  const proxySecret = options.proxySecret ?? newSecret();
  // The environment's token, else the data folder's own (made on first start).
  const adminToken = merchandiserToken(
    options.dataDir,
    options.adminToken ?? env.ADMIN_TOKEN,
  ).token;
  const trustedRanges = parseTrustedProxies(options.trustProxy ?? '');
  // The API and the web servers are restarted when they end unasked (stack/supervised.ts).
  const { startApiProcess, startNginx, startSiteProcess, ...supervision } = stackSupervision(log);
  // An API an earlier, killed start left holding the port and the database (issue 33, item 10).
  await clearStaleApis(options.dataDir, log);
  const api = await startApiProcess(apiOptions(options, { proxySecret, adminToken }, log));
  log(`Commerce API on ${api.url} (process ${String(api.pid)})`);
  const feed = { apiUrl: api.url, adminToken };
  const nginxServers: NginxServer[] = [];
  const publisher = await openPublisher(options, feed, nginxServers, log);
  const handler: PublishHandler = publishService({ control: publisher, adminToken, proxySecret });
  const web = siteServers({
    options,
    apiUrl: api.url,
    proxySecret,
    trustedRanges,
    handler,
    startNginx,
    startSiteProcess,
    nginxServers,
    log,
  });
  let watch: FeedWatch | undefined;
  const stopPrinting = options.quiet || options.verbose ? undefined : printProgress(publisher, log);
  const close = async () => {
    stopPrinting?.();
    supervision.stop();
    watch?.stop();
    await publisher.close();
    await web.close();
    await api.close();
  };
  try {
    await options.prepare?.({ url: api.url, adminToken });
    // A restart serves the live release before anything is built: only a store with nothing
    // to serve yet waits for its first publish.
    const live = hasBuild(options.outDir);
    if (live && options.reuseBuild) log(`Serving the existing build in ${options.outDir}.`);
    const build = live ? undefined : await firstPublish(publisher, options, log);
    const site = await web.serve(options.webServer ?? 'node', options.sitePort);
    // Asked for once the web servers run, so that nginx is among the servers its switch reloads.
    const catchUp =
      live && !options.reuseBuild ? publishBehind(publisher, options, log) : undefined;
    if (options.publishWatchSeconds) {
      watch = watchToPublish(publisher, feed, options.publishWatchSeconds, log);
    }
    return {
      api,
      adminToken,
      site,
      build,
      catchUp,
      publisher,
      serveAlso: (webServer, port = 0) => web.serve(webServer, port),
      close,
      failed: supervision.failed,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

type Log = (message: string) => void;

/** The API's data: the demo seeded when empty, and its media exported as files. */
async function prepareData(options: StackOptions, log: Log): Promise<void> {
  const seeded = seedIfEmpty(options.dataDir, options.seedProducts);
  if (seeded) log(`Seeded ${seeded} demo products into ${options.dataDir}.`);
  // The demo's pictures, manuals and models as files, which the web servers answer even
  // while the API is down; an export that is up to date writes nothing.
  const db = openDatabase(databaseFile(options.dataDir));
  try {
    const started = performance.now();
    const counts = await exportStoreMedia(db, options.dataDir);
    log(exportSummary(counts, mediaDir(options.dataDir), performance.now() - started));
  } finally {
    db.close();
  }
}

/** The API process: the stack's secrets in its environment, its lines in the stack's log. */
function apiOptions(
  options: StackOptions,
  secrets: { proxySecret: string; adminToken: string },
  log: Log,
): ApiProcessOptions {
  return {
    dataDir: options.dataDir,
    port: options.apiPort,
    env: {
      ...options.apiEnv,
      PROXY_SECRET: secrets.proxySecret,
      ADMIN_TOKEN: secrets.adminToken,
      // The API refuses what the web server forwards to /api/admin unless this says so.
      ADMIN_API_PUBLIC: String(options.adminPublic ?? false),
      ...(options.siteUrl ? { SITE_URL: options.siteUrl } : {}),
    },
    ...(options.quiet ? {} : { log: (line: string) => log(`[api] ${line}`) }),
  };
}

/** The store's publisher, reloading nginx with each release. */
async function openPublisher(
  options: StackOptions,
  feed: { apiUrl: string; adminToken: string },
  nginxServers: readonly NginxServer[],
  log: Log,
): Promise<Publisher> {
  const publishDir = options.publishDir ?? join(options.outDir, '..', 'publish');
  const buildEnv = {
    ...(options.siteUrl ? { SITE_URL: options.siteUrl } : {}),
    ADMIN_TOKEN: feed.adminToken,
  };
  return openStorePublisher({
    layout: { publishDir, liveDir: options.outDir },
    feed,
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    buildEnv,
    site: options.siteUrl ?? env.SITE_URL,
    warmMaxPages: options.warmMaxPages ?? env.PUBLISH_WARM_MAX_PAGES,
    ...(options.publishKeep ? { keep: options.publishKeep } : {}),
    ...(options.searchShardRecords ? { searchShardRecords: options.searchShardRecords } : {}),
    ...(options.assetGraceMs !== undefined ? { assetGraceMs: options.assetGraceMs } : {}),
    verbose: options.verbose ?? false,
    log,
    // nginx takes the new release's configuration (maps, CSP) before the switch.
    reloadServers: async (release) => {
      for (const nginx of nginxServers) await nginx.reload(join(release, NGINX_DIR));
    },
  });
}

/**
 * Every publish's progress in the terminal (issue 33, item 8), as the publish page shows it,
 * and a line when it ends; returns the way to stop.
 */
function printProgress(publisher: Publisher, log: Log): () => void {
  const print = progressPrinter();
  return publisher.onUpdate((record) => {
    print(record);
    if (record.state === 'done' || record.state === 'failed') log(publishSummary(record));
  });
}

/** The publish a store with no live release makes before it serves anything. */
async function firstPublish(
  publisher: Publisher,
  options: StackOptions,
  log: Log,
): Promise<PublishRecord> {
  const build = await publisher.publishNow({ trigger: 'cli', actor: 'start' });
  if (build.state === 'failed') throw new Error(build.error ?? 'The first publish failed.');
  if (options.quiet || options.verbose) log(publishedLine(build));
  return build;
}

/**
 * A restart's publish, behind the live release already served: the changes made while the
 * store was down, and the code it now runs, go live when it is done. A failure leaves the live
 * release up; it is said here and on the publish page.
 */
async function publishBehind(
  publisher: Publisher,
  options: StackOptions,
  log: Log,
): Promise<PublishRecord> {
  log(`Serving the live release from ${options.outDir}; a publish brings it up to date.`);
  const record = await publisher.publishNow({ trigger: 'cli', actor: 'start' });
  // Without the progress line (quiet or verbose), its end is said here.
  if (options.quiet || options.verbose) {
    log(
      record.state === 'done'
        ? publishedLine(record)
        : `The publish after the restart failed; the earlier release stays live. ${record.error ?? ''}`,
    );
  }
  return record;
}

const publishedLine = (build: PublishRecord) =>
  `Published ${String(build.counts?.pages ?? 0)} pages and ${String(build.counts?.searchRecords ?? 0)} search records (products and collections) as release ${build.id}.`;

/** Watch mode: a publish once the change feed has been quiet for `quietSeconds`. */
function watchToPublish(
  publisher: Publisher,
  feed: { apiUrl: string; adminToken: string },
  quietSeconds: number,
  log: Log,
): FeedWatch {
  return watchFeed({
    feed,
    quietMs: quietSeconds * 1000,
    log,
    target: {
      covered: () => publisher.covered(),
      request: () => Promise.resolve(publisher.request({ trigger: 'watch', actor: 'watch' })),
    },
  });
}

/**
 * A throwaway store in `workDir` (its catalogue, build, releases and nginx files) on ports the
 * system picks, behind nginx: what `npm test`, the end-to-end server and the build tests run.
 */
export function throwawayStack(workDir: string, seedProducts: number): StackOptions {
  return {
    dataDir: join(workDir, 'data'),
    seedProducts,
    apiPort: 0,
    sitePort: 0,
    host: '127.0.0.1',
    outDir: join(workDir, 'dist'),
    cacheDir: join(workDir, 'cache'),
    // Its own token, made in its data folder: the stack's adminToken says which.
    webServer: 'nginx',
    runDir: join(workDir, 'nginx'),
    quiet: true,
    // Four search shards: the browser tests search a merged index, as a 100,000-product store's.
    searchShardRecords: Math.ceil(seedProducts / 4),
  };
}

/**
 * Ctrl-C or a TERM stops the stack (web server, then API) once, then the process. So does a
 * process the stack could not keep up, with its reason and exit code 1, so that a service
 * manager restarts the whole.
 */
export function stopOnSignals(stack: Pick<Stack, 'close'> & Partial<Pick<Stack, 'failed'>>): void {
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping...');
    void stack.close().then(() => process.exit(code));
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  void stack.failed?.then((error) => {
    console.error(error.message);
    stop(1);
  });
}

/** Whether a directory holds a finished build (its server files come last). */
export function hasBuild(outDir: string): boolean {
  return (
    existsSync(join(outDir, NGINX_DIR, 'server.conf')) && existsSync(join(outDir, 'index.html'))
  );
}

/**
 * A throwaway directory, removed by the returned function. Others may enter it but not list
 * it (mkdtemp makes it 0700): nginx's workers, which run as www-data when the store is started
 * as root, must reach the build and the media inside.
 */
export function temporaryDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(path, 0o711);
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
