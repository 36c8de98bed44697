import { describe, expect, it } from 'vitest';
import {
  parseRecentlyViewed,
  pushRecentlyViewed,
  recentIdsToShow,
  RECENTLY_VIEWED_KEY,
  RECENTLY_VIEWED_MAX,
  serializeRecentlyViewed,
  withoutRecentlyViewed,
} from './recently-viewed.ts';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('recently viewed constants', () => {
  it('uses the spec key and cap', () => {
    expect(RECENTLY_VIEWED_KEY).toBe('recentlyViewedProducts');
    expect(RECENTLY_VIEWED_MAX).toBe(25);
  });
});

describe('parseRecentlyViewed', () => {
  it('reads a comma-separated list in order', () => {
    expect(parseRecentlyViewed('7,3,12')).toEqual([7, 3, 12]);
  });
  it('is empty for a missing or empty value', () => {
    expect(parseRecentlyViewed(undefined)).toEqual([]);
    expect(parseRecentlyViewed(null)).toEqual([]);
    expect(parseRecentlyViewed('')).toEqual([]);
  });
  it('drops junk, zero, negatives, fractions and duplicates', () => {
    expect(parseRecentlyViewed('7, x,0,-3,2.5,,7,9 ,1e3,99999999999999999999')).toEqual([7, 9]);
  });
  it('caps a long stored list', () => {
    expect(parseRecentlyViewed(range(1, 40).join(','))).toEqual(range(1, 25));
  });
});

describe('serializeRecentlyViewed', () => {
  it('joins with commas and round-trips', () => {
    expect(serializeRecentlyViewed([4, 2])).toBe('4,2');
    expect(parseRecentlyViewed(serializeRecentlyViewed([4, 2]))).toEqual([4, 2]);
    expect(serializeRecentlyViewed([])).toBe('');
  });
});

describe('pushRecentlyViewed', () => {
  it('puts a new id first', () => {
    expect(pushRecentlyViewed([3, 4], 9)).toEqual([9, 3, 4]);
  });
  it('moves an existing id to the front without duplicating it', () => {
    expect(pushRecentlyViewed([3, 4, 9, 5], 9)).toEqual([9, 3, 4, 5]);
  });
  it('keeps at most 25, dropping the oldest', () => {
    const full = range(1, 25);
    const next = pushRecentlyViewed(full, 100);
    expect(next).toHaveLength(25);
    expect(next[0]).toBe(100);
    expect(next).not.toContain(25);
  });
  it('ignores an invalid id and does not mutate the input', () => {
    const ids = [1, 2];
    expect(pushRecentlyViewed(ids, 0)).toEqual([1, 2]);
    expect(pushRecentlyViewed(ids, Number.NaN)).toEqual([1, 2]);
    expect(pushRecentlyViewed(ids, 1.5)).toEqual([1, 2]);
    pushRecentlyViewed(ids, 5);
    expect(ids).toEqual([1, 2]);
  });
});

describe('withoutRecentlyViewed', () => {
  it('removes the id and keeps the order', () => {
    expect(withoutRecentlyViewed([5, 6, 7], 6)).toEqual([5, 7]);
    expect(withoutRecentlyViewed([5, 7], 6)).toEqual([5, 7]);
  });
});

describe('recentIdsToShow', () => {
  it("leaves out the page's own product and keeps the order", () => {
    expect(recentIdsToShow([5, 3, 9], 5)).toEqual([3, 9]);
    expect(recentIdsToShow([3, 5, 9], 5)).toEqual([3, 9]);
    expect(recentIdsToShow([3, 9], undefined)).toEqual([3, 9]);
    expect(recentIdsToShow([5], 5)).toEqual([]);
  });
});
