import type { Database } from '../db/open.ts';
import type { CatalogueIndex } from './catalogue-index.ts';
import type { Sort } from './filter-params.ts';
import { arrayRows } from './filter-sql.ts';

/**
 * The whole catalogue in one sort's order, as index slots (catalogue-index.ts), for the page
 * walk of a large matching set (filter-page.ts). Read from the sort's own index with the
 * ORDER BY the page queries use, so the order is SQLite's to the byte (NOCASE titles
 * included); kept per sort until the catalogue changes, then read again on first use
 * (about 20 ms at 100,000 products). Walking it in memory costs the same wherever the set
 * lies along the order: one brand's titles, which start with the brand, bunch together.
 */

// spec storefront 9. Ties break on id so pages never overlap; descending sorts break on id
// descending, which lets SQLite walk one index backwards. Every order has an index
// (server/db/migrations/0004-sort-title.ts and 0005-catalog-indexes.ts).
export const ORDER: Record<Sort, string> = {
  '': 'p.id',
  id_asc: 'p.id',
  id_desc: 'p.id DESC',
  title_asc: 'p.sort_title COLLATE NOCASE, p.id',
  title_desc: 'p.sort_title COLLATE NOCASE DESC, p.id DESC',
  price_asc: 'p.price_cents, p.id',
  price_desc: 'p.price_cents DESC, p.id DESC',
  top_rated: 'p.avg_rating DESC, p.total_reviews DESC, p.id DESC',
  best_selling: 'p.units_sold DESC, p.id DESC',
};

const kept = new WeakMap<CatalogueIndex, { seq: number; orders: Map<Sort, Int32Array> }>();

/** Every product's slot in `sort` order, as of the index's catalogue version. */
export function sortedSlots(db: Database, index: CatalogueIndex, sort: Sort): Int32Array {
  let entry = kept.get(index);
  if (!entry || entry.seq !== index.seq) {
    kept.set(index, (entry = { seq: index.seq, orders: new Map() }));
  }
  const known = entry.orders.get(sort);
  if (known) return known;
  const rows = arrayRows(db, `SELECT p.id FROM products p ORDER BY ${ORDER[sort]}`);
  const slots = new Int32Array(rows.length);
  let n = 0;
  for (const row of rows) {
    const slot = index.slotOf.get(row[0] as number);
    if (slot !== undefined) slots[n++] = slot;
  }
  const order = slots.subarray(0, n);
  entry.orders.set(sort, order);
  return order;
}
