import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { soldOnline } from '../shared/call-for-price.ts';
import { formatPrice } from '../shared/format/price.ts';
import { storeConfig } from '../shared/store-config.ts';
import { readJsonFile } from './json-file.ts';
import { catalogueGet, type FeedClient } from './feed.ts';
import type { DescribedChange, PendingChange } from './types.ts';

/** What a merchandiser changes on a product and a shopper sees: the old and new of each. */
interface ProductFacts {
  title: string;
  brand: string;
  price: number;
  inStock: boolean;
}

/** A search record of the live release (src/pages/search-index/records.json.ts), in part. */
interface LiveRecord {
  id?: number;
  url: string;
  meta?: { title?: string };
  filters?: { type?: string[]; categoryId?: string[] };
}

/** The live release's products (id to page path) and collections (id to title). */
interface LiveIndex {
  products: Map<number, string>;
  collections: Map<number, string>;
}

/** The live release's search records: every listed product and collection. */
const RECORDS_FILE = join('_server', 'search-records.json');

/**
 * The pending changes by name, with what changed from the live site to the catalogue now
 * (issue 33, item 11: 'Product 788 · Created or changed' said nothing). Products: name, brand,
 * price and stock, old from the live product page's structured data, new from the catalogue's
 * cards; collections: their title; machine models and content: their name now. Each change is
 * described once per live release (by its sequence number); the live release's index of pages
 * is read once, when a product or collection change first asks for it.
 */
export class ChangeDescriber {
  readonly #feed: FeedClient;
  #release: string | undefined;
  #index: Promise<LiveIndex> | undefined;
  readonly #described = new Map<number, Pick<DescribedChange, 'name' | 'detail'>>();

  constructor(feed: FeedClient) {
    this.#feed = feed;
  }

