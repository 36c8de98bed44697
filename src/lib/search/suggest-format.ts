/**
 * The search box's suggestion index: what the build writes (publisher/suggest-index.ts) and
 * the browser reads (./suggest-client.ts). Pagefind scores every page that holds a word before
 * it returns any: at 100,000 products 'wheel' (18,000 pages) took about a second in Chromium,
 * and its page metadata for every product was 1.6 MB before the first answer. The dropdown
 * shows 4 products and 4 categories; this index answers it with a few small files.
 *
 * - **Words** (a product's title, part numbers and brand, as ./term-match.ts splits them) are
 *   sorted and cut into blocks of about BLOCK_BYTES; the manifest names each block by its
 *   first word. A query word reads only the blocks its prefix falls in.
 * - Each word's **postings** are the products that hold it, by product id ascending, with a
 *   value that says where (part number, title, elsewhere), the product's price bucket and the
 *   length of its title: enough to rank and to keep to a price range without another file.
 * - A prefix whose words fill more than RANGE_LIMIT_KB of blocks ('ipd', the prefix of every
 *   product code) has its best TOP_HITS products precomputed instead (`tops`).
 * - **Products** to show (title, URL, picture, price, part number) are in chunks of
 *   DOCS_PER_CHUNK by id; **collections** are one small file; each collection's products (the
 *   category picker's scope) are a file of their own, read only when that category is chosen.
 *
 * Blocks, tops and sets are named by a hash of their content, so a publish rewrites only
 * those that changed and browsers may keep them; the manifest and the product chunks are
 * revalidated.
 */

/** Under the site root. */
export const SUGGEST_DIR = 'suggest';
export const MANIFEST_FILE = 'index.json';
export const DOCS_PER_CHUNK = 64;
/** Roughly the raw size of a block of words; one word with more postings is a block alone. */
export const BLOCK_BYTES = 32 * 1024;
/** A query word whose blocks add up to more than this reads its prefix's tops instead. */
export const RANGE_LIMIT_KB = 192;
/** Products kept per heavy prefix. */
export const TOP_HITS = 32;
/** Query words shorter than this are left out when the query has a longer one (as the API does). */
export const SHORT_WORD = 3;

/** Where in a product a word was found; a posting keeps the best. */
export const FIELD = { code: 0, title: 1, other: 2 } as const;
export type Field = (typeof FIELD)[keyof typeof FIELD];

/** Title lengths above this count as this (words). */
const MAX_TITLE_WORDS = 15;

/**
 * A posting's value: the field (2 bits), the price bucket (3 bits, search-record.ts
 * PRICE_BUCKETS) and the title's length in words (4 bits).
 */
export function postingValue(field: Field, priceBucket: number, titleWords: number): number {
  return field | (priceBucket << 2) | (Math.min(titleWords, MAX_TITLE_WORDS) << 5);
}

export const postingField = (value: number): Field => (value & 3) as Field;
export const postingPriceBucket = (value: number): number => (value >> 2) & 7;
export const postingTitleWords = (value: number): number => (value >> 5) & 15;

/**
 * How well a word matched a product; lower ranks first ("an exact part number
 * first, then part-number prefixes, then title words").
 */
export const MATCH = {
  exactCode: 0,
  codePrefix: 2,
  titleWord: 4,
  titlePrefix: 5,
  other: 6,
} as const;

/** The match class of query word `query` found as indexed word `word` in `field`. */
export function matchClass(query: string, word: string, field: Field): number {
  const exact = query === word;
  if (field === FIELD.code) return exact ? MATCH.exactCode : MATCH.codePrefix;
  if (field === FIELD.title) return exact ? MATCH.titleWord : MATCH.titlePrefix;
  return MATCH.other;
}

/** One block in the manifest: its first word, its file's hash and its size in KB. */
export type BlockEntry = [first: string, hash: string, kb: number];

export interface SuggestManifest {
  version: 1;
  blocks: BlockEntry[];
  /** A query word whose blocks add up to more KB than this reads `tops` (RANGE_LIMIT_KB). */
  limitKb: number;
  /** Hash of the tops file (heavy prefix -> flat [id, class, value, ...]); '' for none. */
  tops: string;
  /** Hash of the collections file. */
  collections: string;
  /** Collection id -> hash of its products' file. */
  sets: Record<string, string>;
}

/** A product as the dropdown shows it. */
export interface SuggestDoc {
  url: string;
  title: string;
  image: string;
  price: string;
  partNumber: string;
}

/** A collection as the dropdown matches and shows it. */
export interface SuggestCollection {
  url: string;
  title: string;
  image: string;
  /** The title and its ancestors' titles, as matched. */
  words: string;
  /** Its id and its ancestors' ids (the category picker's scope). */
  within: number[];
}

/** A block file: words in order, and each word's postings as flat [id delta, value, ...]. */
export interface BlockFile {
  words: string[];
  postings: number[][];
}

export const blockPath = (hash: string) => `${SUGGEST_DIR}/w/${hash}.json`;
export const topsPath = (hash: string) => `${SUGGEST_DIR}/tops.${hash}.json`;
export const collectionsPath = (hash: string) => `${SUGGEST_DIR}/collections.${hash}.json`;
export const setPath = (id: string, hash: string) => `${SUGGEST_DIR}/c/${id}.${hash}.json`;
export const docsPath = (chunk: number) => `${SUGGEST_DIR}/d/${String(chunk)}.json`;
export const chunkOf = (id: number) => Math.floor(id / DOCS_PER_CHUNK);

/**
 * The indexes of the blocks that may hold words starting with `prefix`: from the last block
 * whose first word is not after the prefix, to the last block whose first word starts at or
 * before the end of the prefix's range.
 */
export function blockRange(blocks: readonly BlockEntry[], prefix: string): [number, number] {
  let low = 0;
  let high = blocks.length - 1;
  let first = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((blocks[mid]?.[0] ?? '') <= prefix) {
      first = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  let last = first;
  while (last + 1 < blocks.length && (blocks[last + 1]?.[0] ?? '').startsWith(prefix)) last++;
  return [first, last];
}

/** The size in KB of the blocks in a range. */
export function rangeKb(blocks: readonly BlockEntry[], [first, last]: [number, number]): number {
  let kb = 0;
  for (let i = first; i <= last; i++) kb += blocks[i]?.[2] ?? 0;
  return kb;
}

/** Postings as flat [id delta, value, ...] with ids ascending; decoded as [id, value] pairs. */
export function encodePostings(postings: readonly (readonly [number, number])[]): number[] {
  const flat: number[] = [];
  let previous = 0;
  for (const [id, value] of postings) {
    flat.push(id - previous, value);
    previous = id;
  }
  return flat;
}

export function* decodePostings(flat: readonly number[]): Generator<[number, number]> {
  let id = 0;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    id += flat[i] ?? 0;
    yield [id, flat[i + 1] ?? 0];
  }
}

/** Ids ascending as deltas (a collection's products). */
export function encodeIds(ids: readonly number[]): number[] {
  return ids.map((id, i) => id - (i > 0 ? (ids[i - 1] ?? 0) : 0));
}

export function decodeIds(deltas: readonly number[]): number[] {
  let id = 0;
  return deltas.map((delta) => (id += delta));
}
