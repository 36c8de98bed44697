import { describe, expect, it } from 'vitest';
import {
  compareTarget,
  toggleCompare,
  TOO_FEW_TO_COMPARE,
  TOO_MANY_TO_COMPARE,
} from './compare-selection.ts';

describe('toggleCompare', () => {
  it('adds and removes a product', () => {
    expect(toggleCompare([], 5)).toEqual({ selection: [5] });
    expect(toggleCompare([5, 6], 5)).toEqual({ selection: [6] });
  });
  it('refuses a fifth product and keeps the four', () => {
    const four = [1, 2, 3, 4];
    expect(toggleCompare(four, 9)).toEqual({ selection: four, error: TOO_MANY_TO_COMPARE });
    expect(toggleCompare(four, 4)).toEqual({ selection: [1, 2, 3] });
  });
});

describe('compareTarget', () => {
  it('needs at least two products', () => {
    expect(compareTarget([], 'Search', '/search.php')).toEqual({ error: TOO_FEW_TO_COMPARE });
    expect(compareTarget([3], 'Search', '/search.php')).toEqual({ error: TOO_FEW_TO_COMPARE });
  });
  it('allows at most four', () => {
    expect(compareTarget([1, 2, 3, 4, 5], 'Search', '/')).toEqual({ error: TOO_MANY_TO_COMPARE });
  });
  it('carries ids, source and path', () => {
    expect(compareTarget([3, 9, 12], 'Collection', '/collections/wheels?page=2')).toEqual({
      href: '/compareProduct?ids=3%2C9%2C12&source=Collection&path=%2Fcollections%2Fwheels%3Fpage%3D2',
    });
  });
});