  /** `changes` with a name and a detail where they can be given; never fails. */
  async describe(
    live: { id: string; dir: string } | undefined,
    changes: readonly PendingChange[],
  ): Promise<DescribedChange[]> {
    if (live?.id !== this.#release) {
      this.#release = live?.id;
      this.#index = undefined;
      this.#described.clear();
    }
    const fresh = changes.filter((change) => !this.#described.has(change.seq));
    // Not kept when the catalogue API did not answer: the next look tries again.
    const described =
      fresh.length > 0 ? await this.#work(live?.dir, fresh).catch(() => undefined) : undefined;
    if (described)
      for (const change of fresh) this.#described.set(change.seq, described.get(change.seq) ?? {});
    // Only the rows listed now are kept: no more than the overview lists (feed.ts LISTED_CHANGES).
    const listed = new Set(changes.map((change) => change.seq));
    for (const seq of this.#described.keys()) if (!listed.has(seq)) this.#described.delete(seq);
    return changes.map((change) => ({ ...change, ...this.#described.get(change.seq) }));
  }

  async #work(liveDir: string | undefined, changes: readonly PendingChange[]) {
    const described = new Map<number, Pick<DescribedChange, 'name' | 'detail'>>();
    const of = (entity: PendingChange['entity']) => [
      ...new Set(changes.filter((c) => c.entity === entity).map((c) => c.id)),
    ];
    const products = of('product');
    const collections = of('collection');
    for (const [change, name] of await this.#namesNow(changes)) described.set(change, { name });
    if (products.length === 0 && collections.length === 0) return described;
    this.#index ??= liveDir ? readLiveIndex(liveDir) : Promise.resolve(emptyIndex());
    const index = await this.#index;
    const [productsNow, collectionsNow, productsBefore] = await Promise.all([
      this.#productsNow(products),
      this.#collectionsNow(collections),
      liveProducts(liveDir, index, products),
    ]);
    const withCollection = collectionMembers(changes);
    for (const change of changes) {
      if (change.entity === 'product') {
        const one = productChange(
          change,
          productsBefore.get(change.id),
          productsNow.get(change.id),
        );
        described.set(
          change.seq,
          one.detail === OTHER_DETAILS && withCollection.has(change.seq)
            ? { ...one, detail: 'In a collection changed with it' }
            : one,
        );
      } else if (change.entity === 'collection') {
        const before = index.collections.get(change.id);
        const now = collectionsNow.get(change.id);
        described.set(change.seq, collectionChange(change, before, now));
      }
    }
    return described;
  }

  async #productsNow(ids: readonly number[]): Promise<Map<number, ProductFacts>> {
    const found = new Map<number, ProductFacts>();
    // The catalogue's cards, at most 100 ids a call (server/routes/products.ts MAX_PRODUCT_IDS).
    for (let start = 0; start < ids.length; start += 100) {
      const batch = ids.slice(start, start + 100).join(',');
      const { products } = await catalogueGet<{
        products: {
          id: number;
          title: string;
          vendor: string;
          price: number;
          availableForSale: boolean;
        }[];
      }>(this.#feed, `/api/products?productIds=${batch}&limit=100`);
      for (const p of products)
        found.set(p.id, {
          title: p.title,
          brand: p.vendor,
          price: p.price,
          inStock: p.availableForSale,
        });
    }
    return found;
  }

  /**
   * The other kinds by their name now, from the merchandiser API (their pages show little
   * else a merchandiser would compare): sequence number to name; none for a deleted record.
   */
  async #namesNow(changes: readonly PendingChange[]): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    const named = changes.filter((change) => change.op !== 'delete' && NAMED[change.entity]);
    for (let start = 0; start < named.length; start += NAMES_AT_ONCE) {
      await Promise.all(
        named.slice(start, start + NAMES_AT_ONCE).map(async (change) => {
          const kind = NAMED[change.entity];
          if (!kind) return;
          const record = await catalogueGet<Record<string, unknown>>(
            this.#feed,
            `${kind.path}/${String(change.id)}`,
          ).catch(() => undefined);
          // Content comes wrapped ({ article: {...} }), a machine model as it is.
          const inner = Object.values(record ?? {}).find((value) => typeof value === 'object');
          const name =
            record?.[kind.field] ?? (inner as Record<string, unknown> | null)?.[kind.field];
          if (typeof name === 'string') names.set(change.seq, name);
        }),
      );
    }
    return names;
  }

  async #collectionsNow(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const { collections } = await catalogueGet<{ collections: { id: number; title: string }[] }>(
      this.#feed,
      `/api/collections?ids=${ids.join(',')}&limit=${String(ids.length)}`,
    );
    return new Map(collections.map((c) => [c.id, c.title]));
  }
}

/**
 * The product rows a collection's edit wrote with it: its members, logged as changed in the
 * same write (server/routes/admin-collections.ts), right after the collection's own row, by the
 * same person, within a second.
 */
function collectionMembers(changes: readonly PendingChange[]): Set<number> {
  const members = new Set<number>();
  let run: { seq: number; actor: string; at: number } | undefined;
  for (const change of [...changes].sort((a, b) => a.seq - b.seq)) {
    const at = Date.parse(change.at);
    if (change.entity === 'collection') run = { seq: change.seq, actor: change.actor, at };
    else if (
      run &&
      change.entity === 'product' &&
      change.seq === run.seq + 1 &&
      change.actor === run.actor &&
      at - run.at < 1000
    ) {
      members.add(change.seq);
      run.seq = change.seq;
    } else run = undefined;
  }
  return members;
}

/** Where the merchandiser API has each other kind, and the field that names it. */
const NAMED: Partial<Record<PendingChange['entity'], { path: string; field: string }>> = {
  machine: { path: '/api/admin/machines/models', field: 'name' },
  article: { path: '/api/admin/articles', field: 'title' },
  help: { path: '/api/admin/help-answers', field: 'title' },
  page: { path: '/api/admin/pages', field: 'title' },
  question: { path: '/api/admin/questions', field: 'title' },
};
/** Records named at once. */
const NAMES_AT_ONCE = 8;

const emptyIndex = (): LiveIndex => ({ products: new Map(), collections: new Map() });

/** The live release's products and collections from its search records, kept small. */
async function readLiveIndex(liveDir: string): Promise<LiveIndex> {
  const records = (await readJsonFile<LiveRecord[]>(join(liveDir, RECORDS_FILE))) ?? [];
  const index = emptyIndex();
  for (const record of records) {
    const type = record.filters?.type?.[0];
    if (type === 'product' && typeof record.id === 'number')
      index.products.set(record.id, record.url);
    // A collection's own id is the first of its category ids (its ancestors' follow).
    const own = Number(record.filters?.categoryId?.[0]);
    if (type === 'collection' && Number.isInteger(own))
      index.collections.set(own, record.meta?.title ?? record.url);
  }
  return index;
}

/** What the live product pages of `ids` show, from their structured data. */
async function liveProducts(
  liveDir: string | undefined,
  index: LiveIndex,
  ids: readonly number[],
): Promise<Map<number, ProductFacts>> {
  const found = new Map<number, ProductFacts>();
  if (!liveDir) return found;
  await Promise.all(
    ids.map(async (id) => {
      const url = index.products.get(id);
      if (!url) return;
      const html = await readFile(join(liveDir, url, 'index.html'), 'utf8').catch(() => '');
      const facts = productFacts(html);
      if (facts) found.set(id, facts);
    }),
  );
  return found;
}

/**
 * A product page's name, brand, price and stock from its JSON-LD Product
 * (src/lib/product/json-ld.ts), or undefined when it has none.
 */
export function productFacts(html: string): ProductFacts | undefined {
  for (const [, json] of html.matchAll(
    /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    let data: unknown;
    try {
      data = JSON.parse(json ?? '');
    } catch {
      continue;
    }
    const product = [data].flat().find(isProduct);
    if (!product) continue;
    const offer = [product.offers].flat()[0];
    return {
      title: product.name ?? '',
      brand: product.brand?.name ?? '',
      price: Number(offer?.price ?? 0),
      inStock: offer?.availability === 'https://schema.org/InStock',
    };
  }
  return undefined;
}

interface LdProduct {
  '@type': 'Product';
  name?: string;
  brand?: { name?: string };
  offers?: { price?: string; availability?: string } | { price?: string; availability?: string }[];
}

const isProduct = (value: unknown): value is LdProduct =>
  typeof value === 'object' &&
  value !== null &&
  (value as { '@type'?: unknown })['@type'] === 'Product';

const money = (price: number) =>
  soldOnline(price) ? formatPrice(price, storeConfig.theme.storeCurrency) : 'call for price';
const stock = (inStock: boolean) => (inStock ? 'in stock' : 'out of stock');

/** A product change in words: what the live page shows against the catalogue now. */
export function productChange(
  change: Pick<PendingChange, 'op' | 'id'>,
  before: ProductFacts | undefined,
  now: ProductFacts | undefined,
): Pick<DescribedChange, 'name' | 'detail'> {
  if (change.op === 'delete')
    return { name: before?.title ?? `Product ${String(change.id)}`, detail: 'Deleted' };
  if (!now)
    return before
      ? { name: before.title, detail: 'No longer listed in the store (hidden or a draft)' }
      : { detail: 'Not listed in the store (hidden or a draft)' };
  if (!before)
    return { name: now.title, detail: `New: ${money(now.price)}, ${stock(now.inStock)}` };
  const differences = [
    before.title !== now.title ? `name ${before.title} → ${now.title}` : '',
    before.brand !== now.brand ? `brand ${before.brand} → ${now.brand}` : '',
    before.price !== now.price ? `price ${money(before.price)} → ${money(now.price)}` : '',
    before.inStock !== now.inStock ? `${stock(before.inStock)} → ${stock(now.inStock)}` : '',
  ].filter((text) => text !== '');
  return {
    name: now.title,
    detail: differences.length > 0 ? capitalised(differences.join('; ')) : OTHER_DETAILS,
  };
}

/** A collection change in words. */
export function collectionChange(
  change: Pick<PendingChange, 'op' | 'id'>,
  before: string | undefined,
  now: string | undefined,
): Pick<DescribedChange, 'name' | 'detail'> {
  if (change.op === 'delete')
    return { name: before ?? `Collection ${String(change.id)}`, detail: 'Deleted' };
  if (!now) return before ? { name: before, detail: 'No longer shown in the store' } : {};
  if (!before) return { name: now, detail: 'New' };
  return before === now
    ? { name: now, detail: 'Changed (not its name: its description, picture, products...)' }
    : { name: now, detail: `Renamed ${before} → ${now}` };
}

/** A product change that shows in none of the facts compared. */
const OTHER_DETAILS = 'Other details changed (not its name, brand, price or stock)';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
