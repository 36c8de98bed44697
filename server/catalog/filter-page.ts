import type { Database } from '../db/open.ts';
import type { Sort } from './filter-params.ts';
import { arrayRows } from './filter-sql.ts';
import { ORDER } from './sort-orders.ts';

/**
 * One page of a matching set, in the requested order. The set is known already (filter.ts
 * counted it in memory), so no page query repeats its conditions:
 * - relevance walks the search's ranked ids (text-match.ts);
 * - the whole catalogue is a LIMIT/OFFSET on the sort's index;
 * - a large set walks the catalogue's order in memory (sort-orders.ts) and keeps the
 *   products in the set, stopping at the page's end;
 * - a small set sorts its own ids, when that costs less than the walk would.
 */

/**
 * Sorting a row in SQLite (a temporary B-tree over the product rows) costs about as much as
 * walking this many slots of an order in memory (measured at 100,000 products).
 */
const SORT_COST = 200;

/** The SQL of every product in `sort` order, from `offset` (a page with a limit). */
export const orderedSql = (sort: Sort, where = ''): string =>
  `SELECT p.id FROM products p ${where} ORDER BY ${ORDER[sort]} LIMIT ? OFFSET ?`;

export interface PageRequest {
  sort: Sort;
  /** The search's ids, most relevant first, when the page is in relevance order. */
  ranked: readonly number[] | undefined;
  /** Whether a product id is in the matching set. */
  has: (id: number) => boolean;
  /** Whether a slot's product is in the matching set, and the slot's id. */
  passes: (slot: number) => boolean;
  idOf: (slot: number) => number;
  /** Every slot in the sort's order (sort-orders.ts). */
  order: () => Int32Array;
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
  // A large set: walk the whole catalogue's order in memory, keeping the set's products.
  let seen = 0;
  for (const slot of request.order()) {
    if (!request.passes(slot)) continue;
    if (seen++ >= offset) page.push(request.idOf(slot));
    if (seen >= end) break;
  }
  return page;
}
