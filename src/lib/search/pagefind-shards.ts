/**
 * The products' Pagefind index in shards (a publish updates the search index
 * for the changed records only). A full build splits the products by a hash of their URL into
 * `ceil(products / SHARD_RECORDS)` indexes; a warm publish keeps that count, so a product stays
 * in its shard, and indexes again only the shards whose records changed. At 100,000 products
 * one shard takes a few seconds where the whole index took over a minute.
 *
 * Shard 0 is the index at /pagefind/ whose pagefind.js the browser loads; shard n > 0 lies in
 * /pagefind/shard-n/ and is merged into it (Pagefind's mergeIndex: one runtime and wasm, the
 * results of all shards sorted by score together). Shards are random halves of one catalogue,
 * so their word statistics, and with them the scores, agree. /pagefind/shards.json says how
 * many there are; a demo-sized catalogue has one, laid out as an unsharded index.
 */

/**
 * Products per shard when a full build sizes the index. A price change indexes its shard
 * again: Pagefind took 5.7 s for 10,000 records and 2.5 s for 5,000 (alone; twice that beside
 * the listing of a warm publish), the longer branch of a price change at 100,000 products
 * (issue 33, item 3). The browser pays in requests, on a fallback search only: two more per
 * shard when it merges them (an entry and a meta file; the meta bytes stay those of the
 * catalogue) and one index chunk per shard and word.
 */
export const SHARD_RECORDS = 5_000;

/** The manifest, beside shard 0. */
export const SHARDS_FILE = 'shards.json';

export interface ShardManifest {
  shards: number;
  /** Shards without a record (a tiny catalogue): Pagefind cannot merge an empty index. */
  empty: number[];
}

/** How many shards a full build makes for `products` records. */
export const shardCount = (products: number, perShard = SHARD_RECORDS): number =>
  Math.max(1, Math.ceil(products / Math.max(1, perShard)));

/** A shard's directory under /pagefind/: '' for shard 0, else `shard-n/`. */
export const shardDir = (shard: number): string => (shard === 0 ? '' : `shard-${String(shard)}/`);

/** The shard of a record: FNV-1a of its URL, so it never moves while the count stays. */
export function shardOf(url: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) {
    hash ^= url.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

/** The shard count of a manifest; 1 for anything else (an index from before sharding). */
export function manifestShards(data: unknown): number {
  const shards = (data as Partial<ShardManifest> | null)?.shards;
  return typeof shards === 'number' && Number.isInteger(shards) && shards >= 1 && shards <= 1000
    ? shards
    : 1;
}

/** The empty shards a manifest names. */
export function manifestEmpty(data: unknown): Set<number> {
  const empty = (data as Partial<ShardManifest> | null)?.empty;
  return new Set(Array.isArray(empty) ? empty.filter((n) => Number.isInteger(n)) : []);
}
