import type { SQLInputValue } from 'node:sqlite';
import type { Database } from '../db/open.ts';
import { byTag, EMPTY_FACETS, type Facets } from './filter-facets.ts';
import type { FilterParams } from './filter-params.ts';
import type { FilterResult, PageInfo } from './filter.ts';
import { ORDER } from './sort-orders.ts';

/**
 * GET /api/products/filter as it was before issue 14, all in SQL: every condition a WHERE,
 * relevance bm25() over the whole match set, facets a GROUP BY over the matching set. Too
 * slow at 100,000 products, but plainly right: the tests hold the in-memory index
 * (catalogue-index.ts, filter-match.ts) to the same ids and pageInfo (filter.test.ts).
 * Used by tests only.
 */

interface MatchSql {
  fts: string | undefined;
  where: string[];
  args: SQLInputValue[];
  empty: boolean;
}
const DESCENDANTS = `
  WITH RECURSIVE tree(id) AS (
    SELECT id FROM collections WHERE id IN (SELECT value FROM json_each(?))
    UNION SELECT c.id FROM collections c JOIN tree ON c.parent_id = tree.id
  ) SELECT id FROM tree`;

function matchSql(db: Database, params: FilterParams): MatchSql {
  const where: string[] = [];
  const args: SQLInputValue[] = [];
  let empty = false;
  for (const pattern of params.text?.like ?? []) {
    where.push(
      "(p.sort_title LIKE ? ESCAPE '\\' OR p.sku LIKE ? ESCAPE '\\' OR p.product_code LIKE ? ESCAPE '\\')",
    );
    args.push(pattern, pattern, pattern);
  }
  if (params.collectionIds) {
    const rows = db.prepare(DESCENDANTS).all(JSON.stringify(params.collectionIds)) as {
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

interface FacetRow {
  kind: number;
  a: string | null;
  b: string | null;
  n: number;
  x: number | null;
}

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

function toFacets(rows: readonly FacetRow[]): Facets {
  const facets: Facets = { ...EMPTY_FACETS, availableTagFilters: [], availableVendors: [] };
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

function facetsOf(db: Database, match: MatchSql): Facets {
  if (match.empty) return EMPTY_FACETS;
  const whole = match.fts === undefined && match.where.length === 0;
  const where = [...match.where];
  const args: SQLInputValue[] = [...match.args];
  if (match.fts !== undefined) {
    where.unshift('p.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ?)');
    args.unshift(match.fts);
  }
  const sql = whole ? ALL_SQL : setSql('products p', where.join(' AND '));
  return toFacets(db.prepare(sql).all(...args) as unknown as FacetRow[]);
}
/** Relevance: part numbers and titles weigh most (columns title, vendor, codes, keywords). */
const RELEVANCE = 'bm25(products_fts, 10.0, 3.0, 10.0, 1.0), p.id';

/** The SQL (and its parameters) of one page of a matching set, in the requested order. */
function pageSql(match: MatchSql, params: FilterParams): { sql: string; args: SQLInputValue[] } {
  const relevance = params.sortBy === '' && match.fts !== undefined;
  const where = [...match.where];
  const args = [...match.args];
  let from = 'products p';
  if (relevance) {
    from = 'products_fts JOIN products p ON p.id = products_fts.rowid';
    where.unshift('products_fts MATCH ?');
    args.unshift(match.fts ?? '');
  } else if (match.fts !== undefined) {
    where.unshift('p.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ?)');
    args.unshift(match.fts);
  }
  const order = relevance ? RELEVANCE : params.sortBy === '' ? 'p.id' : ORDER[params.sortBy];
  const sql = `SELECT p.id FROM ${from} WHERE ${where.join(' AND ') || '1'}
    ORDER BY ${order} LIMIT ? OFFSET ?`;
  return { sql, args: [...args, params.limit, params.page * params.limit] };
}

/**
 * The choices of the filter panel: each group's options are counted with every other
 * filter applied but not the group's own, so a shopper who picked Crown still sees Clark
 * and Yale with the products each would add (brands, and the values of each tag prefix, are
 * alternatives within their group). A group without a filter of its own reads the matching
 * set's facets; each group that has one costs one more facet query, cached like the first.
 */
function choices(
  db: Database,
  params: FilterParams,
  facets: Facets,
): Pick<Facets, 'availableVendors' | 'availableTagFilters' | 'availableTagPrefixes'> {
  const availableVendors =
    params.vendors.length === 0
      ? facets.availableVendors
      : facetsOf(db, matchSql(db, { ...params, vendors: [] })).availableVendors;
  const filtered = new Set(params.tags.map((tag) => tag.prefix.toLowerCase()));
  let availableTagFilters = facets.availableTagFilters.filter(
    (tag) => !filtered.has(tag.prefix.toLowerCase()),
  );
  for (const prefix of filtered) {
    const others = params.tags.filter((tag) => tag.prefix.toLowerCase() !== prefix);
    const without = facetsOf(db, matchSql(db, { ...params, tags: others }));
    availableTagFilters = availableTagFilters.concat(
      without.availableTagFilters.filter((tag) => tag.prefix.toLowerCase() === prefix),
    );
  }
  if (filtered.size > 0) availableTagFilters.sort(byTag);
  const availableTagPrefixes = [...new Set(availableTagFilters.map((tag) => tag.prefix))];
  return { availableVendors, availableTagFilters, availableTagPrefixes };
}

/** Runs a product search: the page of ids and the pageInfo of the whole matching set. */
export function referenceFilter(db: Database, params: FilterParams): FilterResult {
  const match = matchSql(db, params);
  const facets = facetsOf(db, match);
  const pageInfo: PageInfo = {
    ...facets,
    ...(match.empty ? {} : choices(db, params, facets)),
    limitPerPage: params.limit,
    totalPages: Math.ceil(facets.totalObjects / params.limit),
    page: params.page,
  };
  // Past the last match there is nothing to read (and no deep OFFSET to walk).
  const beyond = params.page * params.limit >= facets.totalObjects;
  if (beyond) return { ids: [], pageInfo };
  const { sql, args } = pageSql(match, params);
  const rows = db.prepare(sql).all(...args) as { id: number }[];
  return { ids: rows.map((row) => row.id), pageInfo };
}
