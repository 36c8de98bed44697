import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { PRICE_BUCKETS, RECORD_TYPE, type SearchRecord } from '../src/lib/search/search-record.ts';
import {
  BLOCK_BYTES,
  blockPath,
  blockRange,
  chunkOf,
  collectionsPath,
  docsPath,
  encodeIds,
  FIELD,
  MANIFEST_FILE,
  matchClass,
  postingField,
  postingTitleWords,
  postingValue,
  rangeKb,
  RANGE_LIMIT_KB,
  setPath,
  SUGGEST_DIR,
  TOP_HITS,
  topsPath,
  type BlockEntry,
  type Field,
  type SuggestCollection,
  type SuggestManifest,
} from '../src/lib/search/suggest-format.ts';
import { contentWords, queryWords } from '../src/lib/search/term-match.ts';
import { writeAtomically } from '../web/precompress.ts';

/**
 * Writes the search box's suggestion index (src/lib/search/suggest-format.ts says what it
 * holds and why) from the build's search records.
 */

/** word -> flat [id, value, ...], ids ascending (products are read in id order). */
type Postings = Map<string, number[]>;

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 12);

const isProduct = (record: SearchRecord) =>
  record.filters.type?.includes(RECORD_TYPE.product) === true && record.id !== undefined;

const bucketOf = (price: number) =>
  Math.max(
    0,
    PRICE_BUCKETS.findLastIndex((from) => price >= from),
  );

/** A product's words with the best field each was found in. */
function productWords(record: SearchRecord): Map<string, Field> {
  const words = new Map<string, Field>();
  const add = (word: string, field: Field) => {
    const before = words.get(word);
    if (before === undefined || field < before) words.set(word, field);
  };
  const [title = '', codes = ''] = record.content.split('\n');
  for (const word of contentWords(title)) add(word, FIELD.title);
  for (const code of codes.split(/\s+/).filter(Boolean)) {
    // The whole part number (punctuation removed) is a code; its parts ("5288" of "85-5288")
    // are found too, as less than a part number.
    const [whole = ''] = queryWords(code);
    for (const word of contentWords(code)) add(word, word === whole ? FIELD.code : FIELD.other);
  }
  for (const vendor of record.filters.vendor ?? []) {
    for (const word of contentWords(vendor)) add(word, FIELD.other);
  }
  return words;
}

/** `products` in id order. */
function collectPostings(products: readonly SearchRecord[]): Postings {
  const postings: Postings = new Map();
  for (const record of products) {
    const id = record.id ?? 0;
    const title = record.meta.title ?? '';
    const bucket = bucketOf(Number(record.meta.price ?? 0));
    const titleWords = title.split(/\s+/).filter(Boolean).length;
    for (const [word, field] of productWords(record)) {
      let flat = postings.get(word);
      if (!flat) postings.set(word, (flat = []));
      flat.push(id, postingValue(field, bucket, titleWords));
    }
  }
  return postings;
}

/**
 * Flat postings [id, value, ...] as encodePostings writes them (ids as differences), without
 * making a pair of each: 100,000 products have millions of postings.
 */
function encodedFlat(flat: readonly number[]): number[] {
  const encoded = new Array<number>(flat.length - (flat.length % 2));
  let previous = 0;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const id = flat[i] ?? 0;
    encoded[i] = id - previous;
    encoded[i + 1] = flat[i + 1] ?? 0;
    previous = id;
  }
  return encoded;
}

interface Block {
  words: string[];
  /** Each word's encoded postings as JSON text. */
  texts: string[];
  bytes: number;
}

/** Words in order, cut into blocks of about BLOCK_BYTES. */
function cutBlocks(words: readonly string[], postings: Postings, blockBytes: number): Block[] {
  const blocks: Block[] = [];
  let current: Block = { words: [], texts: [], bytes: 0 };
  for (const word of words) {
    const text = JSON.stringify(encodedFlat(postings.get(word) ?? []));
    const bytes = word.length + text.length + 4;
    if (current.words.length > 0 && current.bytes + bytes > blockBytes) {
      blocks.push(current);
      current = { words: [], texts: [], bytes: 0 };
    }
    current.words.push(word);
    current.texts.push(text);
    current.bytes += bytes;
  }
  if (current.words.length > 0) blocks.push(current);
  return blocks;
}

