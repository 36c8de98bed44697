import type { SQLInputValue } from 'node:sqlite';
import type { Database } from '../db/open.ts';
import { cachedStatement, type MatchSql } from './filter-sql.ts';

/**
 * What a matching set holds, before paging (spec storefront 3, "Page info from the filter
 * response"): its size, the tag filters and vendors found in it with their counts, and its
 * highest price. A search page shows these as its filter choices.
 */
export interface Facets {
  totalObjects: number;
  /** Tag prefixes present, sorted: ["Material", "Size"]. */
  availableTagPrefixes: string[];
  /** Each tag filter present with the number of matching products, sorted by prefix, value. */
  availableTagFilters: { prefix: string; value: string; count: number }[];
  /** Each vendor present with the number of matching products, sorted by name. */
  availableVendors: { name: string; count: number }[];
  /** Highest price in the set (decimal); 0 for an empty set. */
  productMaxPrice: number;
}

/** Matching sets whose facets are kept, per database. */
export const FACET_CACHE_SIZE = 500;

interface FacetRow {
  kind: number;
  a: string | null;
  b: string | null;
  n: number;
  x: number | null;
}

const EMPTY: Facets = {
  totalObjects: 0,
  availableTagPrefixes: [],
  availableTagFilters: [],
  availableVendors: [],
  productMaxPrice: 0,
};

// The whole catalogue: index-only scans (products_vendor, product_tags_filter, products_price).
const ALL_SQL = `
  SELECT 0 AS kind, NULL AS a, NULL AS b, (SELECT COUNT(*) FROM products) AS n,
    (SELECT MAX(price_cents) FROM products) AS x
  UNION ALL SELECT * FROM (SELECT 1, vendor, NULL, COUNT(*), NULL FROM products
    WHERE vendor <> '' GROUP BY vendor)
  UNION ALL SELECT * FROM (SELECT 2, prefix, value, COUNT(*), NULL FROM product_tags
    GROUP BY prefix, value)`;

// A filtered set is computed once (MATERIALIZED) and every facet is read from it.
const setSql = (from: string, where: string) => `
  WITH m AS MATERIALIZED (SELECT p.id, p.vendor, p.price_cents FROM ${from} WHERE ${where})
  SELECT 0 AS kind, NULL AS a, NULL AS b, COUNT(*) AS n, MAX(price_cents) AS x FROM m
  UNION ALL SELECT * FROM (SELECT 1, vendor, NULL, COUNT(*), NULL FROM m
    WHERE vendor <> '' GROUP BY vendor)
  UNION ALL SELECT * FROM (SELECT 2, t.prefix, t.value, COUNT(*), NULL
    FROM m JOIN product_tags t ON t.product_id = m.id GROUP BY t.prefix, t.value)`;

const byText = (x: string, y: string) => x.localeCompare(y, 'en', { sensitivity: 'base' });

/** The order of availableTagFilters: by prefix, then value, ignoring case. */
export const byTag = (x: { prefix: string; value: string }, y: { prefix: string; value: string }) =>
  byText(x.prefix, y.prefix) || byText(x.value, y.value);

function toFacets(rows: readonly FacetRow[]): Facets {
  const facets: Facets = { ...EMPTY, availableTagFilters: [], availableVendors: [] };
  const prefixes = new Set<string>();
  for (const row of rows) {
    if (row.kind === 0) {
      facets.totalObjects = row.n;
      facets.productMaxPrice = (row.x ?? 0) / 100;
    } else if (row.kind === 1) {
      facets.availableVendors.push({ name: row.a ?? '', count: row.n });
    } else {
      prefixes.add(row.a ?? '');
      facets.availableTagFilters.push({ prefix: row.a ?? '', value: row.b ?? '', count: row.n });
    }
  }
  facets.availableVendors.sort((x, y) => byText(x.name, y.name));
  facets.availableTagFilters.sort(byTag);
  facets.availableTagPrefixes = [...prefixes].sort(byText);
  return facets;
}

/** The change feed's last sequence number: it moves whenever the catalogue changes. */
function catalogueVersion(db: Database): number {
  const row = cachedStatement(
    db,
    "SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'changes'), 0) AS v",
  ).get() as { v: number };
  return row.v;
}

const caches = new WeakMap<Database, Map<string, { version: number; facets: Facets }>>();

/**
 * Facets of a matching set. Kept (least recently used first out) until the catalogue's
 * version moves: every product or collection write adds a row to the change feed.
 */
export function facetsOf(db: Database, match: MatchSql): Facets {
  if (match.empty) return EMPTY;
  const whole = match.fts === undefined && match.where.length === 0;
  const where = [...match.where];
  const args: SQLInputValue[] = [...match.args];
  if (match.fts !== undefined) {
    where.unshift('p.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ?)');
    args.unshift(match.fts);
  }
  const sql = whole ? ALL_SQL : setSql('products p', where.join(' AND '));
  const key = JSON.stringify([sql, args]);
  const version = catalogueVersion(db);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, { version: number; facets: Facets }>()));
  const kept = cache.get(key);
  cache.delete(key);
  if (kept && kept.version === version) {
    cache.set(key, kept);
    return kept.facets;
  }
  const facets = toFacets(cachedStatement(db, sql).all(...args) as unknown as FacetRow[]);
  if (cache.size >= FACET_CACHE_SIZE) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, { version, facets });
  return facets;
}
