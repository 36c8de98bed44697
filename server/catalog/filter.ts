import { transaction, type Database } from '../db/open.ts';
import { modelIdOf, productsForModel } from '../machines/read.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { byTag, EMPTY_FACETS, facetsOf, type Facets } from './filter-facets.ts';
import { matchOf, membership, slotMembership, tally, type Match } from './filter-match.ts';
import { pageIds } from './filter-page.ts';
import type { FilterParams } from './filter-params.ts';
import { sortedSlots } from './sort-orders.ts';
import { textMatches } from './text-match.ts';

/**
 * GET /api/products/filter as queries: which products match, in which order, and what the
 * matching set holds (spec storefront 3, "Page info from the filter response").
 *
 * Built for 100,000 products: the search text is the only condition read from
 * SQLite (the FTS5 trigram index, ranked once per catalogue version: text-match.ts); every
 * other condition and every count is a pass over the in-memory catalogue index, kept current
 * from the change feed (catalogue-index.ts, filter-match.ts); the page walks a sort's index
 * or the ranked ids (filter-page.ts). Everything reads one snapshot (one transaction).
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

/**
 * The choices of the filter panel: each group's options are counted with every other
 * filter applied but not the group's own, so a shopper who picked Crown still sees Clark
 * and Yale with the products each would add (brands, and the values of each tag prefix, are
 * alternatives within their group). A group without a filter of its own reads the matching
 * set's facets; each group that has one costs one more pass over the set.
 */
function choices(
  match: Match,
  params: FilterParams,
  facets: Facets,
): Pick<Facets, 'availableVendors' | 'availableTagFilters' | 'availableTagPrefixes'> {
  const without = (group: Parameters<typeof tally>[1]) =>
    facetsOf(match.index, tally(match, group));
  const availableVendors =
    params.vendors.length === 0 ? facets.availableVendors : without('vendors').availableVendors;
  const filtered = new Set(params.tags.map((tag) => tag.prefix.toLowerCase()));
  let availableTagFilters = facets.availableTagFilters.filter(
    (tag) => !filtered.has(tag.prefix.toLowerCase()),
  );
  for (const prefix of filtered) {
    availableTagFilters = availableTagFilters.concat(
      without({ tagPrefix: prefix }).availableTagFilters.filter(
        (tag) => tag.prefix.toLowerCase() === prefix,
      ),
    );
  }
  if (filtered.size > 0) availableTagFilters.sort(byTag);
  const availableTagPrefixes = [...new Set(availableTagFilters.map((tag) => tag.prefix))];
  return { availableVendors, availableTagFilters, availableTagPrefixes };
}

/** Every id of the matching set (the page walk sorts a small set by itself). */
function matchingIds(match: Match, has: (id: number) => boolean): number[] {
  const { index, candidates } = match;
  const ids: number[] = [];
  const end = candidates ? candidates.length : index.slots;
  for (let at = 0; at < end; at += 1) {
    const slot = candidates ? (candidates[at] ?? 0) : at;
    const id = index.id[slot] ?? 0;
    if (index.live[slot] === 1 && has(id)) ids.push(id);
  }
  return ids;
}

/**
 * The ids a request is limited to, in the order to keep: the search text's matches, those
 * of them that may fit the `fits` model (issue 31), or that model's products; undefined for
 * no limit. A model the store lacks limits to nothing.
 */
function fittingIds(
  db: Database,
  params: FilterParams,
  ranked: readonly number[] | undefined,
): readonly number[] | undefined {
  if (!params.fits) return ranked;
  const modelId = modelIdOf(db, params.fits);
  if (modelId === undefined) return [];
  const fitting = productsForModel(db, modelId);
  if (!ranked) return fitting;
  const has = new Set(fitting);
  return ranked.filter((id) => has.has(id));
}

/** Runs a product search: the page of ids and the pageInfo of the whole matching set. */
export function filterProducts(db: Database, params: FilterParams): FilterResult {
  return transaction(db, () => {
    const index = CatalogueIndex.of(db);
    const text = params.text;
    const ranked = text && textMatches(db, text, index.seq);
    const within = fittingIds(db, params, ranked);
    const match = matchOf(index, params, within);
    const paging = { limitPerPage: params.limit, page: params.page };
    if (match.empty) return { ids: [], pageInfo: { ...EMPTY_FACETS, ...paging, totalPages: 0 } };
    const counts = tally(match);
    const facets = facetsOf(index, counts);
    const pageInfo: PageInfo = {
      ...facets,
      ...choices(match, params, facets),
      limitPerPage: params.limit,
      totalPages: Math.ceil(facets.totalObjects / params.limit),
      page: params.page,
    };
    const offset = params.page * params.limit;
    // Past the last match there is nothing to read (and no deep OFFSET to walk).
    if (offset >= facets.totalObjects) return { ids: [], pageInfo };
    const has = membership(match);
    const ids = pageIds(
      db,
      {
        sort: params.sortBy,
        ranked: params.sortBy === '' && ranked ? within : undefined,
        has,
        passes: slotMembership(match),
        idOf: (slot) => index.id[slot] ?? 0,
        order: () => sortedSlots(db, index, params.sortBy),
        total: facets.totalObjects,
        catalogue: index.slotOf.size,
        offset,
        limit: params.limit,
      },
      () => matchingIds(match, has),
    );
    return { ids, pageInfo };
  });
}
