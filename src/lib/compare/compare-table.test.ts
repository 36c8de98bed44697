import { describe, expect, it } from 'vitest';
import type { ApiCard } from '../search/filter-reply.ts';
import {
  compareColumns,
  comparePrice,
  compareRating,
  NOT_APPLICABLE,
  NOT_RATED,
  parseCompareQuery,
  removeFromComparison,
  safeReturnPath,
  TOO_FEW_TO_KEEP,
} from './compare-table.ts';

const ORIGIN = 'https://shop.example';

describe('safeReturnPath', () => {
  it('keeps a same-origin path with its query', () => {
    expect(safeReturnPath('/collections/wheels?page=2', ORIGIN)).toBe('/collections/wheels?page=2');
    expect(safeReturnPath('/search.php?q=wheel#top', ORIGIN)).toBe('/search.php?q=wheel#top');
  });
  it('refuses other hosts, schemes and tricks', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'collections/wheels',
      '/\tevil',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(bad, ORIGIN)).toBeNull();
    }
  });
});

describe('parseCompareQuery', () => {
  it('reads ids, source and path', () => {
    expect(
      parseCompareQuery('?ids=3,9,x,3,12&source=Search&path=%2Fsearch.php%3Fq%3Dab', ORIGIN),
    ).toEqual({
      ids: [3, 9, 12],
      source: 'Search',
      path: '/search.php?q=ab',
    });
  });
  it('keeps at most four ids and drops an unsafe path', () => {
    expect(parseCompareQuery('?ids=1,2,3,4,5&path=//evil.example', ORIGIN)).toEqual({
      ids: [1, 2, 3, 4],
      source: '',
      path: null,
    });
  });
});

describe('removeFromComparison', () => {
  it('drops a column while more than two remain', () => {
    expect(removeFromComparison([1, 2, 3], 2)).toEqual({ ids: [1, 3] });
  });
  it('refuses at two', () => {
    expect(removeFromComparison([1, 3], 3)).toEqual({ error: TOO_FEW_TO_KEEP });
    expect(TOO_FEW_TO_KEEP).toBe('You must compare at least 2 products.');
  });
});

describe('columns', () => {
  const card = (over: Partial<ApiCard>): ApiCard => ({
    id: 1,
    handle: 'load-wheel',
    title: 'Load <b>wheel</b>',
    price: 12.5,
    availableForSale: true,
    ...over,
  });
  it('formats price with symbol, 2 decimals and code', () => {
    expect(comparePrice(12.5, 'USD')).toBe('$12.50 USD');
    expect(comparePrice(1234, 'USD')).toBe('$1,234.00 USD');
    expect(comparePrice(null, 'USD')).toBe(NOT_APPLICABLE);
  });
  it('says NOT RATED without a rating', () => {
    expect(compareRating(0, 0)).toBe(NOT_RATED);
    expect(compareRating(null, 3)).toBe(NOT_RATED);
    expect(compareRating(4.25, 3)).toBe('4.3 / 5 (3 reviews)');
  });
  it('fills every row, N/A where a value is missing, in the order asked', () => {
    const columns = compareColumns(
      [
        card({
          id: 7,
          vendor: 'Crown',
          partNumber: '85-288',
          condition: 'New',
          availableQuantity: 3,
          avgRating: 5,
          totalReviews: 1,
          seoDescription: 'A wheel',
        }),
        card({ id: 4, availableForSale: false, availableQuantity: 0 }),
      ],
      [4, 99, 7],
      { currency: 'USD', productBase: '/products' },
    );
    expect(columns.map((c) => c.id)).toEqual([4, 7]);
    expect(columns[0]).toEqual({
      id: 4,
      title: 'Load wheel',
      href: '/products/load-wheel',
      image: null,
      price: '$12.50 USD',
      brand: NOT_APPLICABLE,
      availability: 'Not Available',
      rating: NOT_RATED,
      summary: NOT_APPLICABLE,
      partNumber: NOT_APPLICABLE,
      condition: NOT_APPLICABLE,
      instock: 'No',
    });
    expect(columns[1]).toMatchObject({
      brand: 'Crown',
      availability: 'Available',
      rating: '5.0 / 5 (1 review)',
      summary: 'A wheel',
      partNumber: '85-288',
      condition: 'New',
      instock: 'Yes',
    });
  });
});
