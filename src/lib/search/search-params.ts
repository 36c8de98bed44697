/**
 * The search query object of the results list (spec storefront 3 "Search query object", 4
 * "Search parameters", 5 and 9): the state behind /search.php and collection product lists,
 * read from and written back to the URL, and turned into the query of
 * GET /api/products/filter.
 *
 * Page numbers: zero-based in the state and on the wire (spec storefront 4: "The wire page
 * number is zero-based"), one-based in the address bar, as people count pages and as the
 * prerendered collection pages are numbered (`?page=2` is the second page). A page parameter
 * that is not a whole number of at least 1 reads as the first page.
 */

import {
  parseSort,
  SORT_OPTIONS,
  type SortValue,
} from '../../../shared/contracts/product-sorts.ts';

// The sort orders are the API's as much as the list's: one list for both (spec storefront 9).
export { parseSort, SORT_OPTIONS, type SortValue };

/** spec storefront 9: the page size options. */
export const PAGE_SIZES = [8, 16, 24, 48, 64, 76] as const;

/** spec storefront 5 and 9: a search runs only when q or v has at least this many characters. */
export const MIN_QUERY_LENGTH = 3;

/** The longest serial the list sends: a longer one is no data plate's but a paste gone wrong. */
export const MAX_SERIAL_LENGTH = 32;

export interface TagFilter {
  prefix: string;
  value: string;
}

/** The search state. Empty strings and undefined mean "not set". */
export interface SearchParams {
  q: string;
  /** Collection ids. */
  c: number[];
  /** Brands: the spec's `v`, repeated in the address when a shopper picks several. */
  v: string[];
  t: TagFilter[];
  minPrice: number | undefined;
  maxPrice: number | undefined;
  /** '' when absent or not a known option (spec storefront 5). */
  sortBy: SortValue;
  /** undefined when absent or not an allowed size (spec storefront 5): the default applies. */
  limit: number | undefined;
  /** Zero-based. */
  page: number;
  /**
   * The machine the list is narrowed to (issue 31, item 8: "choosing a machine filters
   * collection and search results (`fits=`)"): 'brand/model' handles, '' for none.
   */
  fits: string;
  /** The serial on the machine's data plate, for the cards' verdicts; '' without `fits`. */
  serial: string;
}

export const EMPTY_PARAMS: SearchParams = {
  q: '',
  c: [],
  v: [],
  t: [],
  minPrice: undefined,
  maxPrice: undefined,
  sortBy: '',
  limit: undefined,
  page: 0,
  fits: '',
  serial: '',
};

/** An allowed page size, else undefined (spec storefront 5: "otherwise treated as empty"). */
export function parseLimit(raw: string | number | null | undefined): number | undefined {
  const value = typeof raw === 'number' ? raw : Number((raw ?? '').trim() || NaN);
  return (PAGE_SIZES as readonly number[]).includes(value) ? value : undefined;
}

/** The page size in force: the chosen one, else the store's defaultLimitPerPage. */
export const effectiveLimit = (params: SearchParams, defaultLimit: number): number =>
  params.limit ?? parseLimit(defaultLimit) ?? PAGE_SIZES[2];

/** A price bound: a finite number of at least 0 ("$12.50" accepted), else undefined. */
export function parsePrice(raw: string | null | undefined): number | undefined {
  const text = (raw ?? '').trim().replace(/^\$/, '');
  if (!/^\d{1,9}(?:\.\d{0,2})?$/.test(text)) return undefined;
  return Number(text);
}

/**
 * A tag filter parameter split at the first underscore or comma into prefix and value
 * (spec storefront 5); undefined when either side is empty.
 * @example parseTagFilter('Size_10 in') // { prefix: 'Size', value: '10 in' }
 * @example parseTagFilter('Material,Nylon_blend') // { prefix: 'Material', value: 'Nylon_blend' }
 */
export function parseTagFilter(raw: string): TagFilter | undefined {
  const at = raw.search(/[_,]/);
  if (at <= 0) return undefined;
  const prefix = raw.slice(0, at).trim();
  const value = raw.slice(at + 1).trim();
  return prefix && value ? { prefix, value } : undefined;
}

/**
 * The case variants tried for a tag prefix or value (spec storefront 5, "case variants
 * tried"): as written, lower case, upper case, capitalised, title case; no duplicates.
 * @example caseVariants('wheel size') // ['wheel size', 'WHEEL SIZE', 'Wheel size', 'Wheel Size']
 */
