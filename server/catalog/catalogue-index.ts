import type { Database } from '../db/open.ts';
import { arrayRows } from './filter-sql.ts';
import { RunningCounts } from './running-counts.ts';

/**
 * What GET /api/products/filter filters and counts on, for every product, held in memory by
 * each connection that serves it ("At 100,000 products"): vendor, price,
 * availability, tags, collections, and the collection tree. The facets of any matching set
 * are then one pass over arrays (milliseconds at 100,000 products) instead of a GROUP BY over
 * the product_tags of the whole set (seconds), so they need no cache that a catalogue
 * change throws away.
 *
 * The index follows the change feed: every product or collection write adds a `changes` row
 * (triggers in schema.ts), and `refresh` reads only the rows of the products named since the
 * index's sequence number. Read it inside the transaction of the request it serves, so the
 * index and the queries see the same snapshot. The facets of the whole catalogue and of each
 * collection (with its descendants) are kept as running counts, updated with each product.
 */

/**
 * More changed records than this since the last refresh (a seed or an import): read
 * everything again rather than product by product.
 */
export const RELOAD_AT = 5000;

const FEED_SEQ = "SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'changes'), 0)";

/**
 * The change feed's last sequence number (0 before any change): what a cache of catalogue
 * reads is kept against (this index; the machines' counts, server/machines/read.ts).
 */
export const feedSeq = (db: Database): number =>
  (arrayRows(db, FEED_SEQ)[0]?.[0] as number | undefined) ?? 0;
const PRODUCTS = 'SELECT id, vendor, price_cents, available_for_sale FROM products';
const TAGS = 'SELECT product_id, prefix, value FROM product_tags';
const MEMBERS = 'SELECT product_id, collection_id FROM product_collections';
const ONLY = ' WHERE {column} IN (SELECT value FROM json_each(?))';

/** Strings to small integers, so a product holds numbers and counts go into typed arrays. */
class Dictionary {
  readonly names: string[] = [];
  private readonly codes = new Map<string, number>();
  code(name: string): number {
    let code = this.codes.get(name);
    if (code === undefined) {
      code = this.names.length;
      this.names.push(name);
      this.codes.set(name, code);
    }
    return code;
  }
}

export class CatalogueIndex {
  /** The change feed's sequence number this index reflects. */
  seq = -1;
  /** Slots in use or freed; a slot holds one product. */
  slots = 0;
  // Per slot, in typed arrays: a pass over 100,000 products reads them in a tight loop.
  id = new Float64Array(1024);
  live = new Uint8Array(1024);
  vendor = new Int32Array(1024);
  priceCents = new Float64Array(1024);
  available = new Uint8Array(1024);
  /** Tag codes of each slot (index into tagPrefix/tagValue). */
  readonly tags: number[][] = [];
  /** Collection ids each slot's product is filed in directly. */
  readonly collections: number[][] = [];
  readonly vendors = new Dictionary();
  /** Tag code to its prefix and value. */
  readonly tagPrefix: string[] = [];
  readonly tagValue: string[] = [];
  private readonly tagCodes = new Map<string, Map<string, number>>();
  readonly slotOf = new Map<number, number>();
  private readonly free: number[] = [];
  /** Children of each collection id (the top level under null). */
  children = new Map<number | null, number[]>();
  /** Parent of each collection id (null at the top level). */
  parentOf = new Map<number, number | null>();
  /** Every collection id. */
  collectionIds = new Set<number>();
  /** Facets of the whole catalogue. */
  whole = new RunningCounts();
  /** Facets of each collection with its descendants, by collection id. */
  subtrees = new Map<number, RunningCounts>();

  /** The index of `db` as of its latest change, read in full on first use. */
  static of(db: Database): CatalogueIndex {
    let index = indexes.get(db);
    if (!index) indexes.set(db, (index = new CatalogueIndex()));
    index.refresh(db);
    return index;
  }

  /** Brings the index up to the database's change feed. */
  refresh(db: Database): void {
    const seq = feedSeq(db);
    if (seq === this.seq) return;
    // The feed's numbers only grow; a smaller one is another database (a test's, a restore).
    if (seq < this.seq || this.seq < 0 || seq - this.seq > 4 * RELOAD_AT) {
      return this.reload(db, seq);
    }
    const changed = arrayRows(
      db,
      'SELECT DISTINCT entity, entity_id FROM changes WHERE seq > ? ORDER BY entity, entity_id',
      this.seq,
    );
    if (changed.length > RELOAD_AT) return this.reload(db, seq);
    const products: number[] = [];
    let collections = false;
    for (const [entity, id] of changed) {
      if (entity === 'product') products.push(id as number);
      // Content (articles, help, pages, questions) counts in no list of products.
      else if (entity === 'collection' || entity === 'machine') collections = true;
    }
    if (collections) this.readTree(db);
    if (products.length > 0) this.readProducts(db, products);
    this.seq = seq;
  }

  /** The collections a slot's product belongs to with their ancestors: the subtrees it counts in. */
  private subtreesOf(slot: number): Set<number> {
    const found = new Set<number>();
    for (const direct of this.collections[slot] ?? []) {
      for (let id: number | null | undefined = direct; id != null && !found.has(id);) {
        if (!this.collectionIds.has(id)) break;
        found.add(id);
        id = this.parentOf.get(id);
      }
    }
    return found;
  }

