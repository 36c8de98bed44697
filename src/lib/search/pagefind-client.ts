// zod's small build: this runs in the browser, where the full build costs about 25 kB gzipped.
import { z } from 'zod/mini';
import { manifestEmpty, manifestShards, SHARDS_FILE, shardDir } from './pagefind-shards.ts';
import { holdsEveryWord, queryWords } from './term-match.ts';
import {
  DROPDOWN_CATEGORIES,
  DROPDOWN_PRODUCTS,
  inPriceRange,
  type PriceRange,
  type SearchHit,
} from './search-box.ts';

const NO_PRICE_RANGE: PriceRange = { minPrice: null, maxPrice: null };

/** The part of Pagefind's browser API (pagefind.js) the dropdown uses. */
export interface PagefindApi {
  options?: (options: Record<string, unknown>) => Promise<void>;
  init?: () => Promise<void>;
  mergeIndex?: (path: string, options?: Record<string, unknown>) => Promise<void>;
  search: (
    term: string,
    options?: { filters?: Record<string, string> },
  ) => Promise<{ results: { data: () => Promise<unknown> }[] } | null>;
}

/**
 * Where the build writes the two indexes (scripts/lib/search-index.ts): products, in shards
 * (./pagefind-shards.ts) merged into one runtime, and the collections (the dropdown's
 * Categories) in a small index of their own. One index with a
 * `type` filter made every dropdown search intersect its hits with the 100,000 products'
 * filter list: 7 s for "wheel" in Chromium at 100,000 products, against 1 s without it.
 */
const PAGEFIND_BASE = '/pagefind/';
export const PAGEFIND_URL = `${PAGEFIND_BASE}pagefind.js`;
export const SHARDS_URL = `${PAGEFIND_BASE}${SHARDS_FILE}`;
export const COLLECTIONS_PAGEFIND_URL = '/pagefind/collections/pagefind.js';

const fragment = z.object({
  url: z.string(),
  content: z.optional(z.string()),
  meta: z.object({
    title: z.string(),
    image: z.optional(z.string()),
    price: z.optional(z.string()),
    partNumber: z.optional(z.string()),
  }),
});

/** A Pagefind result's data as a hit, or null for a record of another shape. */
export function toHit(data: unknown): SearchHit | null {
  const parsed = fragment.safeParse(data);
  if (!parsed.success) return null;
  const { url, meta } = parsed.data;
  return {
    url,
    title: meta.title,
    image: meta.image ?? '',
    price: meta.price,
    partNumber: meta.partNumber,
  };
}

export type PagefindLoader = () => Promise<PagefindApi>;

/** The dropdown's two indexes. */
export interface DropdownIndexes {
  products: PagefindApi;
  collections: PagefindApi;
}

const importIndex = (url: string) => () => import(/* @vite-ignore */ url) as Promise<PagefindApi>;

const OPTIONS = { excerptLength: 0 };

/**
 * Loads a pagefind.js once, on first use, then runs `merge` (the products' other shards); a
 * failed load or merge is tried again on the next search.
 */
