import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFile, startApi, type ApiServer } from '../../server/main.ts';
import { isCatalogueEmpty, openDatabase } from '../../server/db/open.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { buildSite, type BuildReport } from './build-site.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';

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
}

export interface Stack {
  api: ApiServer;
  site: StaticServer;
  build: BuildReport;
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
 * The whole local store: seed when empty, start the API, build the site from it, serve it
 * with the /api proxy. `npm start`, the end-to-end tests and the benchmarks all use this.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const seeded = seedIfEmpty(options.dataDir, options.seedProducts);
  if (seeded) log(`Seeded ${seeded} demo products into ${options.dataDir}.`);
  const api = await startApi({
    port: options.apiPort,
    dataDir: options.dataDir,
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
  });
  log(`Commerce API on ${api.url}`);
  try {
    const build = await buildSite({
      apiUrl: api.url,
      outDir: options.outDir,
      ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
      ...(options.siteUrl ? { env: { SITE_URL: options.siteUrl } } : {}),
      quiet: options.quiet ?? false,
    });
    log(
      `Built ${build.pages} pages and indexed ${build.searchRecords} search records (products and collections).`,
    );
    const site = await startStaticServer({
      distDir: options.outDir,
      apiUrl: api.url,
      port: options.sitePort,
      ...(options.host ? { host: options.host } : {}),
    });
    return {
      api,
      site,
      build,
      close: async () => {
        await site.close();
        await api.close();
      },
    };
  } catch (error) {
    await api.close();
    throw error;
  }
}

/** A throwaway directory, removed by the returned function. */
export function temporaryDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
