import type { Database } from '../db/open.ts';
import type { Sort } from './filter-params.ts';
import { arrayRows } from './filter-sql.ts';

/**
 * One page of a matching set, in the requested order. The set is known already (filter.ts
 * counted it in memory), so no page query repeats its conditions:
 * - relevance walks the search's ranked ids (text-match.ts);
 * - the whole catalogue is a LIMIT/OFFSET on the sort's index;
 * - a large set walks the sort's index and keeps the ids in the set, stopping at the page's
 *   end (rows read: about the page's end over the set's share of the catalogue);
 * - a small set sorts its own ids, when that reads fewer rows than the walk would.
 */

// spec storefront 9. Ties break on id so pages never overlap; descending sorts break on id
// descending, which lets SQLite walk one index backwards. Every order has an index
// (schema-catalog.ts).
const ORDER: Record<Sort, string> = {
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

/** Sorting a row costs about this many rows of an index walk (measured at 100,000). */
const SORT_COST = 4;

/** The SQL of every product in `sort` order, from `offset` (a page with a limit). */
export const orderedSql = (sort: Sort, where = ''): string =>
  `SELECT p.id FROM products p ${where} ORDER BY ${ORDER[sort]} LIMIT ? OFFSET ?`;

export interface PageRequest {
  sort: Sort;
  /** The search's ids, most relevant first, when the page is in relevance order. */
  ranked: readonly number[] | undefined;
  /** Whether a product id is in the matching set. */
  has: (id: number) => boolean;
  /** Size of the matching set, and of the whole catalogue. */
  total: number;
  catalogue: number;
  offset: number;
  limit: number;
}

/** Ids of one page of the matching set. */
export function pageIds(db: Database, request: PageRequest, matching: () => number[]): number[] {
  const { sort, ranked, has, total, catalogue, offset, limit } = request;
  const end = offset + limit;
  const page: number[] = [];
  if (ranked) {
    let seen = 0;
    for (const id of ranked) {
      if (!has(id)) continue;
      if (seen++ >= offset) page.push(id);
      if (seen >= end) break;
    }
    return page;
  }
  const ids = (sql: string, ...args: (number | string)[]) =>
    arrayRows(db, sql, ...args).map((row) => row[0] as number);
  if (total === catalogue) return ids(orderedSql(sort), limit, offset);
  if ((end * catalogue) / total > total * SORT_COST) {
    const where = 'WHERE p.id IN (SELECT value FROM json_each(?))';
    return ids(orderedSql(sort, where), JSON.stringify(matching()), limit, offset);
  }
  // The walk reads the index in growing chunks (all() reads rows several times faster
  // than iterate()), starting with what the set's share of the catalogue predicts.
  let seen = 0;
  let read = 0;
  let chunk = Math.ceil((end * catalogue) / total) + 64;
  for (;;) {
    const rows = ids(orderedSql(sort), chunk, read);
    for (const id of rows) {
      if (!has(id)) continue;
      if (seen++ >= offset) page.push(id);
      if (seen >= end) return page;
    }
    if (rows.length < chunk) return page;
    read += chunk;
    chunk *= 2;
  }
}
