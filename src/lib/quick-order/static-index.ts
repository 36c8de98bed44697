import { partKey } from '../../../shared/parts/cross-reference.ts';
import { dropdownSearch, SuggestIndex } from '../search/suggest-client.ts';
import type { SearchHit } from '../search/search-box.ts';

/**
 * The quick order beside the store's static part-number index, the search box's suggestion
 * files (issue 32, items 1 and 3): suggestions as a row is typed, and, while the store cannot
 * be reached, the part each row names, so the list is still checked by number (price and
 * stock wait for the store).
 */

let shared: SuggestIndex | undefined;
const index = () => (shared ??= new SuggestIndex());

/** Up to 4 parts whose numbers (or titles) start with what was typed. */
export async function numberSuggestions(text: string): Promise<SearchHit[]> {
  if (partKey(text).length < 3) return [];
  return (await dropdownSearch(index(), text)).products;
}

/** Rows looked up at most while the store is unreachable: the first of a long list. */
export const OFFLINE_LOOKUPS = 100;

/**
 * The part a number names in the static index: the one product whose own part number it is,
 * in any spelling; undefined for none, or for a number two parts share.
 */
export async function staticPart(part: string): Promise<SearchHit | undefined> {
  const key = partKey(part);
  if (!key) return undefined;
  const { products } = await dropdownSearch(index(), part);
  const same = products.filter((hit) => partKey(hit.partNumber ?? '') === key);
  return same.length === 1 ? same[0] : undefined;
}
