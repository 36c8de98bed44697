import {
  DROPDOWN_CATEGORIES,
  DROPDOWN_PRODUCTS,
  inPriceRange,
  type PriceRange,
  type SearchHit,
} from './search-box.ts';
import {
  blockPath,
  blockRange,
  chunkOf,
  collectionsPath,
  decodeIds,
  docsPath,
  MANIFEST_FILE,
  rangeKb,
  setPath,
  SUGGEST_DIR,
  topsPath,
  type BlockFile,
  type SuggestCollection,
  type SuggestManifest,
} from './suggest-format.ts';
import {
  bucketsWithin,
  matchesIn,
  matchesOfTops,
  rankProducts,
  searchWords,
  type WordMatches,
} from './suggest-rank.ts';
import { holdsEveryWord, stemPrefix } from './term-match.ts';

/** Reads a JSON file of the index; any failure is the search's failure. */
export type JsonLoader = (path: string) => Promise<unknown>;

const NO_PRICE_RANGE: PriceRange = { minPrice: null, maxPrice: null };

class IndexFileError extends Error {
  constructor(path: string, why: string) {
    super(`${path}: ${why}`);
    this.name = 'IndexFileError';
  }
}

/** fetch, as JSON; a reply that is not 200 is an error naming the file and the status. */
export const fetchJson: JsonLoader = async (path) => {
  // eslint-disable-next-line no-restricted-globals -- a static file of the suggestion index, not /api
  const reply = await fetch(`/${path}`);
  if (!reply.ok) throw new IndexFileError(path, `answered ${String(reply.status)}`);
  return reply.json();
};

const isNumbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((n) => typeof n === 'number');
const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((s) => typeof s === 'string');

function asManifest(path: string, data: unknown): SuggestManifest {
  const manifest = data as Partial<SuggestManifest> | null;
  if (
    manifest?.version !== 1 ||
    !Array.isArray(manifest.blocks) ||
    typeof manifest.limitKb !== 'number' ||
    typeof manifest.tops !== 'string' ||
    typeof manifest.collections !== 'string' ||
    typeof manifest.sets !== 'object'
  )
    throw new IndexFileError(path, 'not a suggestion index of this version');
  return manifest as SuggestManifest;
}

function asBlock(path: string, data: unknown): BlockFile {
  const block = data as Partial<BlockFile> | null;
  if (
    !isStrings(block?.words) ||
    !Array.isArray(block.postings) ||
    block.postings.length !== block.words.length ||
    !block.postings.every(isNumbers)
  )
    throw new IndexFileError(path, 'not a block of words');
  return block as BlockFile;
}

/**
 * One page's view of the suggestion index: each file is read once and kept (a failed read is
 * tried again by the next search). When a named file is gone, the site was published since
 * the manifest was read: the manifest is read again, once per search.
 */
export class SuggestIndex {
  readonly #load: JsonLoader;
  readonly #files = new Map<string, Promise<unknown>>();

  constructor(load: JsonLoader = fetchJson) {
    this.#load = load;
  }

  #read(path: string): Promise<unknown> {
    let reading = this.#files.get(path);
    if (!reading) {
      reading = this.#load(path);
      this.#files.set(path, reading);
      reading.catch(() => this.#files.delete(path));
    }
    return reading;
  }

