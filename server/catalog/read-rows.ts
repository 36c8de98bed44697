import type { Database } from '../db/open.ts';
import { preparedPerDatabase } from '../db/prepared.ts';

/**
 * The catalogue's read rows: the columns each reader selects, the statements (prepared once
 * per database) and the helpers that group child rows by product. The read models built from
 * them are in read.ts.
 */

/** Decimal amount from integer cents. */
export const money = (cents: number): number => cents / 100;
/** Decimal amount from integer cents that may be null (a compare-at price). */
export const moneyOrNull = (cents: number | null): number | null =>
  cents === null ? null : money(cents);

/** The columns a product and a collection both have: identity, title and search settings. */
export interface RecordHeadRow {
  id: number;
  handle: string;
  title: string;
  seo_title: string | null;
  seo_description: string | null;
  is_indexed: number;
}

/**
 * The leading fields of a product or collection record, the same in the storefront's and
 * the merchandiser's formats.
 */
export function recordHead(row: RecordHeadRow) {
  return {
    id: row.id,
    handle: row.handle,
    title: row.title,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    isIndexed: row.is_indexed === 1,
  };
}

/** The product fields after the head that both formats share, in the same order. */
export function productIdentity(
  row: RecordHeadRow & Pick<ProductRow, 'vendor' | 'sku' | 'product_code'>,
) {
  return {
    ...recordHead(row),
    vendor: row.vendor,
    sku: row.sku,
    productCode: row.product_code,
  };
}

export interface ProductRow extends RecordHeadRow {
  vendor: string;
  sku: string;
  product_code: string;
  condition: string;
  price_cents: number;
  compare_at_price_cents: number | null;
  image_url: string | null;
  description_html: string;
  is_featured: number;
  featured_order: number | null;
  free_shipping: number;
  available_for_sale: number;
  avg_rating: number;
  total_reviews: number;
  updated_at: string;
}

/** A variant with one of its stock records (level_id null when it has none). */
export interface LevelRow {
  product_id: number;
  variant_id: number;
  title: string;
  sku: string;
  price_cents: number;
  compare_at_price_cents: number | null;
  available_for_sale: number;
  variant_position: number;
  level_id: number | null;
  available_quantity: number | null;
  bypass_negative_quantity: number | null;
}

export interface ChildRows {
  tags: { product_id: number; prefix: string; value: string };
  images: {
    product_id: number;
    id: number;
    url: string;
    alt_text: string;
    image_placement_id: number | null;
  };
  models: { product_id: number; id: number; url: string; poster_url: string };
  metafields: { product_id: number; id: number; key: string; value: string };
  pdfs: { product_id: number; id: number; url: string; local_filename: string };
  reviews: {
    product_id: number;
    id: number;
    stars_rating: number;
    title: string;
    body: string;
    author: string;
    created_at: string;
  };
  collections: { product_id: number; id: number; handle: string; title: string };
  options: { product_id: number; id: number; name: string; position: number };
}

export interface VariantOptionRow {
  variant_id: number;
  id: number;
  name: string;
  value: string;
}

// Every list query takes the ids as one JSON array, so a page of ids is one bound parameter.
export const IDS = '(SELECT value FROM json_each(?))';

export const CHILD_SQL: Record<keyof ChildRows, string> = {
  tags: `SELECT product_id, prefix, value FROM product_tags WHERE product_id IN ${IDS}
    ORDER BY product_id, prefix, value`,
  images: `SELECT product_id, id, url, alt_text, image_placement_id FROM product_images
    WHERE product_id IN ${IDS} ORDER BY product_id, position, id`,
  models: `SELECT product_id, id, url, poster_url FROM product_model3ds
    WHERE product_id IN ${IDS} ORDER BY product_id, id`,
  metafields: `SELECT product_id, id, key, value FROM product_metafields
    WHERE product_id IN ${IDS} ORDER BY product_id, id`,
  pdfs: `SELECT product_id, id, url, local_filename FROM product_pdfs
    WHERE product_id IN ${IDS} ORDER BY product_id, id`,
  reviews: `SELECT product_id, id, stars_rating, title, body, author, created_at FROM reviews
    WHERE product_id IN ${IDS} ORDER BY product_id, created_at DESC, id DESC`,
  collections: `SELECT pc.product_id, c.id, c.handle, c.title FROM product_collections pc
    JOIN collections c ON c.id = pc.collection_id
    WHERE pc.product_id IN ${IDS} ORDER BY pc.product_id, pc.position, c.id`,
  options: `SELECT product_id, id, name, position FROM product_options
    WHERE product_id IN ${IDS} ORDER BY product_id, position, id`,
};

function prepare(db: Database) {
  const children = Object.fromEntries(
    Object.entries(CHILD_SQL).map(([name, sql]) => [name, db.prepare(sql)]),
  ) as Record<keyof ChildRows, ReturnType<Database['prepare']>>;
  return {
    children,
    products: db.prepare(`
      SELECT id, handle, title, seo_title, seo_description, is_indexed, vendor, sku, product_code,
        condition, price_cents, compare_at_price_cents, image_url, description_html, is_featured,
        featured_order, free_shipping, available_for_sale, avg_rating, total_reviews, updated_at
      FROM products WHERE id IN ${IDS}`),
    levels: db.prepare(`
      SELECT v.product_id, v.id AS variant_id, v.title, v.sku, v.price_cents,
        v.compare_at_price_cents, v.available_for_sale, v.variant_position,
        l.id AS level_id, l.available_quantity, l.bypass_negative_quantity
      FROM variants v LEFT JOIN inventory_levels l ON l.variant_id = v.id
      WHERE v.product_id IN ${IDS}
      ORDER BY v.product_id, v.variant_position, v.id, l.id`),
    variantOptions: db.prepare(`
      SELECT vo.variant_id, o.id, o.name, vo.value
      FROM variants v JOIN variant_options vo ON vo.variant_id = v.id
      JOIN product_options o ON o.id = vo.option_id
      WHERE v.product_id IN ${IDS}
      ORDER BY vo.variant_id, o.position, o.id`),
  };
}

export type Statements = ReturnType<typeof prepare>;
export const statements = preparedPerDatabase(prepare);

export function productRows(st: Statements, ids: readonly number[]): Map<number, ProductRow> {
  const rows = st.products.all(JSON.stringify(ids)) as unknown as ProductRow[];
  return new Map(rows.map((row) => [row.id, row]));
}

export function groupBy<R, T>(rows: R[], key: (row: R) => number, map: (row: R) => T) {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(map(row));
    else groups.set(k, [map(row)]);
  }
  return groups;
}

export function levelsOf(st: Statements, ids: readonly number[]): Map<number, LevelRow[]> {
  const rows = st.levels.all(JSON.stringify(ids)) as unknown as LevelRow[];
  return groupBy(
    rows,
    (row) => row.product_id,
    (row) => row,
  );
}

export function groupRows<K extends keyof ChildRows, T>(
  st: Statements,
  name: K,
  ids: readonly number[],
  map: (row: ChildRows[K]) => T,
): Map<number, T[]> {
  const rows = st.children[name].all(JSON.stringify(ids)) as unknown as ChildRows[K][];
  return groupBy(rows, (row) => row.product_id, map);
}

export function variantOptionsOf(st: Statements, ids: readonly number[]) {
  const rows = st.variantOptions.all(JSON.stringify(ids)) as unknown as VariantOptionRow[];
  return groupBy(
    rows,
    (row) => row.variant_id,
    (row) => ({
      id: row.id,
      name: row.name,
      VariantSelectedOptions: { optionValueSelected: row.value },
    }),
  );
}
