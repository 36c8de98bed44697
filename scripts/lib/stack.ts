import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFile } from '../../server/main.ts';
import { isCatalogueEmpty, openDatabase } from '../../server/db/open.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { mediaDir } from '../../server/media/export.ts';
import { startApiProcess, type ApiProcess } from './api-process.ts';
import { buildSite, NGINX_DIR, type BuildReport } from './build-site.ts';
import { exportStoreMedia, exportSummary } from './media-export.ts';
import { startNginx } from './nginx.ts';
import { startStaticServer } from './static-server.ts';
import { parseTrustedProxies } from './web/trusted-proxies.ts';

export interface StackOptions {
  dataDir: string;
  /** Seed this many demo products when the catalogue is empty. */
  seedProducts: number;
  apiPort: number;
  sitePort: number;
  outDir: string;
  cacheDir?: string;
  adminToken?: string;
  siteUrl?: string;
  host?: string;
  quiet?: boolean;
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
  /** Skip the build when the output directory has one (start:production). */
  reuseBuild?: boolean;
}

/** A running server of the stack. */
export interface Running {
  url: string;
  close: () => Promise<void>;
}

export interface Stack {
  api: ApiProcess;
  site: Running;
  build: BuildReport | undefined;
  /** Another web server over the same build and API (tests compare them); port 0 picks one. */
  serveAlso: (webServer: 'node' | 'nginx', port?: number) => Promise<Running>;
  close: () => Promise<void>;
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
  const seeded = seedIfEmpty(options.dataDir, options.seedProducts);
  if (seeded) log(`Seeded ${seeded} demo products into ${options.dataDir}.`);
  // The demo's pictures, manuals and models as files, which the web servers answer even
  // while the API is down (issue 11); an export that is up to date writes nothing.
  const db = openDatabase(databaseFile(options.dataDir));
  try {
    const started = performance.now();
    const counts = await exportStoreMedia(db, options.dataDir);
    log(exportSummary(counts, mediaDir(options.dataDir), performance.now() - started));
  } finally {
    db.close();
  }
  const proxySecret = options.proxySecret ?? randomBytes(32).toString('base64url');
  const trustedRanges = parseTrustedProxies(options.trustProxy ?? '');
  const api = await startApiProcess({
    dataDir: options.dataDir,
    port: options.apiPort,
    env: {
      ...options.apiEnv,
      PROXY_SECRET: proxySecret,
      ...(options.adminToken ? { ADMIN_TOKEN: options.adminToken } : {}),
      ...(options.siteUrl ? { SITE_URL: options.siteUrl } : {}),
    },
    ...(options.quiet ? {} : { log: (line: string) => log(`[api] ${line}`) }),
  });
  log(`Commerce API on ${api.url} (process ${String(api.pid)})`);
  const servers: Running[] = [];
  const serve = async (webServer: 'node' | 'nginx', port: number): Promise<Running> => {
    const common = {
      apiUrl: api.url,
      mediaDir: mediaDir(options.dataDir),
      proxySecret,
      trustedRanges,
      adminPublic: options.adminPublic ?? false,
    };
    const server =
      webServer === 'nginx'
        ? await startNginx({
            runDir: options.runDir ?? join(options.outDir, '..', 'nginx-run'),
            siteConfDir: join(options.outDir, NGINX_DIR),
            root: options.outDir,
            mediaRoot: common.mediaDir,
            port,
            api: new URL(api.url).host,
            proxySecret,
            trustedRanges,
            adminPublic: common.adminPublic,
          })
        : await startStaticServer({
            ...common,
            distDir: options.outDir,
            port,
            ...(options.host ? { host: options.host } : {}),
          });
    servers.push(server);
    return server;
  };
  try {
    const build =
      options.reuseBuild && hasBuild(options.outDir)
        ? undefined
        : await buildSite({
            apiUrl: api.url,
            outDir: options.outDir,
            ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
            env: {
              ...(options.siteUrl ? { SITE_URL: options.siteUrl } : {}),
              ...(options.adminToken ? { ADMIN_TOKEN: options.adminToken } : {}),
            },
            quiet: options.quiet ?? false,
          });
    if (build) {
      log(
        `Built ${build.pages} pages and indexed ${build.searchRecords} search records (products and collections).`,
      );
    } else {
      log(`Serving the existing build in ${options.outDir}.`);
    }
    const site = await serve(options.webServer ?? 'node', options.sitePort);
    return {
      api,
      site,
      build,
      serveAlso: (webServer, port = 0) => serve(webServer, port),
      close: async () => {
        for (const server of servers) await server.close();
        await api.close();
      },
    };
  } catch (error) {
    for (const server of servers) await server.close();
    await api.close();
    throw error;
  }
}

/** Ctrl-C or a TERM stops the stack (web server, then API) once, then the process. */
export function stopOnSignals(stack: Pick<Stack, 'close'>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping...');
    void stack.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Whether a directory holds a finished build (its server files come last). */
export function hasBuild(outDir: string): boolean {
  return (
    existsSync(join(outDir, NGINX_DIR, 'server.conf')) && existsSync(join(outDir, 'index.html'))
  );
}

/** A throwaway directory, removed by the returned function. */
export function temporaryDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
