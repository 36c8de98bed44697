// zod's small build: this runs in the browser, where the full build costs about 25 kB gzipped.
import { z } from 'zod/mini';
import { DROPDOWN_CATEGORIES, DROPDOWN_PRODUCTS, type SearchHit } from './search-box.ts';

/** The part of Pagefind's browser API (pagefind.js) the dropdown uses. */
export interface PagefindApi {
  options?: (options: Record<string, unknown>) => Promise<void>;
  init?: () => Promise<void>;
  search: (
    term: string,
    options?: { filters?: Record<string, string> },
  ) => Promise<{ results: { data: () => Promise<unknown> }[] } | null>;
}

/**
 * Where the build writes the two indexes (scripts/lib/build-site.ts): products, and the
 * collections (the dropdown's Categories) in a small index of their own. One index with a
 * `type` filter made every dropdown search intersect its hits with the 100,000 products'
 * filter list: 7 s for "wheel" in Chromium at 100,000 products, against 1 s without it.
 */
export const PAGEFIND_URL = '/pagefind/pagefind.js';
export const COLLECTIONS_PAGEFIND_URL = '/pagefind/collections/pagefind.js';

const fragment = z.object({
  url: z.string(),
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

/** Loads a pagefind.js once, on first use; a failed load is retried on the next search. */
export function lazyPagefind(load: PagefindLoader = importIndex(PAGEFIND_URL)): PagefindLoader {
  let loading: Promise<PagefindApi> | undefined;
  return () => {
    loading ??= load().then(
      async (api) => {
        await api.options?.({ excerptLength: 0 });
        await api.init?.();
        return api;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
}

async function firstHits(
  api: PagefindApi,
  term: string,
  filters: Record<string, string>,
  count: number,
): Promise<SearchHit[]> {
  const found = await api.search(term, { filters });
  if (!found) return [];
  // Only the shown results' fragments are fetched: a few kilobytes per query.
  const data = await Promise.all(found.results.slice(0, count).map((result) => result.data()));
  return data.map(toHit).filter((hit): hit is SearchHit => hit !== null);
}

/**
 * The products index, loaded once per page: the search box and the results list's fallback
 * share it, so its options and init run once.
 */
export const productIndex = lazyPagefind();

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
): Promise<{ categories: SearchHit[]; products: SearchHit[] }> {
  const within: Record<string, string> = categoryId ? { categoryId } : {};
  const [categories, products] = await Promise.all([
    firstHits(indexes.collections, term, within, DROPDOWN_CATEGORIES),
    firstHits(indexes.products, term, within, DROPDOWN_PRODUCTS),
  ]);
  return { categories, products };
}
