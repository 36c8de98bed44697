import type { Migration } from '../database.ts';

/**
 * Version 5: the indexes GET /api/products/filter needs to stay fast at 100,000 products
 * (bench): one per sort of spec storefront 9 (ending in id, the tie-breaker), and
 * case-insensitive ones for the vendor (v) and tag (t) filters, which compare with NOCASE.
 * The title sort's index is version 4's (on sort_title); the index on the raw title it
 * replaced is dropped.
 *
 * Versions 1 to 4 ran this on every open whatever the recorded version, and its tables and
 * indexes arrived while the version stood still, so a database of any of them may have all,
 * some or none of it: hence IF NOT EXISTS.
 */
const sql = /* sql */ `
CREATE INDEX IF NOT EXISTS products_vendor_nocase ON products(vendor COLLATE NOCASE);
DROP INDEX IF EXISTS products_title_sort;
CREATE INDEX IF NOT EXISTS products_price_sort ON products(price_cents, id);
CREATE INDEX IF NOT EXISTS products_rating_sort ON products(avg_rating, total_reviews, id);
CREATE INDEX IF NOT EXISTS products_sold_sort ON products(units_sold, id);
CREATE INDEX IF NOT EXISTS product_tags_nocase
  ON product_tags(prefix COLLATE NOCASE, value COLLATE NOCASE, product_id);
`;

export const catalogIndexes: Migration = {
  version: 5,
  up(db) {
    db.exec(sql);
  },
};
