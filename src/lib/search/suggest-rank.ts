import { PRICE_BUCKETS } from './search-record.ts';
import type { PriceRange } from './search-box.ts';
import {
  decodePostings,
  matchClass,
  postingField,
  postingPriceBucket,
  postingTitleWords,
  SHORT_WORD,
  type BlockFile,
} from './suggest-format.ts';
import { queryWords, wordMatches } from './term-match.ts';

/**
 * The suggestion index's ranking (./suggest-format.ts): which products hold every query word,
 * in which order. Pure, so the build's precomputed tops and the browser agree.
 */

/** Product id -> [match class, posting value] for one query word. */
export type WordMatches = Map<number, [number, number]>;

/**
 * The words a query searches for: folded, without punctuation, each once; words shorter than
 * SHORT_WORD are left out when a longer one is there, as the results page's API leaves them
 * out ("seal k" previews seal products, not every word starting with k).
 */
export function searchWords(term: string): string[] {
  const words = [...new Set(queryWords(term))];
  const long = words.filter((word) => word.length >= SHORT_WORD);
  return long.length > 0 ? long : words;
}

/**
 * The products of `blocks` that match query word `query` with their best class: every
 * indexed word that `wordMatches` it, or only the words it starts (`prefixOnly`, when the
 * other endings' range is too heavy to read).
 */
export function matchesIn(
  blocks: readonly BlockFile[],
  query: string,
  prefixOnly = false,
): WordMatches {
  const found: WordMatches = new Map();
  for (const block of blocks) {
    block.words.forEach((word, index) => {
      if (prefixOnly ? !word.startsWith(query) : !wordMatches(query, word)) return;
      for (const [id, value] of decodePostings(block.postings[index] ?? [])) {
        const rank = matchClass(query, word, postingField(value));
        const kept = found.get(id);
        if (!kept || rank < kept[0]) found.set(id, [rank, value]);
      }
    });
  }
  return found;
}

/** A heavy prefix's precomputed tops (flat [id, class, value, ...]) as matches. */
export function matchesOfTops(flat: readonly number[]): WordMatches {
  const found: WordMatches = new Map();
  for (let i = 0; i + 2 < flat.length; i += 3) {
    found.set(flat[i] ?? 0, [flat[i + 1] ?? 0, flat[i + 2] ?? 0]);
  }
  return found;
}

/** The price buckets that overlap a range (their indexes in PRICE_BUCKETS). */
export function bucketsWithin({ minPrice, maxPrice }: PriceRange): Set<number> {
  const buckets = new Set<number>();
  PRICE_BUCKETS.forEach((from, index) => {
    const to = PRICE_BUCKETS[index + 1] ?? Infinity;
    if ((maxPrice === null || from <= maxPrice) && (minPrice === null || to > minPrice))
      buckets.add(index);
  });
  return buckets;
}

export interface RankOptions {
  /** Only these products (a chosen category's). */
  within?: ReadonlySet<number> | undefined;
  /** Only products whose price bucket is one of these (their exact price is checked after). */
  buckets?: ReadonlySet<number> | undefined;
}

/**
 * The products that match every word, best first: by the sum of their words' classes (an
 * exact part number before a part-number prefix before title words), then their best class,
 * then shorter titles (a title that is mostly the query), then id.
 */
export function rankProducts(perWord: readonly WordMatches[], options: RankOptions = {}): number[] {
  if (perWord.length === 0) return [];
  const [smallest, ...others] = [...perWord].sort((a, b) => a.size - b.size);
  if (!smallest) return [];
  const ranked: { id: number; sum: number; best: number; length: number }[] = [];
  for (const [id, [rank, value]] of smallest) {
    if (options.within && !options.within.has(id)) continue;
    if (options.buckets && !options.buckets.has(postingPriceBucket(value))) continue;
    let sum = rank;
    let best = rank;
    let holds = true;
    for (const other of others) {
      const match = other.get(id);
      if (!match) {
        holds = false;
        break;
      }
      sum += match[0];
      best = Math.min(best, match[0]);
    }
    if (holds) ranked.push({ id, sum, best, length: postingTitleWords(value) });
  }
  ranked.sort((a, b) => a.sum - b.sum || a.best - b.best || a.length - b.length || a.id - b.id);
  return ranked.map((entry) => entry.id);
}
