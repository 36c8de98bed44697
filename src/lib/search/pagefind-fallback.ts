/**
 * The fallback of the results list when the API cannot be reached (DESIGN, Search): the
 * same words searched in the static Pagefind index, which the CDN serves without the API.
 * Pagefind knows title, image, price and URL of a product (src/lib/search/search-record.ts),
 * so a fallback card has those and nothing else.
 */

/** The notice shown above fallback results instead of an error. */
export const FALLBACK_NOTICE =
  'Our live catalogue is not answering right now, so these results come from our saved search index. Prices and stock may have changed; the product page shows the current ones.';

/** One product found in the static index. */
export interface FallbackCard {
  url: string;
  title: string;
  image: string | null;
  /** The indexed price, or null when the record has none. */
  price: number | null;
}

/** The part of a Pagefind result's data() the fallback reads. */
export interface PagefindData {
  url: string;
  meta?: Record<string, string | undefined>;
}

/** Maps Pagefind result data to fallback cards; records without a title are skipped. */
export function fallbackCards(results: readonly PagefindData[]): FallbackCard[] {
  return results.flatMap((data) => {
    const title = data.meta?.title?.trim();
    if (!title || !data.url.startsWith('/')) return [];
    const price = Number(data.meta?.price);
    return [
      {
        url: data.url,
        title,
        image: data.meta?.image?.trim() || null,
        price: data.meta?.price && Number.isFinite(price) && price >= 0 ? price : null,
      },
    ];
  });
}

/** The words the fallback searches: the query, else the vendor name. */
export const fallbackWords = (params: { q: string; v: string }): string =>
  (params.q || params.v).trim();

/** The minimal Pagefind API the fallback uses (pagefind.js, Pagefind 1.x). */
export interface PagefindApi {
  search: (
    term: string,
    options?: { filters?: Record<string, string | string[]> },
  ) => Promise<{ results: { data: () => Promise<PagefindData> }[] } | null>;
}

let loading: Promise<PagefindApi> | undefined;

/** Loads /pagefind/pagefind.js once, on demand (it is not part of the page's bundle). */
export function loadPagefind(path = '/pagefind/pagefind.js'): Promise<PagefindApi> {
  loading ??= (import(/* @vite-ignore */ path) as Promise<PagefindApi>).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * One page of fallback results for `words`: the total number of matching products and the
 * cards of the zero-based `page` of `limit`.
 */
export async function searchFallback(
  pagefind: PagefindApi,
  words: string,
  page: number,
  limit: number,
): Promise<{ total: number; cards: FallbackCard[] }> {
  // The products index holds only products (scripts/lib/build-site.ts).
  const found = await pagefind.search(words);
  const results = found?.results ?? [];
  const slice = results.slice(page * limit, page * limit + limit);
  const cards = fallbackCards(await Promise.all(slice.map((result) => result.data())));
  return { total: results.length, cards };
}