export function lazyPagefind(
  load: PagefindLoader = importIndex(PAGEFIND_URL),
  merge: (api: PagefindApi) => Promise<void> = () => Promise.resolve(),
): PagefindLoader {
  let loading: Promise<PagefindApi> | undefined;
  return () => {
    loading ??= load()
      .then(async (api) => {
        await api.options?.(OPTIONS);
        await api.init?.();
        await merge(api);
        return api;
      })
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
}

/**
 * Merges the products' shards 1 to n-1 (src/lib/search/pagefind-shards.ts) into the runtime
 * of shard 0. No manifest (404) is an index from before sharding, one shard; any other
 * failure fails the load, so that a search never quietly misses most of the catalogue.
 */
export async function mergeShards(
  api: PagefindApi,
  get: (url: string) => Promise<Response> = (url) => fetch(url),
): Promise<void> {
  const reply = await get(SHARDS_URL);
  if (reply.status === 404) return;
  if (!reply.ok) throw new Error(`${SHARDS_URL} answered ${String(reply.status)}`);
  const manifest: unknown = await reply.json();
  const empty = manifestEmpty(manifest);
  const merged = Array.from({ length: manifestShards(manifest) }, (_, shard) => shard).filter(
    (shard) => shard > 0 && !empty.has(shard),
  );
  const mergeIndex = api.mergeIndex?.bind(api);
  if (!merged.length) return;
  if (!mergeIndex) throw new Error('This pagefind.js cannot merge the index shards.');
  // A load tried again gets the same module back: a shard merged before is not merged twice.
  const done = mergedShards.get(api) ?? new Set<string>();
  mergedShards.set(api, done);
  await Promise.all(
    merged
      .map((shard) => `${PAGEFIND_BASE}${shardDir(shard)}`)
      .filter((path) => !done.has(path))
      .map(async (path) => {
        await mergeIndex(path, OPTIONS);
        done.add(path);
      }),
  );
}

const mergedShards = new WeakMap<PagefindApi, Set<string>>();

/**
 * Whether a result's data holds every query word (./term-match.ts): a result that Pagefind
 * found by backing off in a shard without the word does not. Data without content passes.
 */
export function holdsWords(data: unknown, words: readonly string[]): boolean {
  const parsed = fragment.safeParse(data);
  const content = parsed.success ? parsed.data.content : undefined;
  return content === undefined || holdsEveryWord(words, content);
}

/**
 * How many results the dropdown reads at most to find those that hold every word, and within
 * a price range (the range is checked here: a Pagefind filter over 100,000 products costs
 * seconds, see above).
 */
const DROPDOWN_CHECKED = 24;
const DROPDOWN_CHECKED_PRICED = 48;

async function firstHits(
  api: PagefindApi,
  term: string,
  filters: Record<string, string>,
  count: number,
  prices: PriceRange = NO_PRICE_RANGE,
): Promise<SearchHit[]> {
  const found = await api.search(term, { filters });
  if (!found) return [];
  const words = queryWords(term);
  const hits: SearchHit[] = [];
  // Only the shown results' fragments are fetched, a few at a time: a few kilobytes per query.
  const priced = prices.minPrice !== null || prices.maxPrice !== null;
  const results = found.results.slice(0, priced ? DROPDOWN_CHECKED_PRICED : DROPDOWN_CHECKED);
  for (let start = 0; start < results.length && hits.length < count; start += count) {
    const data = await Promise.all(results.slice(start, start + count).map((r) => r.data()));
    for (const one of data) {
      const hit = holdsWords(one, words) ? toHit(one) : null;
      const inRange = !priced || inPriceRange(hit?.price ? Number(hit.price) : NaN, prices);
      if (hit && inRange && hits.length < count) hits.push(hit);
    }
  }
  return hits;
}

/**
 * The products index, loaded once per page: the search box and the results list's fallback
 * share it, so its options and init run once.
 */
export const productIndex = lazyPagefind(importIndex(PAGEFIND_URL), mergeShards);

/** Both indexes of the dropdown, from loaders that load once (lazyPagefind). */
export function lazyDropdownIndexes(
  products: PagefindLoader = productIndex,
  collections: PagefindLoader = lazyPagefind(importIndex(COLLECTIONS_PAGEFIND_URL)),
): () => Promise<DropdownIndexes> {
  return async () => {
    const [productApi, collectionApi] = await Promise.all([products(), collections()]);
    return { products: productApi, collections: collectionApi };
  };
}

/**
 * The dropdown's two groups for a term (spec storefront 2, "Search box"): matching
 * categories and the first 4 products, both inside the chosen category when there is one.
 */
export async function dropdownSearch(
  indexes: DropdownIndexes,
  term: string,
  categoryId = '',
  /** The products' prices (search-box.ts previewPrices); categories have none. */
  prices: PriceRange = NO_PRICE_RANGE,
): Promise<{ categories: SearchHit[]; products: SearchHit[] }> {
  const within: Record<string, string> = categoryId ? { categoryId } : {};
  const [categories, products] = await Promise.all([
    firstHits(indexes.collections, term, within, DROPDOWN_CATEGORIES),
    firstHits(indexes.products, term, within, DROPDOWN_PRODUCTS, prices),
  ]);
  return { categories, products };
}
