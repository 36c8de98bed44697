/**
 * A small seeded pseudo-random generator for the demo catalogue. The data must be
 * byte-identical for the same --products and --seed, so nothing here
 * reads Math.random or the clock.
 */
export interface Random {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  /** True with the given probability. */
  chance: (probability: number) => boolean;
  /** One element of a non-empty list. */
  pick: <T>(items: readonly T[]) => T;
  /** One element, chosen with the given relative weights (same length as items). */
  weighted: <T>(items: readonly T[], weights: readonly number[]) => T;
  /** `count` distinct elements in random order (all of them when count >= length). */
  sample: <T>(items: readonly T[], count: number) => T[];
}

/** Mixes two 32-bit integers into one well-spread seed (a murmur3-style finaliser). */
export function mixSeed(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A generator (mulberry32) from a seed and an optional stream number, so that product i
 * draws from its own stream and does not depend on how many products come before it.
 * @example const rng = createRandom(1, 42); rng.int(1, 6);
 */
export function createRandom(seed: number, stream = 0): Random {
  let state = mixSeed(seed | 0, stream | 0);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted: <T>(items: readonly T[], weights: readonly number[]): T => {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      let roll = next() * total;
      for (let index = 0; index < items.length; index += 1) {
        roll -= weights[index] ?? 0;
        if (roll < 0) return items[index] as T;
      }
      return pick(items);
    },
    sample: <T>(items: readonly T[], count: number): T[] => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = int(0, index);
        [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
      }
      return copy.slice(0, Math.max(0, count));
    },
  };
}
