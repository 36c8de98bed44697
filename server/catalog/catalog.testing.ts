import type { Database } from '../db/open.ts';

/** Tables with one row per item of a product list, recreated by every product write. */
const LIST_TABLES = [
  'product_images',
  'product_model3ds',
  'product_metafields',
  'product_pdfs',
  'reviews',
  'product_cross_references',
  'part_numbers',
] as const;

/**
 * Every stored row of one product, in a stable order, for "the rows did not change" checks
 * (tests only). Left out: `updated_at`, which each write stamps, and the ids of list rows
 * (images, reviews...), which upsertProduct deletes and inserts again: nothing refers to
 * them. Ids of variants, inventory levels and options are kept, as carts refer to those.
 */
export function productRows(db: Database, id: number): Record<string, unknown[]> {
  const all = (sql: string) => db.prepare(sql).all(id);
  const withoutId = (rows: unknown[]) =>
    rows.map((row) => {
      const { id: _id, ...rest } = row as Record<string, unknown>;
      return rest;
    });
  const rows: Record<string, unknown[]> = {
    products: all('SELECT * FROM products WHERE id = ?').map((row) => {
      const { updated_at: _stamp, ...rest } = row as Record<string, unknown>;
      return rest;
    }),
    product_collections: all(
      'SELECT * FROM product_collections WHERE product_id = ? ORDER BY position, collection_id',
    ),
    product_tags: all('SELECT * FROM product_tags WHERE product_id = ? ORDER BY rowid'),
    product_options: all('SELECT * FROM product_options WHERE product_id = ? ORDER BY id'),
    variants: all('SELECT * FROM variants WHERE product_id = ? ORDER BY id'),
    variant_options: all(`
      SELECT vo.* FROM variant_options vo JOIN variants v ON v.id = vo.variant_id
      WHERE v.product_id = ? ORDER BY vo.variant_id, vo.option_id`),
    inventory_levels: all(`
      SELECT il.* FROM inventory_levels il JOIN variants v ON v.id = il.variant_id
      WHERE v.product_id = ? ORDER BY il.id`),
    products_fts: all('SELECT rowid, * FROM products_fts WHERE rowid = ?'),
  };
  for (const table of LIST_TABLES) {
    rows[table] = withoutId(all(`SELECT * FROM ${table} WHERE product_id = ? ORDER BY rowid`));
  }
  return rows;
}
