import type { CatalogueIndex } from './catalogue-index.ts';
import type { Counts } from './filter-match.ts';

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

export const EMPTY_FACETS: Facets = {
  totalObjects: 0,
  availableTagPrefixes: [],
  availableTagFilters: [],
  availableVendors: [],
  productMaxPrice: 0,
};

// One collator: localeCompare with options builds a new one on every call.
const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byText = (x: string, y: string) => collator.compare(x, y);
// Names equal but for case or accents keep the order SQLite's GROUP BY gave them before.
const byCodeUnits = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** The order of availableTagFilters: by prefix, then value, ignoring case. */
export const byTag = (x: { prefix: string; value: string }, y: { prefix: string; value: string }) =>
  byText(x.prefix, y.prefix) || byText(x.value, y.value);

/** The facets of a matching set's counts (filter-match.ts, tally). */
export function facetsOf(index: CatalogueIndex, counts: Counts): Facets {
  const availableVendors: Facets['availableVendors'] = [];
  for (let code = 0; code < counts.vendorCounts.length; code += 1) {
    const count = counts.vendorCounts[code] ?? 0;
    const name = index.vendors.names[code] ?? '';
    if (count > 0 && name !== '') availableVendors.push({ name, count });
  }
  const availableTagFilters: Facets['availableTagFilters'] = [];
  for (let code = 0; code < counts.tagCounts.length; code += 1) {
    const count = counts.tagCounts[code] ?? 0;
    const [prefix = '', value = ''] = [index.tagPrefix[code], index.tagValue[code]];
    if (count > 0) availableTagFilters.push({ prefix, value, count });
  }
  availableVendors
    .sort((x, y) => byCodeUnits(x.name, y.name))
    .sort((x, y) => byText(x.name, y.name));
  availableTagFilters
    .sort((x, y) => byCodeUnits(x.prefix, y.prefix) || byCodeUnits(x.value, y.value))
    .sort(byTag);
  const prefixes = [...new Set(availableTagFilters.map((tag) => tag.prefix))];
  return {
    totalObjects: counts.total,
    availableTagPrefixes: prefixes.sort(byCodeUnits).sort(byText),
    availableTagFilters,
    availableVendors,
    productMaxPrice: counts.maxPriceCents / 100,
  };
}
