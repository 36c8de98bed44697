import { describe, expect, it } from 'vitest';
import {
  idList,
  MAX_LIST,
  MAX_PAGE,
  parseFilterParams,
  priceCents,
  tagFilters,
} from './filter-params.ts';

const parse = (query: string) => parseFilterParams(new URLSearchParams(query));

describe('parseFilterParams', () => {
  it('has defaults for an empty query', () => {
    expect(parse('')).toEqual({
      text: undefined,
      collectionIds: undefined,
      vendors: [],
      tags: [],
      minPriceCents: undefined,
      maxPriceCents: undefined,
      availableForSaleOnly: false,
      sortBy: '',
      limit: 24,
      page: 0,
      fields: undefined,
    });
  });

  it('reads every parameter', () => {
    expect(
      parse(
        'q=seal&c=3,4&v=%20Crown%20&t=Size_8&minPrice=1.5&maxPrice=20&sortBy=price_desc&limit=48&page=2&fields=title,%20handle&availableForSaleOnly=TRUE',
      ),
    ).toEqual({
      text: { match: '"seal"', like: [] },
      collectionIds: [3, 4],
      vendors: ['Crown'],
      tags: [{ prefix: 'Size', value: '8' }],
      minPriceCents: 150,
      maxPriceCents: 2000,
      availableForSaleOnly: true,
      sortBy: 'price_desc',
      limit: 48,
      page: 2,
      fields: ['title', 'handle'],
    });
  });

  it('takes every v and vendor, once each whatever the case', () => {
    expect(parse('vendor=Yale').vendors).toEqual(['Yale']);
    expect(parse('v=&vendor=').vendors).toEqual([]);
    expect(parse('v=Crown&v=Yale&vendor=crown&v=%20Clark%20').vendors).toEqual([
      'Crown',
      'Yale',
      'Clark',
    ]);
    const many = Array.from({ length: 80 }, (_, n) => `v=Brand${n}`).join('&');
    expect(parse(many).vendors).toHaveLength(MAX_LIST);
  });

  it('falls back to defaults for values it does not know', () => {
    expect(parse('sortBy=FEATURED_ORDER&limit=7&page=-2')).toMatchObject({
      sortBy: '',
      limit: 24,
      page: 0,
    });
    expect(parse(`page=${'9'.repeat(30)}`).page).toBe(MAX_PAGE);
  });
});

describe('priceCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['$0.99', 99],
    [' 3 ', 300],
    ['0', 0],
  ])('%j -> %i', (raw, cents) => expect(priceCents(raw)).toBe(cents));
  it.each(['', 'abc', '-1', '1e3', 'Infinity', '1,5', null])('%j is ignored', (raw) =>
    expect(priceCents(raw)).toBeUndefined(),
  );
});

describe('idList', () => {
  it('keeps positive whole ids, once each, in order, up to the cap', () => {
    expect(idList('3, 1,abc,3,-2,0,1.5,,7', 10)).toEqual([3, 1, 7]);
    expect(idList('1,2,3', 2)).toEqual([1, 2]);
    expect(idList(undefined, 5)).toEqual([]);
    expect(idList('99999999999', 5)).toEqual([]);
  });
});

describe('tagFilters (spec storefront 5)', () => {
  it('splits at the first underscore', () => {
    expect(tagFilters(['Size_10_in'])).toEqual([{ prefix: 'Size', value: '10_in' }]);
  });
  it('splits at a comma when there is no underscore', () => {
    expect(tagFilters(['Material,Nylon'])).toEqual([{ prefix: 'Material', value: 'Nylon' }]);
  });
  it('reads comma lists and repeated values', () => {
    expect(tagFilters(['Material_Nylon,Size_8 in', 'Brand_X'])).toEqual([
      { prefix: 'Material', value: 'Nylon' },
      { prefix: 'Size', value: '8 in' },
      { prefix: 'Brand', value: 'X' },
    ]);
  });
  it('ignores parts that are not filters', () => {
    expect(tagFilters(['junk', '_x', 'x_', ',', 'Material,'])).toEqual([]);
  });
  it('caps the number of filters', () => {
    expect(tagFilters(Array.from({ length: 80 }, (_, n) => `A_${n}`))).toHaveLength(50);
  });
});
