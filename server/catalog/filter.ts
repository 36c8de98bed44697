import type { SQLInputValue } from 'node:sqlite';
import type { Database } from '../db/open.ts';
import { byTag, facetsOf, type Facets } from './filter-facets.ts';
import type { FilterParams, Sort } from './filter-params.ts';
import { cachedStatement, matchSql, type MatchSql } from './filter-sql.ts';

/**
 * GET /api/products/filter as queries: which products match, in which order, and what the
 * matching set holds (spec storefront 3, "Page info from the filter response").
 *
 * Built for 100,000 products: every condition is an indexed lookup (FTS5 trigram index,
 * collection and tag indexes, NOCASE vendor index), every sort has an index ending in id
 * (schema-catalog.ts), and the facets of a matching set are cached until the catalogue
 * changes (filter-facets.ts).
 */

/** pageInfo of the filter reply. */
export interface PageInfo extends Facets {
  limitPerPage: number;
  totalObjects: number;
  totalPages: number;
  page: number;
}

export interface FilterResult {
  /** Ids of the requested page, in order. */
  ids: number[];
  pageInfo: PageInfo;
}

// spec storefront 9. Ties break on id so pages never overlap; descending sorts break on id
// descending, which lets SQLite walk one index backwards.
const ORDER: Record<Exclude<Sort, ''>, string> = {
  id_asc: 'p.id',
  id_desc: 'p.id DESC',
  title_asc: 'p.sort_title COLLATE NOCASE, p.id',
  title_desc: 'p.sort_title COLLATE NOCASE DESC, p.id DESC',
  price_asc: 'p.price_cents, p.id',
  price_desc: 'p.price_cents DESC, p.id DESC',
  top_rated: 'p.avg_rating DESC, p.total_reviews DESC, p.id DESC',
  best_selling: 'p.units_sold DESC, p.id DESC',
};

/** Relevance: part numbers and titles weigh most (columns title, vendor, codes, keywords). */
const RELEVANCE = 'bm25(products_fts, 10.0, 3.0, 10.0, 1.0), p.id';

/** The SQL (and its parameters) of one page of a matching set, in the requested order. */
export function pageSql(
  match: MatchSql,
  params: FilterParams,
): { sql: string; args: SQLInputValue[] } {
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
export function filterProducts(db: Database, params: FilterParams): FilterResult {
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
  const rows = cachedStatement(db, sql).all(...args) as { id: number }[];
  return { ids: rows.map((row) => row.id), pageInfo };
}