/** The first index in sorted `words` not before `key`. */
function lowerBound(words: readonly string[], key: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((words[mid] ?? '') < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A product's match class and posting value in one number (a value takes 9 bits). */
const VALUE_BITS = 9;
const ranked = (rank: number, value: number) => (rank << VALUE_BITS) | value;
const rankOf = (packed: number) => packed >> VALUE_BITS;
const valueOf = (packed: number) => packed & ((1 << VALUE_BITS) - 1);

/** The best TOP_HITS of `best` (id -> ranked class and value): by class, title length, then id. */
function topOf(best: Map<number, number>): number[] {
  // Few distinct keys (class and title length): bucket them, then sort only what is kept.
  const buckets = new Map<number, number[]>();
  for (const [id, packed] of best) {
    const key = rankOf(packed) * 16 + postingTitleWords(valueOf(packed));
    const ids = buckets.get(key) ?? [];
    ids.push(id);
    buckets.set(key, ids);
  }
  const kept: number[] = [];
  for (const key of [...buckets.keys()].sort((a, b) => a - b)) {
    for (const id of (buckets.get(key) ?? []).sort((a, b) => a - b)) {
      if (kept.length >= TOP_HITS * 3) break;
      const packed = best.get(id) ?? 0;
      kept.push(id, rankOf(packed), valueOf(packed));
    }
  }
  return kept;
}

/**
 * The best TOP_HITS products of every prefix too heavy to read (RANGE_LIMIT_KB), ranked as
 * the browser ranks a one-word query (src/lib/search/suggest-rank.ts): flat [id, class,
 * value, ...].
 */
function heavyTops(
  words: readonly string[],
  postings: Postings,
  entries: readonly BlockEntry[],
  limitKb: number,
): Record<string, number[]> {
  const tops: Record<string, number[]> = {};
  const visit = (prefix: string) => {
    if (rangeKb(entries, blockRange(entries, prefix)) <= limitKb) return;
    const from = lowerBound(words, prefix);
    const to = lowerBound(words, `${prefix}\uffff`);
    // Each longer prefix, found by jumping over the words that share it.
    for (let i = from; i < to;) {
      const ch = words[i]?.[prefix.length];
      if (ch === undefined) {
        i++;
        continue;
      }
      visit(prefix + ch);
      i = lowerBound(words, `${prefix}${ch}\uffff`);
    }
    // The empty prefix is never a query word.
    if (!prefix) return;
    const best = new Map<number, number>();
    for (let i = from; i < to; i++) {
      const word = words[i] ?? '';
      const flat = postings.get(word) ?? [];
      for (let at = 0; at + 1 < flat.length; at += 2) {
        const id = flat[at] ?? 0;
        const value = flat[at + 1] ?? 0;
        const rank = matchClass(prefix, word, postingField(value));
        const kept = best.get(id);
        if (kept === undefined || rank < rankOf(kept)) best.set(id, ranked(rank, value));
      }
    }
    tops[prefix] = topOf(best);
  };
  visit('');
  return tops;
}

function collectionOf(record: SearchRecord): SuggestCollection {
  return {
    url: record.url,
    title: record.meta.title ?? '',
    image: record.meta.image ?? '',
    words: record.content,
    within: (record.filters.categoryId ?? []).map(Number),
  };
}

/** The products of `records` in id order, as the index reads them. */
const productsOf = (records: readonly SearchRecord[]) =>
  records.filter(isProduct).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));

/** A product's entry in its documents chunk: what the suggestions show of it. */
function docOf(record: SearchRecord): unknown[] {
  const { title = '', image = '', price = '', partNumber = '' } = record.meta;
  return [record.id ?? 0, record.url, title, image, price, partNumber];
}

/**
 * What the rest of the index holds of a product (its words, blocks, tops and collections'
 * sets): its words with their posting values and its collections. A price that stays in its
 * bucket, a new image or URL change none of it.
 */
function indexedOf(record: SearchRecord): string {
  const bucket = bucketOf(Number(record.meta.price ?? 0));
  const titleWords = (record.meta.title ?? '').split(/\s+/).filter(Boolean).length;
  const values = [...productWords(record)].map(([word, field]) => [
    word,
    postingValue(field, bucket, titleWords),
  ]);
  return JSON.stringify([values, [...new Set(record.filters.categoryId ?? [])]]);
}

/**
 * The documents chunks to write again when the index made from `before` differs from the one
 * of `records` in them alone (price changes within a bucket, a product's image or URL: what a
 * warm publish mostly sees); undefined when anything else differs (a word, a bucket, a
 * product added or removed, a collection), and the whole index is made again.
 */
export function changedDocs(
  records: readonly SearchRecord[],
  before: readonly SearchRecord[],
  /**
   * The records that differ from `before`'s, each with the one it replaces, when the caller
   * compared them already (search-index.ts changedRecords): then the records are the same
   * list in the same order but these.
   */
  changed?: ReadonlyMap<SearchRecord, SearchRecord>,
): Map<string, string> | undefined {
  const now = productsOf(records);
  const chunks = new Set<number>();
  const differs = (record: SearchRecord, old: SearchRecord) => {
    if (indexedOf(old) !== indexedOf(record)) return true;
    chunks.add(chunkOf(record.id ?? 0));
    return false;
  };
  if (changed) {
    for (const [record, old] of changed)
      if (!isProduct(record) || !isProduct(old) || differs(record, old)) return undefined;
  } else {
    const others = (list: readonly SearchRecord[]) =>
      JSON.stringify(list.filter((record) => !isProduct(record)));
    if (others(records) !== others(before)) return undefined;
    const then = productsOf(before);
    if (now.length !== then.length) return undefined;
    for (const [i, record] of now.entries()) {
      const old = then[i];
      if (!old || old.id !== record.id) return undefined;
      if (JSON.stringify(old) === JSON.stringify(record)) continue;
      if (differs(record, old)) return undefined;
    }
  }
  const docs = new Map<number, unknown[][]>([...chunks].map((chunk) => [chunk, []]));
  for (const record of now) docs.get(chunkOf(record.id ?? 0))?.push(docOf(record));
  return new Map([...docs].map(([chunk, list]) => [docsPath(chunk), JSON.stringify(list)]));
}

