/**
 * The sort orders of GET /api/products/filter (spec storefront 9): the `sortBy` values the
 * API orders by and the results list offers, with the labels the list shows ('' is the
 * default order). The spec names top_rated and best_selling without labels: 'Top Rated' and
 * 'Best Selling', in the title case shoppers know from other stores.
 */
export const SORT_OPTIONS = [
  { value: '', label: 'Default' },
  { value: 'id_asc', label: 'Older' },
  { value: 'id_desc', label: 'Newer' },
  { value: 'title_asc', label: 'Title A-Z ascending' },
  { value: 'title_desc', label: 'Title A-Z descending' },
  { value: 'price_asc', label: 'Price lowest to highest' },
  { value: 'price_desc', label: 'Price highest to lowest' },
  { value: 'top_rated', label: 'Top Rated' },
  { value: 'best_selling', label: 'Best Selling' },
] as const;

/** A `sortBy` value ('' is the default order). */
export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

/**
 * A known sort, else '' (spec storefront 5: "otherwise treated as empty"); case and
 * surrounding spaces do not matter.
 * @example parseSort(' PRICE_ASC ') // 'price_asc'
 */
export function parseSort(raw: string | null | undefined): SortValue {
  const value = (raw ?? '').trim().toLowerCase();
  const known = SORT_OPTIONS.find((option) => option.value === value);
  return known ? known.value : '';
}
