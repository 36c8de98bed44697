import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { densifyFitment, openDatabase, databaseFile, seedDemo } from '../server/index.ts';

/** The seed every bench catalogue is made with. */
const SEED = 1;

/**
 * The fitment of a large parts store (issue 31, item 12): a few thousand models and about
 * five rows a product, where the demo names 97 models.
 */
export const BENCH_FITMENT = { models: 3000, rowsPerProduct: 5 } as const;

/**
 * Puts the demo catalogue of `size` products into `dataDir` for one bench run. Seeding
 * 100,000 products takes minutes; with `cacheDir` the seeded database is kept there
 * (store-<size>-seed1-fit5.db) and later runs copy it instead, so a run's own changes (publish
 * cases, price writes) never reach the next run. Returns how long it took and whether the
 * database was seeded or copied.
 */
export function benchCatalogue(options: {
  size: number;
  dataDir: string;
  cacheDir?: string | undefined;
}): { ms: number; from: 'seed' | 'cache' } {
  const { size, dataDir, cacheDir } = options;
  const started = Date.now();
  const target = databaseFile(dataDir);
  const name = `store-${String(size)}-seed${String(SEED)}-fit${String(BENCH_FITMENT.rowsPerProduct)}.db`;
  const cached = cacheDir ? join(cacheDir, name) : '';
  if (cached && existsSync(cached)) {
    mkdirSync(dataDir, { recursive: true });
    copyFileSync(cached, target);
    return { ms: Date.now() - started, from: 'cache' };
  }
  const db = openDatabase(target);
  seedDemo(db, { products: size, seed: SEED });
  densifyFitment(db, { ...BENCH_FITMENT, seed: SEED });
  // Closing the last connection checkpoints the WAL into the file, so the file alone is whole.
  db.close();
  if (cached && cacheDir) {
    mkdirSync(cacheDir, { recursive: true });
    copyFileSync(target, `${cached}.partial`);
    renameSync(`${cached}.partial`, cached);
  }
  return { ms: Date.now() - started, from: 'seed' };
}
