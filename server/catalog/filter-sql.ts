import type { SQLInputValue } from 'node:sqlite';
import type { Database } from '../db/open.ts';
import type { FilterParams } from './filter-params.ts';

/**
 * The matching set of GET /api/products/filter as SQL conditions on `products p`, shared by
 * the page query (filter.ts) and the facets (filter-facets.ts).
 */

/** The matching set as SQL over `products p`, without the full-text condition. */
export interface MatchSql {
  /** FTS5 MATCH expression, when the search has one. */
  fts: string | undefined;
  /** Conditions on `p` (all must hold), with their parameters in order. */
  where: string[];
  args: SQLInputValue[];
  /** True when a condition can be seen to match nothing (an unknown collection). */
  empty: boolean;
}

const DESCENDANTS = `
  WITH RECURSIVE tree(id) AS (
    SELECT id FROM collections WHERE id IN (SELECT value FROM json_each(?))
    UNION SELECT c.id FROM collections c JOIN tree ON c.parent_id = tree.id
  ) SELECT id FROM tree`;

const statementCache = new WeakMap<Database, Map<string, ReturnType<Database['prepare']>>>();

/** A prepared statement for this SQL text, kept per database (at most 256 shapes). */
export function cachedStatement(db: Database, sql: string): ReturnType<Database['prepare']> {
  let map = statementCache.get(db);
  if (!map) statementCache.set(db, (map = new Map<string, ReturnType<Database['prepare']>>()));
  let statement = map.get(sql);
  if (!statement) {
    if (map.size >= 256) map.clear();
    statement = db.prepare(sql);
    map.set(sql, statement);
  }
  return statement;
}

/** Translates the parameters into conditions on `products p`. */
export function matchSql(db: Database, params: FilterParams): MatchSql {
  const where: string[] = [];
  const args: SQLInputValue[] = [];
  let empty = false;
  for (const pattern of params.text?.like ?? []) {
    where.push(
      "(p.title LIKE ? ESCAPE '\\' OR p.sku LIKE ? ESCAPE '\\' OR p.product_code LIKE ? ESCAPE '\\')",
    );
    args.push(pattern, pattern, pattern);
  }
  if (params.collectionIds) {
    const rows = cachedStatement(db, DESCENDANTS).all(JSON.stringify(params.collectionIds)) as {
      id: number;
    }[];
    if (rows.length === 0) empty = true;
    where.push(
      'p.id IN (SELECT product_id FROM product_collections WHERE collection_id IN (SELECT value FROM json_each(?)))',
    );
    args.push(JSON.stringify(rows.map((row) => row.id)));
  }
  if (params.vendors.length === 1) {
    where.push('p.vendor = ? COLLATE NOCASE');
    args.push(params.vendors[0] ?? '');
  } else if (params.vendors.length > 1) {
    where.push(`p.vendor COLLATE NOCASE IN (${params.vendors.map(() => '?').join(', ')})`);
    args.push(...params.vendors);
  }
  // Filters of one prefix are alternatives (Size 8 or 10); prefixes all apply.
  const byPrefix = new Map<string, string[]>();
  for (const tag of params.tags) {
    const key = tag.prefix.toLowerCase();
    byPrefix.set(key, [...(byPrefix.get(key) ?? []), tag.value]);
  }
  for (const [prefix, values] of byPrefix) {
    where.push(
      `p.id IN (SELECT product_id FROM product_tags WHERE prefix = ? COLLATE NOCASE AND value COLLATE NOCASE IN (${values.map(() => '?').join(', ')}))`,
    );
    args.push(prefix, ...values);
  }
  if (params.minPriceCents !== undefined) {
    where.push('p.price_cents >= ?');
    args.push(params.minPriceCents);
  }
  if (params.maxPriceCents !== undefined) {
    where.push('p.price_cents <= ?');
    args.push(params.maxPriceCents);
  }
  if (params.availableForSaleOnly) where.push('p.available_for_sale = 1');
  return { fts: params.text?.match ?? undefined, where, args, empty };
}