export interface SuggestSizes {
  /** Roughly the raw size of a block (BLOCK_BYTES). */
  blockBytes?: number;
  /** Blocks above this many KB a query word reads tops instead (RANGE_LIMIT_KB). */
  limitKb?: number;
}

/** Every file of the index, by its path under the site root. */
export function suggestFiles(
  records: readonly SearchRecord[],
  { blockBytes = BLOCK_BYTES, limitKb = RANGE_LIMIT_KB }: SuggestSizes = {},
): Map<string, string> {
  const files = new Map<string, string>();
  const products = productsOf(records);
  const postings = collectPostings(products);
  const words = [...postings.keys()].sort();
  const blocks = cutBlocks(words, postings, blockBytes);
  const entries: BlockEntry[] = blocks.map((block) => {
    const text = `{"words":${JSON.stringify(block.words)},"postings":[${block.texts.join(',')}]}`;
    const hash = hashOf(text);
    files.set(blockPath(hash), text);
    return [block.words[0] ?? '', hash, Math.ceil(text.length / 1024)];
  });

  const topsText = JSON.stringify(heavyTops(words, postings, entries, limitKb));
  const tops = hashOf(topsText);
  files.set(topsPath(tops), topsText);

  const collectionsText = JSON.stringify(
    records.filter((record) => !isProduct(record)).map(collectionOf),
  );
  const collections = hashOf(collectionsText);
  files.set(collectionsPath(collections), collectionsText);

  const members = new Map<string, number[]>();
  const chunks = new Map<number, unknown[][]>();
  for (const record of products) {
    const id = record.id ?? 0;
    for (const collection of new Set(record.filters.categoryId ?? [])) {
      const ids = members.get(collection) ?? [];
      ids.push(id);
      members.set(collection, ids);
    }
    const chunk = chunks.get(chunkOf(id)) ?? [];
    chunk.push(docOf(record));
    chunks.set(chunkOf(id), chunk);
  }
  const sets: Record<string, string> = {};
  for (const [collection, ids] of [...members].sort(([a], [b]) => Number(a) - Number(b))) {
    const text = JSON.stringify(encodeIds(ids));
    sets[collection] = hashOf(text);
    files.set(setPath(collection, sets[collection]), text);
  }
  for (const [chunk, docs] of chunks) files.set(docsPath(chunk), JSON.stringify(docs));

  const manifest: SuggestManifest = {
    version: 1,
    blocks: entries,
    limitKb,
    tops,
    collections,
    sets,
  };
  files.set(`${SUGGEST_DIR}/${MANIFEST_FILE}`, JSON.stringify(manifest));
  return files;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes the index into `outDir/suggest/`; returns the files written. A warm publish's
 * release holds the live release's files as hard links: a file with the same bytes is kept,
 * a changed one is replaced (a new file, never written in place, with its compressed copies
 * gone until made again), and one no longer in the index is removed.
 */
export async function writeSuggestIndex(
  outDir: string,
  records: readonly SearchRecord[],
  before?: readonly SearchRecord[],
  /** The records that differ from `before`'s, when compared already (changedDocs). */
  changed?: ReadonlyMap<SearchRecord, SearchRecord>,
): Promise<string[]> {
  const root = join(outDir, SUGGEST_DIR);
  // `outDir` holds the index made from `before` (a warm release): only its chunks that
  // differ are written (a price change took 4 s of the whole index at 100,000 products).
  const docs =
    before && existsSync(join(root, MANIFEST_FILE))
      ? changedDocs(records, before, changed)
      : undefined;
  const files = docs ?? suggestFiles(records);
  const written: string[] = [];
  for (const file of docs ? [] : await listFiles(root)) {
    const path = relative(outDir, file);
    const base = path.replace(/\.(gz|br)$/, '');
    if (!files.has(base)) await rm(file, { force: true });
  }
  for (const [path, text] of files) {
    const file = join(outDir, path);
    const before = await readFile(file, 'utf8').catch(() => undefined);
    if (before === text) continue;
    await mkdir(dirname(file), { recursive: true });
    await rm(`${file}.gz`, { force: true });
    await rm(`${file}.br`, { force: true });
    await writeAtomically(file, text);
    written.push(file);
  }
  return written;
}
