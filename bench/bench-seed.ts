import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { densifyFitment, openDatabase, databaseFile, seedDemo } from '../server/index.ts';

/** The seed every bench catalogue is made with. */
const SEED = 1;

/**
 * The demo data's version, in the cached database's name: a seeded database from before a
 * change of the demo data (issue 32's cross-references) is not copied as if it were today's.
 * Raise it with every change of what the seed writes.
 */
export const DEMO_DATA_VERSION = 3;

/**
 * The fitment of a large parts store (issue 31, item 12): a few thousand models and about
 * five rows a product, where the demo names 97 models.
 */
export const BENCH_FITMENT = { models: 3000, rowsPerProduct: 5 } as const;

/**
 * Puts the demo catalogue of `size` products into `dataDir` for one bench run. Seeding
 * 100,000 products takes minutes; with `cacheDir` the seeded database is kept there
 * (store-<size>-seed1-fit5-data3.db) and later runs copy it instead, so a run's own changes (publish
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
  const name =
    `store-${String(size)}-seed${String(SEED)}-fit${String(BENCH_FITMENT.rowsPerProduct)}` +
    `-data${String(DEMO_DATA_VERSION)}.db`;
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

/**
 * Takes every machine model and fitment row out of the catalogue in `dataDir`, and every
 * product's universal mark: the store as it was before fitment, whose full build issue 31's
 * 'the full build grows by at most 10 %' compares with (`npm run bench -- --only build
 * --without-fitment`). The change feed is left alone: the bench builds from an empty cache.
 */
export function withoutFitment(dataDir: string): void {
  const db = openDatabase(databaseFile(dataDir));
  try {
    db.exec(`
      INSERT INTO fitment_bulk (id) VALUES (1);
      DELETE FROM product_fitment;
      DELETE FROM machine_models;
      DELETE FROM fitment_bulk;
      UPDATE products SET fits_universally = 0 WHERE fits_universally = 1;
    `);
  } finally {
    db.close();
  }
}
