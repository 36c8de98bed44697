import { describe, expect, it } from 'vitest';
import { sortedFromLast } from './sorted-from-last.ts';

interface Part {
  id: number;
  number: string;
}
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
// Equal numbers (one in capitals) are told apart by id alone: the order is total.
const byNumber = (a: Part, b: Part) => collator.compare(a.number, b.number) || a.id - b.id;
const plain = (parts: readonly Part[]) => [...parts].sort(byNumber);

/** A seeded shuffle, so that a failure can be run again. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const parts: Part[] = Array.from({ length: 500 }, (_, i) => ({
  id: i + 1,
  number: i % 7 === 0 ? `ab-${String(i % 50)}` : `AB-${String((i * 37) % 400)}`,
}));

describe('sortedFromLast', () => {
  it('sorts as a plain sort does, whatever order the items come in and whatever changed', () => {
    const name = 'test-parts';
    expect(sortedFromLast(name, shuffled(parts, 1), (p) => p.id, byNumber)).toEqual(plain(parts));
    // A number changed, a part added, one removed, one duplicated id: each time in a new order.
    const changed = parts.map((p) => (p.id === 42 ? { ...p, number: 'AA-1' } : p));
    const added = [...changed, { id: 9001, number: 'AB-200' }];
    const removed = added.filter((p) => p.id !== 7);
    for (const [seed, list] of [changed, added, removed, parts].entries()) {
      const sorted = sortedFromLast(name, shuffled(list, seed + 2), (p) => p.id, byNumber);
      expect(sorted).toEqual(plain(list));
    }
  });

  it('keeps every item, once', () => {
    const twice = [...parts.slice(0, 3), { id: 2, number: 'ZZ-9' }];
    sortedFromLast('test-twice', parts, (p) => p.id, byNumber);
    const sorted = sortedFromLast('test-twice', twice, (p) => p.id, byNumber);
    expect(sorted).toEqual(plain(twice));
  });

  it('leaves the list it was given as it was', () => {
    const given = shuffled(parts, 9);
    const copy = [...given];
    sortedFromLast('test-given', given, (p) => p.id, byNumber);
    expect(given).toEqual(copy);
  });
});
