/**
 * Tables and indexes of the catalog area, added to the base schema (schema.ts) by openDatabase.
 * Statements must be idempotent (IF NOT EXISTS).
 *
 * These are the indexes GET /api/products/filter needs to stay fast at 100,000 products
 * (bench): one per sort of spec storefront 9 (ending in id, the tie-breaker), and
 * case-insensitive ones for the vendor (v) and tag (t) filters, which compare with NOCASE.
 * The title sort's index (on sort_title, a column older databases gain on open) is made by
 * openDatabase after that column exists; the index on the raw title it replaced is dropped.
 */
export const catalogSchemaSql = /* sql */ `
CREATE INDEX IF NOT EXISTS products_vendor_nocase ON products(vendor COLLATE NOCASE);
DROP INDEX IF EXISTS products_title_sort;
CREATE INDEX IF NOT EXISTS products_price_sort ON products(price_cents, id);
CREATE INDEX IF NOT EXISTS products_rating_sort ON products(avg_rating, total_reviews, id);
CREATE INDEX IF NOT EXISTS products_sold_sort ON products(units_sold, id);
CREATE INDEX IF NOT EXISTS product_tags_nocase
  ON product_tags(prefix COLLATE NOCASE, value COLLATE NOCASE, product_id);
`;
