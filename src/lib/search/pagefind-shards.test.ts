import { describe, expect, it } from 'vitest';
import {
  manifestEmpty,
  manifestShards,
  SHARD_RECORDS,
  shardCount,
  shardDir,
  shardOf,
} from './pagefind-shards.ts';

describe('search index shards', () => {
  it('sizes the index by the products: one shard up to SHARD_RECORDS', () => {
    expect(shardCount(0)).toBe(1);
    expect(shardCount(2000)).toBe(1);
    expect(shardCount(SHARD_RECORDS)).toBe(1);
    expect(shardCount(SHARD_RECORDS + 1)).toBe(2);
    expect(shardCount(100_000)).toBe(20);
    expect(shardCount(121, 40)).toBe(4);
  });

  it('puts a URL in the same shard every time, and spreads a catalogue evenly', () => {
    const urls = Array.from({ length: 10_000 }, (_, i) => `/products/part-${String(i)}/`);
    const sizes = new Array<number>(10).fill(0);
    for (const url of urls) {
      const shard = shardOf(url, 10);
      expect(shard).toBe(shardOf(url, 10));
      sizes[shard] = (sizes[shard] ?? 0) + 1;
    }
    for (const size of sizes) expect(size).toBeGreaterThan(900);
    expect(urls.every((url) => shardOf(url, 1) === 0)).toBe(true);
  });

  it('lays shard 0 out as the unsharded index and the others in folders', () => {
    expect(shardDir(0)).toBe('');
    expect(shardDir(3)).toBe('shard-3/');
  });

  it('reads a manifest, and anything else as one shard with none empty', () => {
    expect(manifestShards({ shards: 4, empty: [2] })).toBe(4);
    expect([...manifestEmpty({ shards: 4, empty: [2] })]).toEqual([2]);
    for (const bad of [null, 'x', {}, { shards: 0 }, { shards: 2.5 }, { shards: '3' }]) {
      expect(manifestShards(bad)).toBe(1);
      expect(manifestEmpty(bad).size).toBe(0);
    }
  });
});
