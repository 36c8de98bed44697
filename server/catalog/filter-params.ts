import { parseSort, type SortValue } from '../../shared/contracts/product-sorts.ts';
import { parseSearchText, type TextSearch } from './search.ts';

/**
 * The query parameters of GET /api/products/filter (spec storefront 2 search results,
 * 3 "Search query object", 5 and 9; account-and-shell 7 for `vendor` and `fields`), read
 * leniently: a search never fails on a strange parameter, it falls back to the default
 * the spec gives (unknown sort: default order; page size not in the list: 24).
 */

/** Sort options of spec storefront 9 ('' is the default: relevance, else catalogue order). */
export type Sort = SortValue;

/** Page sizes the API accepts (spec storefront 9 plus the 4-card preview, 10 and 25). */
export const PAGE_SIZES = [4, 8, 10, 16, 24, 25, 48, 64, 76] as const;
export const DEFAULT_PAGE_SIZE = 24;
/** Deepest page served; far beyond any catalogue, it keeps OFFSET arithmetic small. */
export const MAX_PAGE = 100_000;
/** Most collection ids in `c` and tag filters in `t` used from one request. */
export const MAX_LIST = 50;

export interface TagFilter {
  prefix: string;
  value: string;
}

export interface FilterParams {
  /** From `q`; undefined when absent or holding nothing searchable. */
  text: TextSearch | undefined;
  /** From `c`; undefined when absent. Descendant collections count too. */
  collectionIds: number[] | undefined;
  /**
   * From `v` (and `vendor`), each repeatable: exact, case-insensitive names; products of any
   * of them match (a shopper picks several brands in the filter panel). Empty: no filter.
   */
  vendors: string[];
  /** From `t`: filters of one prefix are alternatives; different prefixes all apply. */
  tags: TagFilter[];
  minPriceCents: number | undefined;
  maxPriceCents: number | undefined;
  availableForSaleOnly: boolean;
  sortBy: Sort;
  limit: number;
  /** Zero-based (spec storefront 4). */
  page: number;
  /** Card keys to reply with (id always); undefined for whole cards. */
  fields: string[] | undefined;
  /**
   * From `fits=crown/pth50` (issue 31): only the products that may fit that model, each card
   * with its verdict. A model the store lacks matches nothing (the route answers 404 first).
   */
  fits: ModelRef | undefined;
  /** From `serial`, with `fits`: the serial on the shopper's data plate, for the verdicts. */
  serial: string | undefined;
}

/** A machine model by its brand's handle and its own, as in its page's address. */
export interface ModelRef {
  brandHandle: string;
  handle: string;
}

/** Longer than any handle or data plate's serial: not one. */
const MAX_MODEL_REF = 200;

/** `crown/pth50` as a model reference; undefined for anything else. */
export function modelRef(raw: string | null | undefined): ModelRef | undefined {
  const match = /^([a-z0-9-]+)\/([a-z0-9-]+)$/.exec((raw ?? '').trim().toLowerCase());
  if (!match || (raw ?? '').length > MAX_MODEL_REF) return undefined;
  const [, brandHandle = '', handle = ''] = match;
  return { brandHandle, handle };
}

/** Cents from "12", "12.5" or "$12.50"; undefined for anything else (ignored, not refused). */
export function priceCents(raw: string | null): number | undefined {
  const text = raw?.trim().replace(/^\$/, '');
  if (!text || !/^\d{1,9}(?:\.\d*)?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}

/** Positive ids from a comma list, deduplicated, in order; at most `max`. */
export function idList(raw: string | null | undefined, max: number): number[] {
  const ids = (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id >= 1 && id <= 2 ** 31);
  return [...new Set(ids)].slice(0, max);
}

/**
 * Tag filters from `t` values (repeated, or comma lists). spec storefront 5: a filter is
 * split at the first underscore or comma into prefix and value, so "Size_10 in",
 * "Size,10 in" and "Material_Nylon,Size_10 in" all work: a comma-separated part without an
 * underscore takes the next part as its value.
 */
export function tagFilters(values: readonly string[]): TagFilter[] {
  const filters: TagFilter[] = [];
  for (const raw of values) {
    const parts = raw.split(',').map((part) => part.trim());
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i] ?? '';
      const at = part.indexOf('_');
      let filter: TagFilter | undefined;
      if (at > 0) filter = { prefix: part.slice(0, at), value: part.slice(at + 1) };
      else if (at < 0 && part && i + 1 < parts.length) {
        filter = { prefix: part, value: parts[i + 1] ?? '' };
        i += 1;
      }
      if (filter && filter.value.trim()) {
        filters.push({ prefix: filter.prefix.trim(), value: filter.value.trim() });
      }
    }
  }
  return filters.slice(0, MAX_LIST);
}

/** Reads every filter parameter from a request's query string. */
export function parseFilterParams(query: URLSearchParams): FilterParams {
  const collections = idList(query.get('c'), MAX_LIST);
  const vendors = new Map<string, string>();
  for (const raw of [...query.getAll('v'), ...query.getAll('vendor')]) {
    const name = raw.trim().slice(0, 200);
    if (name && !vendors.has(name.toLowerCase())) vendors.set(name.toLowerCase(), name);
  }
  const limit = Number(query.get('limit'));
  const page = query.get('page')?.trim() ?? '';
  const fields = query.get('fields');
  const flag = query.get('availableForSaleOnly')?.trim().toLowerCase();
  const fits = query.get('fits');
  const serial = query.get('serial')?.trim().slice(0, 64);
  return {
    text: parseSearchText(query.get('q') ?? ''),
    // A `c` without one usable id is no collection filter at all.
    collectionIds: collections.length > 0 ? collections : undefined,
    vendors: [...vendors.values()].slice(0, MAX_LIST),
    tags: tagFilters(query.getAll('t')),
    minPriceCents: priceCents(query.get('minPrice')),
    maxPriceCents: priceCents(query.get('maxPrice')),
    availableForSaleOnly: flag === 'true' || flag === '1',
    sortBy: parseSort(query.get('sortBy')),
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    page: /^\d+$/.test(page) ? Math.min(Number(page), MAX_PAGE) : 0,
    fields: fields?.trim()
      ? [
          ...new Set(
            fields
              .split(',')
              .map((name) => name.trim())
              .filter(Boolean),
          ),
        ]
      : undefined,
    // A `fits` that names no model in the right shape still filters: to nothing.
    fits:
      fits === null || fits.trim() === ''
        ? undefined
        : (modelRef(fits) ?? { brandHandle: '', handle: '' }),
    serial: serial || undefined,
  };
}
