import { describe, expect, it } from 'vitest';
import { FIELD, MATCH, postingValue, type BlockFile } from './suggest-format.ts';
import {
  bucketsWithin,
  matchesIn,
  matchesOfTops,
  rankProducts,
  searchWords,
  type WordMatches,
} from './suggest-rank.ts';

const matches = (entries: [number, number, number?, number?][]): WordMatches =>
  new Map(
    entries.map(([id, rank, bucket = 0, words = 3]) => [
      id,
      [rank, postingValue(0, bucket, words)],
    ]),
  );

describe('searchWords', () => {
  it('folds, drops punctuation and repeats, and short words beside a long one', () => {
    expect(searchWords('Seal  KIT seal')).toEqual(['seal', 'kit']);
    expect(searchWords('85-288 x')).toEqual(['85288']);
    expect(searchWords('20 mm')).toEqual(['20', 'mm']);
    expect(searchWords(' -- ')).toEqual([]);
  });
});

describe('matchesIn', () => {
  const block: BlockFile = {
    words: ['85288', '852880', 'wheel', 'wheels', 'wheelbase'],
    // ids 1 and 4; 2; 1, 2 and 3; 5; 6
    postings: [
      [1, postingValue(FIELD.code, 0, 3), 3, postingValue(FIELD.other, 0, 3)],
      [2, postingValue(FIELD.code, 0, 3)],
      [
        1,
        postingValue(FIELD.title, 0, 3),
        1,
        postingValue(FIELD.title, 0, 3),
        1,
        postingValue(FIELD.title, 0, 3),
      ],
      [5, postingValue(FIELD.title, 0, 3)],
      [6, postingValue(FIELD.title, 0, 3)],
    ],
  };
  const classes = (found: WordMatches) =>
    Object.fromEntries([...found].map(([id, [rank]]) => [id, rank]));

  it('finds a part number exactly, as a prefix and as a part', () => {
    expect(classes(matchesIn([block], '85288'))).toEqual({
      1: MATCH.exactCode,
      2: MATCH.codePrefix,
      4: MATCH.other,
    });
  });

  it('finds other endings of a word, and only its prefix when asked to', () => {
    expect(classes(matchesIn([block], 'wheels'))).toEqual({
      1: MATCH.titlePrefix,
      2: MATCH.titlePrefix,
      3: MATCH.titlePrefix,
      5: MATCH.titleWord,
    });
    const prefixOnly = classes(matchesIn([block], 'wheel', true));
    expect(Object.keys(prefixOnly)).toEqual(['1', '2', '3', '5', '6']);
  });
});

describe('rankProducts', () => {
  it('keeps products holding every word, best sum of classes first, then title length', () => {
    const first = matches([
      [1, 4],
      [2, 0],
      [3, 4, 0, 9],
      [4, 4, 0, 2],
    ]);
    const second = matches([
      [1, 4],
      [3, 4],
      [4, 4],
      [5, 0],
    ]);
    expect(rankProducts([first, second])).toEqual([4, 1, 3]);
    expect(rankProducts([first])).toEqual([2, 4, 1, 3]);
    expect(rankProducts([])).toEqual([]);
  });

  it('keeps to a category and to price buckets', () => {
    const found = matches([
      [1, 4, 0],
      [2, 4, 3],
      [3, 4, 5],
    ]);
    expect(rankProducts([found], { within: new Set([2, 3]) })).toEqual([2, 3]);
    expect(
      rankProducts([found], { buckets: bucketsWithin({ minPrice: 60, maxPrice: 600 }) }),
    ).toEqual([2, 3]);
  });
});

describe('bucketsWithin and matchesOfTops', () => {
  it('overlaps a range with the price buckets', () => {
    expect([...bucketsWithin({ minPrice: null, maxPrice: 50 })]).toEqual([0, 1, 2]);
    expect([...bucketsWithin({ minPrice: 2500, maxPrice: null })]).toEqual([7]);
  });

  it('reads precomputed tops as matches', () => {
    expect([...matchesOfTops([7, 2, 99, 8, 6, 1])]).toEqual([
      [7, [2, 99]],
      [8, [6, 1]],
    ]);
  });
});
