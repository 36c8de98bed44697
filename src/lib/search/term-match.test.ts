import { describe, expect, it } from 'vitest';
import { contentWords, holdsEveryWord, queryWords } from './term-match.ts';

const record =
  'Lift-Rite Nylon Load Wheel 10 x 3 in.\nLR-29963 LR29963\nLift-Rite\nPallet Jack Batteries';

describe('queryWords and contentWords', () => {
  it('read a query as Pagefind searches it: folded, without dashes or punctuation', () => {
    expect(queryWords('  LR-29963  Crème ')).toEqual(['lr29963', 'creme']);
    expect(queryWords('85-2')).toEqual(['852']);
    expect(queryWords(' - ')).toEqual([]);
  });

  it('read a record as Pagefind indexes it: joined words and their parts', () => {
    const words = contentWords('LR-29963 Lift-Rite');
    expect([...words].sort()).toEqual(['29963', 'lift', 'liftrite', 'lr', 'lr29963', 'rite']);
  });
});

describe('holdsEveryWord', () => {
  it('holds exact words, prefixes and part numbers with or without their dash', () => {
    for (const query of ['LR-29963', 'lr29963', 'LR-2996', 'lift-rite wheel', 'whe', '29963']) {
      expect(holdsEveryWord(queryWords(query), record), query).toBe(true);
    }
  });

  it('holds another English ending of a word, as the stemmer does', () => {
    for (const query of ['wheels', 'battery', 'lifting', 'jacks']) {
      expect(holdsEveryWord(queryWords(query), record), query).toBe(true);
    }
  });

  it("refuses a neighbouring part number and a word the record lacks: Pagefind's back-off", () => {
    for (const query of ['LR-29964', 'LR-60530', 'lr29963 seal', 'caster', 'lr2997']) {
      expect(holdsEveryWord(queryWords(query), record), query).toBe(false);
    }
  });

  it('holds an empty query', () => {
    expect(holdsEveryWord([], record)).toBe(true);
  });
});
