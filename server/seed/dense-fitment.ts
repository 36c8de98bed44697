import { compactSerial } from '../../shared/fitment/serial.ts';
import { slugify } from '../../shared/format/slug.ts';
import type { Database } from '../db/open.ts';
import { transaction } from '../db/open.ts';
import { storedFormat } from '../machines/read.ts';
import { createRandom } from './random.ts';

/**
 * The fitment a large parts store has, for the bench (issue 31, item 12: "100,000 products
 * with about 5 fitment rows each and a few thousand models"): the demo's 97 models named by
 * its parts are far fewer. Adds models to each brand the demo has until there are `models`
 * in all, then rows until each product has about `rowsPerProduct`, a quarter of them with a
 * serial range in the brand's format. Its change-feed rows are one per product and model, as
 * an import's (server/machines/write.ts, writeFitmentsQuietly).
 */
export function densifyFitment(
  db: Database,
  { models, rowsPerProduct, seed = 1 }: { models: number; rowsPerProduct: number; seed?: number },
): { models: number; rows: number } {
  return transaction(db, () => {
    const brands = db
      .prepare('SELECT brand, MIN(brand_handle) AS handle FROM machine_models GROUP BY brand')
      .all() as { brand: string; handle: string }[];
    if (brands.length === 0) return { models: 0, rows: 0 };
    const have = (db.prepare('SELECT COUNT(*) AS n FROM machine_models').get() as { n: number }).n;
    const insertModel = db.prepare(
      `INSERT INTO machine_models (brand, brand_handle, code, handle, name, series, machine_type)
       VALUES (?, ?, ?, ?, ?, ?, 'pallet-jack')`,
    );
    const insertKey = db.prepare(
      'INSERT OR IGNORE INTO machine_model_keys (model_id, key, alias) VALUES (last_insert_rowid(), ?, ?)',
    );
    for (let n = have; n < models; n += 1) {
      const { brand, handle } = brands[n % brands.length] ?? { brand: '', handle: '' };
      const code = `B${String(1000 + n)}`;
      insertModel.run(brand, handle, code, slugify(code), `${brand} ${code} Pallet Jack`, 'B');
      insertKey.run(code, code);
    }
    // A serial each brand's format reads: its example, the first serial of a ranged row.
    const firstSerial = new Map(
      brands.map(({ brand }) => [
        brand.toLowerCase(),
        compactSerial(storedFormat(db, brand).example),
      ]),
    );
    const brandOf = new Map<number, string>();
    const byBrand = new Map<string, number[]>();
    for (const row of db.prepare('SELECT id, brand FROM machine_models').all() as {
      id: number;
      brand: string;
    }[]) {
      const key = row.brand.toLowerCase();
      byBrand.set(key, [...(byBrand.get(key) ?? []), row.id]);
      brandOf.set(row.id, key);
    }
    const allModels = [...byBrand.values()].flat();
    const products = db
      .prepare(
        `SELECT p.id, p.vendor, (SELECT COUNT(*) FROM product_fitment f WHERE f.product_id = p.id) AS rows
         FROM products p WHERE p.fits_universally = 0`,
      )
      .all() as { id: number; vendor: string; rows: number }[];
    const insertRow = db.prepare(
      `INSERT INTO product_fitment (product_id, model_id, serial_from, serial_to, position, quantity, source)
       VALUES (?, ?, ?, ?, '', 1, 'bench')`,
    );
    db.prepare('INSERT INTO fitment_bulk (id) VALUES (1)').run();
    let written = 0;
    for (const product of products) {
      const rng = createRandom(seed, product.id);
      const own = byBrand.get(product.vendor.toLowerCase()) ?? allModels;
      const wanted = rng.int(rowsPerProduct - 2, rowsPerProduct + 2) - product.rows;
      for (const modelId of rng.sample(own, Math.max(0, wanted))) {
        const from = rng.chance(0.25)
          ? (firstSerial.get(brandOf.get(modelId) ?? '') ?? null)
          : null;
        insertRow.run(product.id, modelId, from, null);
        written += 1;
      }
    }
    db.prepare('DELETE FROM fitment_bulk').run();
    // One change per model: the products' own rows were logged when they were written.
    db.prepare(
      "INSERT INTO changes (entity, entity_id, op) SELECT 'machine', id, 'upsert' FROM machine_models",
    ).run();
    return { models: Math.max(models, have), rows: written };
  });
}
