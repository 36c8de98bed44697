import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  $recentlyViewed,
  RECENTLY_VIEWED_KEY,
  RECENTLY_VIEWED_MAX,
  recordRecentlyViewed,
  removeRecentlyViewed,
} from './recently-viewed.ts';

beforeAll(() => {
  useTestStorageEngine();
});

afterEach(() => {
  cleanStores($recentlyViewed);
  cleanTestStorage();
});

describe('$recentlyViewed', () => {
  it('exports the spec key and cap', () => {
    expect(RECENTLY_VIEWED_KEY).toBe('recentlyViewedProducts');
    expect(RECENTLY_VIEWED_MAX).toBe(25);
  });

  it('starts empty and writes the comma-separated list under recentlyViewedProducts', () => {
    keepMount($recentlyViewed);
    expect($recentlyViewed.get()).toEqual([]);
    recordRecentlyViewed(10);
    recordRecentlyViewed(11);
    expect($recentlyViewed.get()).toEqual([11, 10]);
    expect(getTestStorage()).toEqual({ recentlyViewedProducts: '11,10' });
  });

  it('moves a viewed product to the front, deduplicated', () => {
    keepMount($recentlyViewed);
    setTestStorageKey(RECENTLY_VIEWED_KEY, '1,2,3');
    recordRecentlyViewed(3);
    expect($recentlyViewed.get()).toEqual([3, 1, 2]);
    expect(getTestStorage()[RECENTLY_VIEWED_KEY]).toBe('3,1,2');
  });

  it('caps the list at 25', () => {
    keepMount($recentlyViewed);
    for (let id = 1; id <= 30; id++) recordRecentlyViewed(id);
    expect($recentlyViewed.get()).toHaveLength(25);
    expect($recentlyViewed.get()[0]).toBe(30);
    expect(getTestStorage()[RECENTLY_VIEWED_KEY]?.split(',')).toHaveLength(25);
  });

  it('reads a value another tab wrote, ignoring junk in it', () => {
    keepMount($recentlyViewed);
    setTestStorageKey(RECENTLY_VIEWED_KEY, '4,abc,4,5');
    expect($recentlyViewed.get()).toEqual([4, 5]);
  });

  it('removes a product id', () => {
    keepMount($recentlyViewed);
    setTestStorageKey(RECENTLY_VIEWED_KEY, '4,5,6');
    removeRecentlyViewed(5);
    expect($recentlyViewed.get()).toEqual([4, 6]);
    expect(getTestStorage()[RECENTLY_VIEWED_KEY]).toBe('4,6');
    removeRecentlyViewed(99);
    expect($recentlyViewed.get()).toEqual([4, 6]);
  });

  it('ignores an invalid id', () => {
    keepMount($recentlyViewed);
    recordRecentlyViewed(-1);
    expect($recentlyViewed.get()).toEqual([]);
  });
});