  async manifest(): Promise<SuggestManifest> {
    const path = `${SUGGEST_DIR}/${MANIFEST_FILE}`;
    return asManifest(path, await this.#read(path));
  }

  /** Forgets the manifest (after a publish replaced the files it names). */
  forgetManifest(): void {
    this.#files.delete(`${SUGGEST_DIR}/${MANIFEST_FILE}`);
  }

  async block(hash: string): Promise<BlockFile> {
    const path = blockPath(hash);
    return asBlock(path, await this.#read(path));
  }

  async tops(manifest: SuggestManifest): Promise<Record<string, number[]>> {
    const data = await this.#read(topsPath(manifest.tops));
    return typeof data === 'object' && data !== null ? (data as Record<string, number[]>) : {};
  }

  async collections(manifest: SuggestManifest): Promise<SuggestCollection[]> {
    const path = collectionsPath(manifest.collections);
    const data = await this.#read(path);
    if (!Array.isArray(data)) throw new IndexFileError(path, 'not a list of collections');
    return data as SuggestCollection[];
  }

  /** The products of a collection (and its descendants); empty for one without products. */
  async members(manifest: SuggestManifest, collectionId: string): Promise<Set<number>> {
    const hash = manifest.sets[collectionId];
    if (!hash) return new Set();
    const path = setPath(collectionId, hash);
    const data = await this.#read(path);
    if (!isNumbers(data)) throw new IndexFileError(path, 'not a list of ids');
    return new Set(decodeIds(data));
  }

  /** The products of a chunk by id ([id, url, title, image, price, partNumber] rows). */
  async docs(chunk: number): Promise<Map<number, SearchHit>> {
    const data = await this.#read(docsPath(chunk));
    const docs = new Map<number, SearchHit>();
    if (!Array.isArray(data)) return docs;
    for (const row of data as unknown[]) {
      if (!Array.isArray(row) || typeof row[0] !== 'number') continue;
      const [id, url, title, image, price, partNumber] = row as [number, ...string[]];
      if (typeof url !== 'string' || typeof title !== 'string') continue;
      docs.set(id, { url, title, image: image ?? '', price, partNumber });
    }
    return docs;
  }
}

/** The products matching one query word (./suggest-rank.ts), read from the fewest files. */
async function wordMatches(
  index: SuggestIndex,
  manifest: SuggestManifest,
  word: string,
): Promise<WordMatches> {
  const blocks = manifest.blocks;
  let range = blockRange(blocks, stemPrefix(word));
  let prefixOnly = false;
  if (rangeKb(blocks, range) > manifest.limitKb) {
    range = blockRange(blocks, word);
    prefixOnly = true;
  }
  if (rangeKb(blocks, range) > manifest.limitKb) {
    return matchesOfTops((await index.tops(manifest))[word] ?? []);
  }
  const hashes = blocks.slice(range[0], range[1] + 1).map(([, hash]) => hash);
  const files = await Promise.all(hashes.map((hash) => index.block(hash)));
  return matchesIn(files, word, prefixOnly);
}

/** How many ranked products are looked up at a time to find the dropdown's 4. */
const LOOKUP_BATCH = 8;

async function productHits(
  index: SuggestIndex,
  manifest: SuggestManifest,
  words: readonly string[],
  categoryId: string,
  prices: PriceRange,
): Promise<SearchHit[]> {
  const priced = prices.minPrice !== null || prices.maxPrice !== null;
  const [perWord, within] = await Promise.all([
    Promise.all(words.map((word) => wordMatches(index, manifest, word))),
    categoryId ? index.members(manifest, categoryId) : undefined,
  ]);
  const ranked = rankProducts(perWord, {
    within,
    buckets: priced ? bucketsWithin(prices) : undefined,
  });
  const hits: SearchHit[] = [];
  for (let start = 0; start < ranked.length && hits.length < DROPDOWN_PRODUCTS;) {
    const ids = ranked.slice(start, (start += LOOKUP_BATCH));
    const chunks = await Promise.all(
      [...new Set(ids.map(chunkOf))].map(async (chunk) => index.docs(chunk)),
    );
    for (const id of ids) {
      const hit = chunks.map((docs) => docs.get(id)).find((doc) => doc !== undefined);
      // A product gone since the manifest was read, or outside the exact price range.
      if (!hit || (priced && !inPriceRange(Number(hit.price), prices))) continue;
      if (hits.length < DROPDOWN_PRODUCTS) hits.push(hit);
    }
  }
  return hits;
}

/** Collections holding every word, those with every word in their own title first. */
async function categoryHits(
  index: SuggestIndex,
  manifest: SuggestManifest,
  words: readonly string[],
  categoryId: string,
): Promise<SearchHit[]> {
  const scope = Number(categoryId);
  return (await index.collections(manifest))
    .filter(
      (collection) =>
        (!categoryId || collection.within.includes(scope)) &&
        holdsEveryWord(words, collection.words),
    )
    .map((collection) => ({ collection, own: holdsEveryWord(words, collection.title) }))
    .sort(
      (a, b) =>
        Number(b.own) - Number(a.own) ||
        a.collection.title.length - b.collection.title.length ||
        a.collection.title.localeCompare(b.collection.title),
    )
    .slice(0, DROPDOWN_CATEGORIES)
    .map(({ collection }) => ({
      url: collection.url,
      title: collection.title,
      image: collection.image,
    }));
}

/**
 * The dropdown's two groups for a term (spec storefront 2, "Search box"): matching
 * categories and the first 4 products, both inside the chosen category when there is one,
 * the products within the query's price range (search-box.ts previewPrices).
 */
export async function dropdownSearch(
  index: SuggestIndex,
  term: string,
  categoryId = '',
  prices: PriceRange = NO_PRICE_RANGE,
): Promise<{ categories: SearchHit[]; products: SearchHit[] }> {
  const words = searchWords(term);
  if (words.length === 0) return { categories: [], products: [] };
  const search = async () => {
    const manifest = await index.manifest();
    const [categories, products] = await Promise.all([
      categoryHits(index, manifest, words, categoryId),
      productHits(index, manifest, words, categoryId, prices),
    ]);
    return { categories, products };
  };
  try {
    return await search();
  } catch {
    // A publish since the manifest was read removes the files it names: read it again, once.
    index.forgetManifest();
    return search();
  }
}
