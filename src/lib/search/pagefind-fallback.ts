/**
 * The fallback of the results list when the API cannot be reached (DESIGN, Search): the
 * same words searched in the static Pagefind index, which the CDN serves without the API.
 * Pagefind knows title, image, price and URL of a product (src/lib/search/search-record.ts),
 * so a fallback card has those and nothing else.
 */
import { holdsWords, toHit, type PagefindApi } from './pagefind-client.ts';
import { queryWords } from './term-match.ts';
import type { SearchHit } from './search-box.ts';

export type { PagefindApi };

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

/** Maps index hits to fallback cards; hits without a title or off this site are skipped. */
export function fallbackCards(hits: readonly SearchHit[]): FallbackCard[] {
  return hits.flatMap((hit) => {
    const title = hit.title.trim();
    // A path on this site: '//host/…' would leave it.
    if (!title || !hit.url.startsWith('/') || hit.url.startsWith('//')) return [];
    const price = Number(hit.price);
    return [
      {
        url: hit.url,
        title,
        image: hit.image.trim() || null,
        price: hit.price && Number.isFinite(price) && price >= 0 ? price : null,
      },
    ];
  });
}

/**
 * The words the fallback searches: the query, else the vendor name; none for a list of the
 * parts that fit a machine, which the index cannot tell (issue 31, item 12: fitment is not in
 * Pagefind), so the list says it failed rather than show parts as if they fit.
 */
export const fallbackWords = (params: { q: string; v: readonly string[]; fits: string }): string =>
  params.fits ? '' : (params.q || params.v.join(' ')).trim();

/**
 * One page of fallback results for `words`: the total number of matching products and the
 * cards of the zero-based `page` of `limit`. Results that do not hold every word (Pagefind's
 * back-off in a shard without the word: ./term-match.ts) are left out; they score below the
 * real ones, so the first page that has one is the last, and the total ends there.
 */
export async function searchFallback(
  pagefind: PagefindApi,
  words: string,
  page: number,
  limit: number,
): Promise<{ total: number; pages: number; cards: FallbackCard[] }> {
  // The products index holds only products (publisher/search-index.ts).
  const found = await pagefind.search(words);
  const results = found?.results ?? [];
  const slice = results.slice(page * limit, page * limit + limit);
  const data = await Promise.all(slice.map((result) => result.data()));
  const query = queryWords(words);
  const held = data.filter((one) => holdsWords(one, query));
  const cards = fallbackCards(held.map(toHit).filter((hit): hit is SearchHit => hit !== null));
  const total = held.length < data.length ? page * limit + held.length : results.length;
  return { total, pages: Math.max(1, Math.ceil(total / limit)), cards };
}
