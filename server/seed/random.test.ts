import { describe, expect, it } from 'vitest';
import { createRandom, mixSeed } from './random.ts';

describe('createRandom', () => {
  it('gives the same sequence for the same seed and stream', () => {
    const a = createRandom(7, 3);
    const b = createRandom(7, 3);
    const first = Array.from({ length: 50 }, () => a.next());
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(first);
  });

  it('gives different sequences for other seeds or streams', () => {
    const base = createRandom(1, 1).next();
    expect(createRandom(2, 1).next()).not.toBe(base);
    expect(createRandom(1, 2).next()).not.toBe(base);
  });

  it('keeps next() in [0, 1) and int() within its bounds, both ends reached', () => {
    const rng = createRandom(99);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i += 1) {
      const value = rng.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      const n = rng.int(3, 6);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(6);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it('chance() follows its probability roughly', () => {
    const rng = createRandom(5);
    let hits = 0;
    for (let i = 0; i < 10_000; i += 1) if (rng.chance(0.25)) hits += 1;
    expect(hits).toBeGreaterThan(2200);
    expect(hits).toBeLessThan(2800);
  });

  it('pick() refuses an empty list and returns members', () => {
    const rng = createRandom(1);
    expect(() => rng.pick([])).toThrow();
    for (let i = 0; i < 20; i += 1) expect(['a', 'b']).toContain(rng.pick(['a', 'b']));
  });

  it('weighted() never picks a zero-weight item and favours heavy ones', () => {
    const rng = createRandom(11);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 5000; i += 1)
      counts[rng.weighted(['a', 'b', 'c'] as const, [1, 0, 9])] += 1;
    expect(counts.b).toBe(0);
    expect(counts.c).toBeGreaterThan(counts.a * 5);
  });

  it('sample() returns distinct members, capped at the list length', () => {
    const rng = createRandom(3);
    const picked = rng.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(picked).size).toBe(4);
    expect(rng.sample([1, 2], 5).sort()).toEqual([1, 2]);
    expect(rng.sample([1, 2], -1)).toEqual([]);
  });
});

describe('mixSeed', () => {
  it('is a pure unsigned 32-bit function', () => {
    expect(mixSeed(1, 2)).toBe(mixSeed(1, 2));
    expect(mixSeed(1, 2)).not.toBe(mixSeed(2, 1));
    expect(mixSeed(-5, 9)).toBeGreaterThanOrEqual(0);
    expect(mixSeed(-5, 9)).toBeLessThan(2 ** 32);
  });
});