  /** Adds a slot's product to (or removes it from) the running counts. */
  private count(slot: number, sign: 1 | -1, subtreesOnly = false): void {
    const vendor = this.vendor[slot] ?? 0;
    const tags = this.tags[slot] ?? [];
    const price = this.priceCents[slot] ?? 0;
    if (!subtreesOnly) this.whole.apply(sign, vendor, tags, price);
    for (const id of this.subtreesOf(slot)) {
      let counts = this.subtrees.get(id);
      if (!counts) this.subtrees.set(id, (counts = new RunningCounts()));
      counts.apply(sign, vendor, tags, price);
    }
  }

  /** Collection ids under (and including) `roots` that exist; empty when none does. */
  descendants(roots: readonly number[]): Set<number> {
    const found = new Set<number>();
    const stack = roots.filter((id) => this.collectionIds.has(id));
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (found.has(id)) continue;
      found.add(id);
      stack.push(...(this.children.get(id) ?? []));
    }
    return found;
  }

  /** Every tag code, with its prefix and value. */
  get tagCount(): number {
    return this.tagPrefix.length;
  }

  private tagCode(prefix: string, value: string): number {
    let values = this.tagCodes.get(prefix);
    if (!values) this.tagCodes.set(prefix, (values = new Map<string, number>()));
    let code = values.get(value);
    if (code === undefined) {
      code = this.tagPrefix.length;
      values.set(value, code);
      this.tagPrefix.push(prefix);
      this.tagValue.push(value);
    }
    return code;
  }

  private reload(db: Database, seq: number): void {
    this.live.fill(0);
    this.slotOf.clear();
    this.free.length = 0;
    this.slots = 0;
    this.whole = new RunningCounts();
    this.readTree(db);
    this.readProducts(db, undefined);
    this.seq = seq;
  }

  private readTree(db: Database): void {
    const children = new Map<number | null, number[]>();
    const parentOf = new Map<number, number | null>();
    const ids = new Set<number>();
    for (const [id, parent] of arrayRows(db, 'SELECT id, parent_id FROM collections')) {
      ids.add(id as number);
      parentOf.set(id as number, (parent as number | null) ?? null);
      const key = (parent as number | null) ?? null;
      const list = children.get(key);
      if (list) list.push(id as number);
      else children.set(key, [id as number]);
    }
    // A removed collection's memberships went with it (ON DELETE CASCADE) without a product
    // change; drop them here too, so an id used again later starts empty.
    const removed = [...this.collectionIds].filter((id) => !ids.has(id));
    if (removed.length > 0) {
      const gone = new Set(removed);
      for (let slot = 0; slot < this.slots; slot += 1) {
        const list = this.collections[slot];
        if (list?.some((id) => gone.has(id))) {
          this.collections[slot] = list.filter((id) => !gone.has(id));
        }
      }
    }
    this.children = children;
    this.parentOf = parentOf;
    this.collectionIds = ids;
    // A collection that moved takes its products to other ancestors: count the subtrees again.
    this.subtrees = new Map();
    for (let slot = 0; slot < this.slots; slot += 1) {
      if (this.live[slot] === 1) this.count(slot, 1, true);
    }
  }

  /** Reads these products (every product when undefined) again; missing ones are removed. */
  private readProducts(db: Database, only: number[] | undefined): void {
    const where = (column: string) => (only ? ONLY.replace('{column}', column) : '');
    const args = only ? [JSON.stringify(only)] : [];
    for (const id of only ?? []) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) this.count(slot, -1);
    }
    const seen = new Set<number>();
    for (const [id, vendor, price, available] of arrayRows(db, PRODUCTS + where('id'), ...args)) {
      const slot = this.slotFor(id as number);
      seen.add(id as number);
      this.vendor[slot] = this.vendors.code(vendor as string);
      this.priceCents[slot] = price as number;
      this.available[slot] = available === 1 ? 1 : 0;
      this.tags[slot] = [];
      this.collections[slot] = [];
    }
    for (const id of only ?? []) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined && !seen.has(id)) {
        this.live[slot] = 0;
        this.slotOf.delete(id);
        this.free.push(slot);
      }
    }
    for (const [id, prefix, value] of arrayRows(db, TAGS + where('product_id'), ...args)) {
      const slot = this.slotOf.get(id as number);
      if (slot !== undefined)
        this.tags[slot]?.push(this.tagCode(prefix as string, value as string));
    }
    for (const [id, collection] of arrayRows(db, MEMBERS + where('product_id'), ...args)) {
      const slot = this.slotOf.get(id as number);
      if (slot !== undefined) this.collections[slot]?.push(collection as number);
    }
    for (const id of seen) this.count(this.slotOf.get(id) ?? 0, 1);
  }

  private slotFor(id: number): number {
    let slot = this.slotOf.get(id);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.slots++;
      if (slot >= this.id.length) this.grow(2 * this.id.length);
      this.slotOf.set(id, slot);
      this.id[slot] = id;
      this.live[slot] = 1;
    }
    return slot;
  }

  private grow(size: number): void {
    const copy = <T extends Float64Array | Int32Array | Uint8Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.id = copy(this.id, new Float64Array(size));
    this.live = copy(this.live, new Uint8Array(size));
    this.vendor = copy(this.vendor, new Int32Array(size));
    this.priceCents = copy(this.priceCents, new Float64Array(size));
    this.available = copy(this.available, new Uint8Array(size));
  }
}

const indexes = new WeakMap<Database, CatalogueIndex>();
