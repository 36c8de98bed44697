import { partKey } from '../../../shared/parts/cross-reference.ts';
import { dropdownSearch, SuggestIndex } from '../search/suggest-client.ts';

/**
 * The quick order's reads of the static suggestion index (issue 32, items 1 and 3), the files
 * the search box reads, published with the site: part numbers suggested while a row is typed,
 * and the rows' parts found while the store's API cannot be reached. Loaded by the pad with
 * import() the first time it needs them.
 */

/** A part as the static index knows it: no stock, and a price that may be out of date. */
export interface StaticPart {
  partNumber: string;
  title: string;
  url: string;
}

/** Most numbers looked up in the static index for one offline list (the rest wait). */
export const MAX_STATIC_LOOKUPS = 100;
/** Lookups at a time: each reads a few small files, most of them cached after the first. */
const CONCURRENT = 4;

const partOf = (hit: { url: string; title: string; partNumber?: string | undefined }) =>
  hit.partNumber ? { partNumber: hit.partNumber, title: hit.title, url: hit.url } : undefined;

/** The static index's reads for one page; tests pass one over files in memory. */
export function createStaticParts(index = new SuggestIndex()) {
  return {
    /** Up to four parts whose numbers (ours or another maker's) or titles start as typed. */
    async suggest(typed: string): Promise<StaticPart[]> {
      const { products } = await dropdownSearch(index, typed);
      return products.flatMap((hit) => partOf(hit) ?? []);
    },

    /**
     * The part each number names as its own, by partKey: a number the index does not hold as a
     * part's own (another maker's, a variant's, a mistyped one) is left out, as is any past
     * MAX_STATIC_LOOKUPS, and so is a number two parts share (the shopper must choose).
     */
    async find(parts: readonly string[]): Promise<Map<string, StaticPart>> {
      const keys = [...new Set(parts.map(partKey).filter(Boolean))].slice(0, MAX_STATIC_LOOKUPS);
      const byKey = new Map(parts.map((part) => [partKey(part), part]));
      const found = new Map<string, StaticPart>();
      let next = 0;
      const work = async () => {
        while (next < keys.length) {
          const key = keys[next++] ?? '';
          const { products } = await dropdownSearch(index, byKey.get(key) ?? key);
          const own = products.filter((hit) => partKey(hit.partNumber ?? '') === key);
          const part = own.length === 1 && own[0] ? partOf(own[0]) : undefined;
          if (part) found.set(key, part);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENT }, work));
      return found;
    },
  };
}

export type StaticParts = ReturnType<typeof createStaticParts>;

/** The page's one reader. */
export const staticParts: StaticParts = createStaticParts();
