import { writeDemoAccount } from './accounts.ts';
import { productInputSchema } from '../catalog/input.ts';
import { upsertCollection } from '../catalog/write.ts';
import { transaction, type Database } from '../db/open.ts';
import { demoCollections } from './collections.ts';
import { writeContent } from './content.ts';
import { createProductWriter, type CollectionRef } from './fast-write.ts';
import { writeGeo } from './geo.ts';
import { demoFitment, writeMachines } from './machines.ts';
import { sharingParts, supersedingParts } from './cross-references.ts';
import { DEMO_EPOCH, demoProductWithFit, productContext } from './products.ts';

export { importCatalogue, ImportError } from './import.ts';

/** Options of a demo run: how many products, and the seed that makes them. */
export interface SeedOptions {
  products: number;
  seed: number;
}

/** The largest demo catalogue accepted (the benchmark uses 100,000). */
export const MAX_DEMO_PRODUCTS = 1_000_000;

/** Tables the demo replaces, children before parents (the catalogue part). */
const CATALOGUE_TABLES = [
  'checkout_line_items',
  'order_related_products',
  'questions',
  'variant_options',
  'inventory_levels',
  'variants',
  'product_options',
  'reviews',
  'product_tags',
  'product_images',
  'product_model3ds',
  'product_metafields',
  'product_pdfs',
  'product_collections',
  'product_fitment',
  'products',
  'products_fts',
  'collection_images',
  'collections',
  'machine_model_keys',
  'machine_models',
  'serial_formats',
] as const;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Replaces the catalogue and the content with the deterministic demo store (
 * section 3): the same options give byte-identical rows, whatever the clock says. Runs in
 * one transaction, so a failure leaves the previous data in place. Removals and inserts
 * go through the change-feed triggers like any other catalogue change.
 * @example seedDemo(openDatabase(databaseFile(dir)), { products: 2000, seed: 1 })
 */
export function seedDemo(
  db: Database,
  options: SeedOptions,
): { products: number; collections: number } {
  const { products, seed } = options;
  if (!Number.isInteger(products) || products < 0 || products > MAX_DEMO_PRODUCTS) {
    throw new RangeError(`products must be a whole number from 0 to ${MAX_DEMO_PRODUCTS}`);
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError('seed must be a whole number from 0 to 4294967295');
  }
  // A bigger page cache for the bulk insert (FTS and index pages); restored afterwards.
  const cache = db.prepare('PRAGMA cache_size').get() as { cache_size: number };
  db.exec('PRAGMA cache_size = -262144');
  try {
    return transaction(db, () => {
      for (const table of CATALOGUE_TABLES) db.exec(`DELETE FROM ${table}`);
      writeGeo(db);

      const collections = demoCollections();
      const refs = new Map<string, CollectionRef>();
      for (const collection of collections) {
        const id = upsertCollection(db, collection);
        refs.set(collection.handle, { id, title: collection.title });
      }
      db.prepare('UPDATE collections SET updated_at = ?').run(iso(DEMO_EPOCH));

      const models = writeMachines(db);
      const insertFitment = db.prepare(
        `INSERT INTO product_fitment (product_id, model_id, serial_from, serial_to, position, quantity, source)
         VALUES (?, ?, ?, ?, ?, ?, 'demo catalogue')`,
      );
      const universal = db.prepare('UPDATE products SET fits_universally = 1 WHERE id = ?');
      // Each product's own write logs it, and each model's: the fitment rows add nothing.
      db.prepare('INSERT INTO fitment_bulk (id) VALUES (1)').run();
      const ctx = productContext(seed, products);
      const write = createProductWriter(db, refs);
      const superseding = supersedingParts();
      const sharing = sharingParts();
      for (let index = 0; index < products; index += 1) {
        const made = demoProductWithFit(ctx, index);
        const replacement = superseding(index, made.product);
        if (replacement) made.product.crossReferences.push(replacement);
        const shared = sharing(index, made.product);
        if (shared) made.product.crossReferences.push(shared);
        // Validated like any catalogue input, so the demo never holds what an import refuses.
        const product = productInputSchema.parse(made.product);
        const id = index + 1;
        write({ ...product, id }, iso(DEMO_EPOCH + index * 60_000));
        const fitment = demoFitment(made.fit, index, models);
        if (fitment.universal) universal.run(id);
        for (const row of fitment.rows) {
          insertFitment.run(
            id,
            row.modelId,
            row.serialFrom,
            row.serialTo,
            row.position,
            row.quantity,
          );
        }
      }

      db.prepare('DELETE FROM fitment_bulk').run();
      writeContent(db, seed, products);
      writeDemoAccount(db);
      return { products, collections: collections.length };
    });
  } finally {
    db.exec(`PRAGMA cache_size = ${cache.cache_size}`);
  }
}
