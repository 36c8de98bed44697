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
  DOCS_PER_CHUNK,
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
    for (const [word, value] of wordValues(record)) {
      let flat = postings.get(word);
      if (!flat) postings.set(word, (flat = []));
      flat.push(id, value);
    }
  }
  return postings;
}

/** A product's words with their posting values, as collectPostings posts them. */
function wordValues(record: SearchRecord): Map<string, number> {
  const bucket = bucketOf(Number(record.meta.price ?? 0));
  const titleWords = (record.meta.title ?? '').split(/\s+/).filter(Boolean).length;
  const values = new Map<string, number>();
  for (const [word, field] of productWords(record))
    values.set(word, postingValue(field, bucket, titleWords));
  return values;
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

/** Ids below this are kept in a typed array; any others, in a map. */
const DENSE_IDS = 1 << 22;
const dense = (id: number) => Number.isInteger(id) && id >= 0 && id < DENSE_IDS;

/**
 * Each product's best match for one prefix (ranked class and value), by id. Reused from one
 * prefix to the next: the heavy prefixes read millions of postings at 100,000 products, and
 * a map's get and set for each were most of the index's time.
 */
class BestMatches {
  /** Ranked class and value plus one; 0 for none. */
  #dense = new Int32Array(1024);
  readonly #sparse = new Map<number, number>();
  /** The ids with a match, in the order first seen. */
  readonly ids: number[] = [];

  get(id: number): number | undefined {
    const packed = dense(id) ? (this.#dense[id] ?? 0) - 1 : (this.#sparse.get(id) ?? -1);
    return packed < 0 ? undefined : packed;
  }

  /** Keeps `rank` and `value` for `id` unless it has a lower rank already. */
  offer(id: number, rank: number, value: number) {
    const kept = this.get(id);
    if (kept !== undefined && rank >= rankOf(kept)) return;
    if (kept === undefined) this.ids.push(id);
    if (!dense(id)) {
      this.#sparse.set(id, ranked(rank, value));
      return;
    }
    if (id >= this.#dense.length) {
      const grown = new Int32Array(Math.min(DENSE_IDS, Math.max(id + 1, this.#dense.length * 2)));
      grown.set(this.#dense);
      this.#dense = grown;
    }
    this.#dense[id] = ranked(rank, value) + 1;
  }

  clear() {
    for (const id of this.ids) if (dense(id)) this.#dense[id] = 0;
    this.#sparse.clear();
    this.ids.length = 0;
  }
}

/** The best TOP_HITS of `best`: by class, title length, then id. */
function topOf(best: BestMatches): number[] {
  // Few distinct keys (class and title length): bucket them, then sort only what is kept.
  const buckets = new Map<number, number[]>();
  for (const id of best.ids) {
    const packed = best.get(id) ?? 0;
    const key = rankOf(packed) * 16 + postingTitleWords(valueOf(packed));
    const ids = buckets.get(key);
    if (ids) ids.push(id);
    else buckets.set(key, [id]);
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
  /** A prefix's tops when they are known to be what they were (else undefined). */
  kept: (prefix: string) => number[] | undefined = () => undefined,
): Record<string, number[]> {
  const tops: Record<string, number[]> = {};
  const best = new BestMatches();
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
    const known = kept(prefix);
    if (known) {
      tops[prefix] = known;
      return;
    }
    best.clear();
    for (let i = from; i < to; i++) {
      const word = words[i] ?? '';
      const flat = postings.get(word) ?? [];
      for (let at = 0; at + 1 < flat.length; at += 2) {
        const value = flat[at + 1] ?? 0;
        best.offer(flat[at] ?? 0, matchClass(prefix, word, postingField(value)), value);
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
   * How the records differ from `before`'s, when the caller compared them already
   * (search-index.ts diffRecords): records that came or went change more than documents.
   */
  changes?: RecordChanges,
): Map<string, string> | undefined {
  if (changes && (changes.added.length || changes.removed.length)) return undefined;
  const changed = changes?.changed;
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
  sizes: SuggestSizes = {},
): Map<string, string> {
  return SuggestIndex.of(records, sizes).files;
}

/** What a warm publish changed in the records, by URL (search-index.ts diffRecords). */
export interface RecordChanges {
  /** Records that differ, each with the one it replaces. */
  changed: ReadonlyMap<SearchRecord, SearchRecord>;
  added: readonly SearchRecord[];
  removed: readonly SearchRecord[];
}

/** A block as last written: its words (from its key, the first, to `last`) and its file. */
interface KeptBlock {
  count: number;
  last: string;
  text: string;
  entry: BlockEntry;
}

/** The index of pair `id` in flat [id, value, ...] with ids ascending, or where it would go. */
function pairAt(flat: readonly number[], id: number): number {
  let low = 0;
  let high = flat.length / 2;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((flat[mid * 2] ?? 0) < id) low = mid + 1;
    else high = mid;
  }
  return low * 2;
}

/** Inserts `id` into ids ascending, or removes it. */
function toggleId(ids: number[], id: number, present: boolean) {
  const at = lowerBoundNumber(ids, id);
  const there = ids[at] === id;
  if (present && !there) ids.splice(at, 0, id);
  if (!present && there) ids.splice(at, 1);
}

function lowerBoundNumber(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((ids[mid] ?? 0) < id) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The suggestion index of a list of records, kept in memory after its files are written so
 * that the next warm publish changes it record by record: a product added or removed
 * touches its words' postings, the blocks that hold them, the heavy prefixes of those words,
 * its collections' sets and its documents chunk (the whole index took 7 to 8 s at 100,000
 * products, and a publish's search thread made it again whenever a product came or went).
 * `files` is always what suggestFiles would make of the records it was last given; the
 * tests hold the two equal after every kind of change.
 */
export class SuggestIndex {
  /** Every file of the index, by its path under the site root. */
  readonly files = new Map<string, string>();
  readonly #blockBytes: number;
  readonly #limitKb: number;
  readonly #products = new Map<number, SearchRecord>();
  readonly #postings: Postings;
  /** The words in order, and each one's bytes in a block. */
  #words: string[];
  readonly #bytes = new Map<string, number>();
  /** The blocks by their first word. */
  #blocks = new Map<string, KeptBlock>();
  #entries: BlockEntry[] = [];
  #tops: Record<string, number[]> = {};
  /** Each collection's products, ids ascending, and the hash of its file. */
  readonly #members = new Map<string, number[]>();
  readonly #sets = new Map<string, string>();
  #topsHash = '';
  #collectionsHash = '';
  /** False when two products share an id: such records are only ever indexed whole. */
  readonly #updatable: boolean;

  private constructor(records: readonly SearchRecord[], sizes: SuggestSizes) {
    this.#blockBytes = sizes.blockBytes ?? BLOCK_BYTES;
    this.#limitKb = sizes.limitKb ?? RANGE_LIMIT_KB;
    const products = productsOf(records);
    for (const record of products) this.#products.set(record.id ?? 0, record);
    this.#updatable = this.#products.size === products.length;
    this.#postings = collectPostings(products);
    this.#words = [...this.#postings.keys()].sort();
    for (const record of products) {
      const id = record.id ?? 0;
      for (const collection of new Set(record.filters.categoryId ?? [])) {
        const ids = this.#members.get(collection);
        if (ids) ids.push(id);
        else this.#members.set(collection, [id]);
      }
    }
    this.#cut(new Set(this.#words));
    this.#writeTops();
    this.#writeCollections(records);
    this.#writeSets(new Set(this.#members.keys()));
    const chunks = new Map<number, unknown[][]>();
    for (const record of products) {
      const chunk = chunkOf(record.id ?? 0);
      const docs = chunks.get(chunk);
      if (docs) docs.push(docOf(record));
      else chunks.set(chunk, [docOf(record)]);
    }
    for (const [chunk, docs] of chunks) this.files.set(docsPath(chunk), JSON.stringify(docs));
    this.#writeManifest();
  }

  /** The index of `records`. */
  static of(records: readonly SearchRecord[], sizes: SuggestSizes = {}): SuggestIndex {
    return new SuggestIndex(records, sizes);
  }

  /**
   * Brings the index to `records`, which differ from the records it holds by `changes`;
   * returns the paths whose text changed or that are gone, or undefined (the index left as
   * it was) when the changes do not apply: a record it does not hold, an id twice. The
   * caller then makes the index of `records` afresh.
   */
  update(
    records: readonly SearchRecord[],
    changes: RecordChanges,
  ): { written: string[]; gone: string[] } | undefined {
    const before: SearchRecord[] = [...changes.removed, ...changes.changed.values()].filter(
      isProduct,
    );
    const after: SearchRecord[] = [...changes.added, ...changes.changed.keys()].filter(isProduct);
    if (!this.#applies(before, after)) return undefined;
    const old = new Map(this.files);

    const leaving = new Map(before.map((record) => [record.id ?? 0, record]));
    const coming = new Map(after.map((record) => [record.id ?? 0, record]));
    const words = new Set<string>();
    const chunks = new Set<number>();
    const collections = new Set<string>();
    for (const id of new Set([...leaving.keys(), ...coming.keys()])) {
      const was = leaving.get(id);
      const is = coming.get(id);
      // Only the postings that differ: a price within its bucket changes none.
      const wasWords = was ? wordValues(was) : new Map<string, number>();
      const isWords = is ? wordValues(is) : new Map<string, number>();
      for (const word of wasWords.keys()) {
        if (isWords.has(word)) continue;
        this.#post(word, id, undefined);
        words.add(word);
      }
      for (const [word, value] of isWords) {
        if (wasWords.get(word) === value) continue;
        this.#post(word, id, value);
        words.add(word);
      }
      const wasIn = new Set(was?.filters.categoryId ?? []);
      const isIn = new Set(is?.filters.categoryId ?? []);
      for (const collection of wasIn) {
        if (isIn.has(collection)) continue;
        this.#member(collection, id, false);
        collections.add(collection);
      }
      for (const collection of isIn) {
        if (wasIn.has(collection)) continue;
        this.#member(collection, id, true);
        collections.add(collection);
      }
      chunks.add(chunkOf(id));
      if (is) this.#products.set(id, is);
      else this.#products.delete(id);
    }

    // Words that came or went take or leave their place in the order.
    for (const word of words) {
      const at = lowerBound(this.#words, word);
      const listed = this.#words[at] === word;
      if (this.#postings.has(word) && !listed) this.#words.splice(at, 0, word);
      if (!this.#postings.has(word) && listed) this.#words.splice(at, 1);
    }
    this.#cut(words);
    this.#writeTops(words);
    this.#writeCollections(records);
    this.#writeSets(collections);
    for (const chunk of chunks) {
      const docs: unknown[][] = [];
      for (let id = chunk * DOCS_PER_CHUNK; id < (chunk + 1) * DOCS_PER_CHUNK; id++) {
        const record = this.#products.get(id);
        if (record) docs.push(docOf(record));
      }
      if (docs.length) this.files.set(docsPath(chunk), JSON.stringify(docs));
      else this.files.delete(docsPath(chunk));
    }
    this.#writeManifest();

    const written = [...this.files].filter(([path, text]) => old.get(path) !== text);
    const gone = [...old.keys()].filter((path) => !this.files.has(path));
    return { written: written.map(([path]) => path), gone };
  }

  /** Whether `before` are products the index holds and `after` leaves every id once. */
  #applies(before: readonly SearchRecord[], after: readonly SearchRecord[]): boolean {
    if (!this.#updatable) return false;
    const leaving = new Set<number>();
    for (const record of before) {
      const id = record.id ?? 0;
      const held = this.#products.get(id);
      if (!held || leaving.has(id)) return false;
      if (held !== record && JSON.stringify(held) !== JSON.stringify(record)) return false;
      leaving.add(id);
    }
    const coming = new Set<number>();
    for (const record of after) {
      const id = record.id ?? 0;
      if (coming.has(id) || (this.#products.has(id) && !leaving.has(id))) return false;
      coming.add(id);
    }
    return true;
  }

  /** Sets product `id`'s posting of `word` to `value`, or removes it (undefined). */
  #post(word: string, id: number, value: number | undefined) {
    let flat = this.#postings.get(word);
    if (!flat) {
      if (value === undefined) return;
      this.#postings.set(word, (flat = []));
    }
    const at = pairAt(flat, id);
    const there = flat[at] === id && at < flat.length;
    if (value === undefined) {
      if (there) flat.splice(at, 2);
      if (!flat.length) this.#postings.delete(word);
    } else if (there) flat[at + 1] = value;
    else flat.splice(at, 0, id, value);
  }

  #member(collection: string, id: number, present: boolean) {
    let ids = this.#members.get(collection);
    if (!ids) this.#members.set(collection, (ids = []));
    toggleId(ids, id, present);
    if (!ids.length) this.#members.delete(collection);
  }

  /**
   * Cuts the words into blocks again (cutBlocks' cuts, from the bytes of each word); a block
   * with the same words as before, none of them in `changed`, keeps its text.
   */
  #cut(changed: ReadonlySet<string>) {
    const texts = new Map<string, string>();
    for (const word of changed) {
      const flat = this.#postings.get(word);
      if (!flat) {
        this.#bytes.delete(word);
        continue;
      }
      const text = JSON.stringify(encodedFlat(flat));
      texts.set(word, text);
      this.#bytes.set(word, word.length + text.length + 4);
    }
    const dirty = this.#blocks.size ? [...changed].sort() : [];
    const touches = (first: string, last: string) => {
      const at = lowerBound(dirty, first);
      return at < dirty.length && (dirty[at] ?? '') <= last;
    };
    const blocks = new Map<string, KeptBlock>();
    const entries: BlockEntry[] = [];
    const close = (from: number, to: number) => {
      const first = this.#words[from] ?? '';
      const last = this.#words[to - 1] ?? '';
      const kept = this.#blocks.get(first);
      let block: KeptBlock;
      if (kept && kept.count === to - from && kept.last === last && !touches(first, last))
        block = kept;
      else {
        const words = this.#words.slice(from, to);
        const postings = words.map(
          (word) => texts.get(word) ?? JSON.stringify(encodedFlat(this.#postings.get(word) ?? [])),
        );
        const text = `{"words":${JSON.stringify(words)},"postings":[${postings.join(',')}]}`;
        const hash = hashOf(text);
        block = {
          count: to - from,
          last,
          text,
          entry: [first, hash, Math.ceil(text.length / 1024)],
        };
      }
      blocks.set(first, block);
      entries.push(block.entry);
    };
    let from = 0;
    let bytes = 0;
    for (let i = 0; i < this.#words.length; i++) {
      const size = this.#bytes.get(this.#words[i] ?? '') ?? 0;
      if (i > from && bytes + size > this.#blockBytes) {
        close(from, i);
        from = i;
        bytes = 0;
      }
      bytes += size;
    }
    if (this.#words.length > from) close(from, this.#words.length);
    for (const block of this.#blocks.values()) this.files.delete(blockPath(block.entry[1]));
    for (const block of blocks.values()) this.files.set(blockPath(block.entry[1]), block.text);
    this.#blocks = blocks;
    this.#entries = entries;
  }

  /** The tops of the heavy prefixes (heavyTops), made again for those of `changed` words. */
  #writeTops(changed?: ReadonlySet<string>) {
    const dirty = [...(changed ?? [])].sort();
    const before = this.#tops;
    const kept = (prefix: string) => {
      const at = lowerBound(dirty, prefix);
      const touched = at < dirty.length && (dirty[at] ?? '').startsWith(prefix);
      return touched || !Object.hasOwn(before, prefix) ? undefined : before[prefix];
    };
    this.#tops = heavyTops(
      this.#words,
      this.#postings,
      this.#entries,
      this.#limitKb,
      changed ? kept : undefined,
    );
    const text = JSON.stringify(this.#tops);
    const hash = hashOf(text);
    if (hash === this.#topsHash) return;
    this.files.delete(topsPath(this.#topsHash));
    this.files.set(topsPath(hash), text);
    this.#topsHash = hash;
  }

  #writeCollections(records: readonly SearchRecord[]) {
    const text = JSON.stringify(records.filter((record) => !isProduct(record)).map(collectionOf));
    const hash = hashOf(text);
    if (hash === this.#collectionsHash) return;
    this.files.delete(collectionsPath(this.#collectionsHash));
    this.files.set(collectionsPath(hash), text);
    this.#collectionsHash = hash;
  }

  #writeSets(collections: ReadonlySet<string>) {
    for (const collection of collections) {
      const previous = this.#sets.get(collection);
      if (previous !== undefined) this.files.delete(setPath(collection, previous));
      const ids = this.#members.get(collection);
      if (!ids) {
        this.#sets.delete(collection);
        continue;
      }
      const text = JSON.stringify(encodeIds(ids));
      const hash = hashOf(text);
      this.#sets.set(collection, hash);
      this.files.set(setPath(collection, hash), text);
    }
  }

  #writeManifest() {
    const sets: Record<string, string> = {};
    for (const [collection, hash] of [...this.#sets].sort(([a], [b]) => Number(a) - Number(b)))
      sets[collection] = hash;
    const manifest: SuggestManifest = {
      version: 1,
      blocks: this.#entries,
      limitKb: this.#limitKb,
      tops: this.#topsHash,
      collections: this.#collectionsHash,
      sets,
    };
    this.files.set(`${SUGGEST_DIR}/${MANIFEST_FILE}`, JSON.stringify(manifest));
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The suggestion index a search thread keeps between publishes (publisher/search-worker.ts):
 * that of the records the live release was indexed from, when it has it.
 */
export interface KeptSuggestIndex {
  index?: SuggestIndex | undefined;
  /**
   * How the last write made the index: the kept one changed product by product, the
   * documents chunks alone worked out from the records, or the whole index.
   */
  made?: 'updated' | 'documents' | 'whole' | undefined;
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
  /** How `records` differ from `before`, when compared already (search-index.ts diffRecords). */
  changes?: RecordChanges,
  /**
   * The index of `before` held in memory, brought up to `records` by `changes`; else the index
   * made here, for the next publish.
   */
  kept: KeptSuggestIndex = {},
): Promise<string[]> {
  const root = join(outDir, SUGGEST_DIR);
  const warm = before !== undefined && existsSync(join(root, MANIFEST_FILE));
  const held = kept.index;
  // Dropped until it is known to be the index of `records` again.
  kept.index = undefined;
  // `outDir` holds the index made from `before` (a warm release): only the files that differ
  // are written (the whole index took 7 to 8 s at 100,000 products).
  const update = warm && held && changes ? held.update(records, changes) : undefined;
  if (update) {
    kept.index = held;
    kept.made = 'updated';
    for (const path of update.gone) {
      for (const suffix of ['', '.gz', '.br'])
        await rm(join(outDir, path + suffix), { force: true });
    }
    return writeFiles(
      outDir,
      update.written.map((path) => [path, held?.files.get(path) ?? '']),
    );
  }
  // Without the index in memory, a price or picture change still writes only the documents
  // chunks that differ, worked out from the records alone.
  const docs = warm ? changedDocs(records, before, changes) : undefined;
  if (docs) {
    kept.made = 'documents';
    return writeFiles(outDir, docs);
  }
  const index = SuggestIndex.of(records);
  const files = index.files;
  for (const file of await listFiles(root)) {
    const path = relative(outDir, file);
    const base = path.replace(/\.(gz|br)$/, '');
    if (!files.has(base)) await rm(file, { force: true });
  }
  const written = await writeFiles(outDir, files);
  kept.index = index;
  kept.made = 'whole';
  return written;
}

/** Writes each file whose bytes differ from those on disk; returns those written. */
async function writeFiles(outDir: string, files: Iterable<[string, string]>): Promise<string[]> {
  const written: string[] = [];
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