export function caseVariants(text: string): string[] {
  const lower = text.toLowerCase();
  const capitalised = lower.charAt(0).toUpperCase() + lower.slice(1);
  const titled = lower.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => {
    return space + letter.toUpperCase();
  });
  return [...new Set([text, lower, text.toUpperCase(), capitalised, titled])];
}

/**
 * The tag filter as the catalogue spells it: the first case variant of prefix and value
 * that the filter reply lists among its availableTagFilters, else the filter as given.
 */
export function resolveTagFilter(
  filter: TagFilter,
  available: readonly { prefix: string; value: string }[],
): TagFilter {
  for (const prefix of caseVariants(filter.prefix)) {
    for (const value of caseVariants(filter.value)) {
      if (available.some((tag) => tag.prefix === prefix && tag.value === value)) {
        return { prefix, value };
      }
    }
  }
  return filter;
}

/** "prefix_value", the form a tag filter travels in. */
export const tagParam = (tag: TagFilter): string => `${tag.prefix}_${tag.value}`;

/** Brand names, trimmed, each once whatever its case (the API matches them ignoring case). */
function vendorList(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  return raw
    .map((name) => name.trim())
    .filter((name) => {
      const key = name.toLowerCase();
      if (!name || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** One handle of a brand or model, as the catalogue writes them. */
const HANDLE = '[a-z0-9]+(?:-[a-z0-9]+)*';
const FITS_PATTERN = new RegExp(`^${HANDLE}/${HANDLE}$`);

/**
 * A `fits` parameter: 'brand/model' handles (lower-cased, as the API reads them), else ''.
 * Longer than 200 characters is no handle pair either (the API's own limit).
 * @example parseFits(' Crown/PTH50 ') // 'crown/pth50'
 * @example parseFits('crown') // ''
 */
export function parseFits(raw: string | null | undefined): string {
  const text = (raw ?? '').trim().toLowerCase();
  return text.length <= 200 && FITS_PATTERN.test(text) ? text : '';
}

/**
 * A serial for the verdicts: trimmed; '' when there is no machine to read it against or it
 * is longer than MAX_SERIAL_LENGTH (dropped, not cut: a cut serial could read as fitting).
 */
export function parseSerialParam(raw: string | null | undefined, fits: string): string {
  const text = (raw ?? '').trim();
  return fits && text.length <= MAX_SERIAL_LENGTH ? text : '';
}

function idList(raw: string | null): number[] {
  const ids = (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id >= 1);
  return [...new Set(ids)];
}

/**
 * The state from a URL's query string. `fixed` holds parameters a page fixes (a collection
 * page's `c`): they win over the query string.
 * @example parseSearchParams('?q=wheel&page=2&limit=7').page // 1 (zero-based; limit 7 is empty)
 */
export function parseSearchParams(
  search: string | URLSearchParams,
  fixed: Partial<SearchParams> = {},
): SearchParams {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = (query.get('page') ?? '').trim();
  const fits = parseFits(query.get('fits'));
  const tags = query
    .getAll('t')
    .map(parseTagFilter)
    .filter((tag): tag is TagFilter => tag !== undefined);
  return {
    q: (query.get('q') ?? '').trim(),
    c: idList(query.get('c')),
    v: vendorList(query.getAll('v')),
    t: tags,
    minPrice: parsePrice(query.get('minPrice')),
    maxPrice: parsePrice(query.get('maxPrice')),
    sortBy: parseSort(query.get('sortBy')),
    limit: parseLimit(query.get('limit')),
    page: /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) - 1 : 0,
    fits,
    serial: parseSerialParam(query.get('serial'), fits),
    ...fixed,
  };
}

/**
 * The query string for the address bar (one-based page; defaults left out). Parameters in
 * `omit` are left out too (a collection page's own `c` is its path, not a parameter).
 * @example searchParamsToQuery({ ...EMPTY_PARAMS, q: 'wheel', page: 1 }) // 'q=wheel&page=2'
 */
export function searchParamsToQuery(
  params: SearchParams,
  omit: readonly (keyof SearchParams)[] = [],
): string {
  const query = new URLSearchParams();
  const put = (key: keyof SearchParams, value: string) => {
    if (value && !omit.includes(key)) query.append(key, value);
  };
  put('q', params.q);
  put('c', params.c.join(','));
  for (const vendor of params.v) put('v', vendor);
  for (const tag of params.t) put('t', tagParam(tag));
  put('fits', params.fits);
  put('serial', params.fits ? params.serial : '');
  put('minPrice', params.minPrice === undefined ? '' : String(params.minPrice));
  put('maxPrice', params.maxPrice === undefined ? '' : String(params.maxPrice));
  put('sortBy', params.sortBy);
  put('limit', params.limit === undefined ? '' : String(params.limit));
  put('page', params.page > 0 ? String(params.page + 1) : '');
  // The machine reads as the issue writes it, `fits=crown/pth50`: a slash needs no escape in
  // a query (RFC 3986, 3.4), and a handle holds nothing else that would.
  return query.toString().replace(/(^|&)fits=([a-z0-9-]+)%2F/, '$1fits=$2/');
}

/** The query of GET /api/products/filter (zero-based page; spec storefront 4 and 7). */
export function filterQuery(params: SearchParams, defaultLimit: number): URLSearchParams {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.c.length > 0) query.set('c', params.c.join(','));
  for (const vendor of params.v) query.append('v', vendor);
  for (const tag of params.t) query.append('t', tagParam(tag));
  if (params.fits) query.set('fits', params.fits);
  if (params.fits && params.serial) query.set('serial', params.serial);
  if (params.minPrice !== undefined) query.set('minPrice', String(params.minPrice));
  if (params.maxPrice !== undefined) query.set('maxPrice', String(params.maxPrice));
  if (params.sortBy) query.set('sortBy', params.sortBy);
  query.set('limit', String(effectiveLimit(params, defaultLimit)));
  query.set('page', String(params.page));
  return query;
}

/**
 * Whether the list should fetch (spec storefront 5: "Search runs only when q or v has at
 * least 3 characters (skipped when both are shorter)"). A list scoped by collection ids
 * (a collection page) always runs: it has no words to wait for. So does a list narrowed to
 * a machine (issue 31, item 8): /search.php with only `fits` lists that machine's parts.
 */
export function shouldSearch(params: SearchParams): boolean {
  if (params.fits) return true;
  if (params.c.length > 0 && !params.q && params.v.length === 0) return true;
  return (
    params.q.length >= MIN_QUERY_LENGTH ||
    params.v.some((vendor) => vendor.length >= MIN_QUERY_LENGTH)
  );
}

/** One change a person makes to the search. */
export type SearchChange =
  | { kind: 'q'; value: string }
  | { kind: 'v'; value: readonly string[] }
  | { kind: 'c'; value: number[] }
  | { kind: 't'; value: TagFilter[] }
  | { kind: 'minPrice'; value: number | undefined }
  | { kind: 'maxPrice'; value: number | undefined }
  | { kind: 'sortBy'; value: string }
  | { kind: 'limit'; value: number | string | undefined }
  | { kind: 'page'; value: number }
  /** The machine and its serial together ('' and '' for none): the serial means nothing alone. */
  | { kind: 'fits'; value: { fits: string; serial: string } };

/**
 * The state after one change (spec storefront 4): any change other than page resets page to
 * 0; a change of q clears tag filters and vendor; sort and page size are validated as on
 * the way in. A change to the same value changes nothing (the same object comes back).
 */
export function applyChange(params: SearchParams, change: SearchChange): SearchParams {
  let next: SearchParams;
  switch (change.kind) {
    case 'page': {
      const page = Math.max(0, Math.trunc(change.value) || 0);
      return page === params.page ? params : { ...params, page };
    }
    case 'q': {
      const q = change.value.trim();
      if (q === params.q) return params;
      next = { ...params, q, t: [], v: [] };
      break;
    }
    case 'v': {
      const v = vendorList(change.value);
      if (v.join('\n') === params.v.join('\n')) return params;
      next = { ...params, v };
      break;
    }
    case 'c':
      next = { ...params, c: [...new Set(change.value)] };
      break;
    case 't':
      next = { ...params, t: [...change.value] };
      break;
    case 'minPrice':
      if (change.value === params.minPrice) return params;
      next = { ...params, minPrice: change.value };
      break;
    case 'maxPrice':
      if (change.value === params.maxPrice) return params;
      next = { ...params, maxPrice: change.value };
      break;
    case 'sortBy': {
      const sortBy = parseSort(change.value);
      if (sortBy === params.sortBy) return params;
      next = { ...params, sortBy };
      break;
    }
    case 'limit': {
      const limit = parseLimit(change.value);
      if (limit === params.limit) return params;
      next = { ...params, limit };
      break;
    }
    case 'fits': {
      const fits = parseFits(change.value.fits);
      const serial = parseSerialParam(change.value.serial, fits);
      if (fits === params.fits && serial === params.serial) return params;
      next = { ...params, fits, serial };
      break;
    }
  }
  return { ...next, page: 0 };
}
