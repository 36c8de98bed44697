import { describe, expect, it } from 'vitest';
import {
  fallbackCards,
  fallbackWords,
  searchFallback,
  type PagefindApi,
} from './pagefind-fallback.ts';

describe('fallbackCards', () => {
  it('maps index hits and skips those without a title or off this site', () => {
    expect(
      fallbackCards([
        { url: '/products/a', title: 'Wheel A', image: '/a.svg', price: '12.50' },
        { url: '/products/b', title: 'Wheel B', image: '', price: 'x' },
        { url: '/products/c', title: '  ', image: '' },
        { url: 'https://evil.example/', title: 'Away', image: '' },
        { url: '//evil.example/products/a', title: 'Away too', image: '' },
      ]),
    ).toEqual([
      { url: '/products/a', title: 'Wheel A', image: '/a.svg', price: 12.5 },
      { url: '/products/b', title: 'Wheel B', image: null, price: null },
    ]);
  });
});

describe('fallbackWords', () => {
  it('searches the query, else the vendor', () => {
    expect(fallbackWords({ q: ' wheel ', v: ['Crown'], fits: '' })).toBe('wheel');
    expect(fallbackWords({ q: '', v: ['Crown'], fits: '' })).toBe('Crown');
    expect(fallbackWords({ q: '', v: ['Crown', 'Blue Giant'], fits: '' })).toBe('Crown Blue Giant');
  });
  it('searches nothing for the parts of a machine, which the index cannot tell', () => {
    expect(fallbackWords({ q: 'wheel', v: [], fits: 'crown/pth50' })).toBe('');
  });
});

describe('searchFallback', () => {
  const fake = (count: number): PagefindApi => ({
    search: (_term, options) => {
      // The products index holds only products: no filter to intersect with.
      expect(options).toBeUndefined();
      return Promise.resolve({
        results: Array.from({ length: count }, (_, n) => ({
          data: () =>
            Promise.resolve({ url: `/products/p${n}`, meta: { title: `P${n}`, price: '1' } }),
        })),
      });
    },
  });
  it('pages through the results and counts them all', async () => {
    const { total, pages, cards } = await searchFallback(fake(20), 'wheel', 1, 8);
    expect(total).toBe(20);
    expect(pages).toBe(3);
    expect(cards.map((card) => card.title)).toEqual([
      'P8',
      'P9',
      'P10',
      'P11',
      'P12',
      'P13',
      'P14',
      'P15',
    ]);
  });
  it('skips records of another shape instead of failing the page', async () => {
    const odd: PagefindApi = {
      search: () =>
        Promise.resolve({
          results: [
            { url: '/products/ok', meta: { title: 'Fine', price: '3' } },
            { url: '/products/no-meta' },
            { url: '/products/number', meta: { title: 42 } },
            null,
          ].map((record) => ({ data: () => Promise.resolve(record) })),
        }),
    };
    const { total, cards } = await searchFallback(odd, 'x', 0, 8);
    expect(total).toBe(4);
    expect(cards).toEqual([{ url: '/products/ok', title: 'Fine', image: null, price: 3 }]);
  });
  it('leaves out results without every word and ends the count at the first of them', async () => {
    const records = [
      { url: '/products/a', content: 'Seal kit LR-29963', meta: { title: 'A', price: '2' } },
      { url: '/products/b', content: 'Seal kit LR-29963-B', meta: { title: 'B', price: '2' } },
      { url: '/products/c', content: 'Seal kit LR-52373', meta: { title: 'C', price: '2' } },
      { url: '/products/d', content: 'Wheel LR-60530', meta: { title: 'D', price: '2' } },
    ];
    const api: PagefindApi = {
      search: () =>
        Promise.resolve({
          results: records.map((record) => ({ data: () => Promise.resolve(record) })),
        }),
    };
    expect(await searchFallback(api, 'lr-29963', 0, 2)).toMatchObject({ total: 4 });
    const { total, cards } = await searchFallback(api, 'lr-29963', 1, 2);
    expect(cards).toEqual([]);
    expect(total).toBe(2);
  });
  it('copes with no search at all', async () => {
    const none: PagefindApi = { search: () => Promise.resolve(null) };
    expect(await searchFallback(none, 'x', 0, 8)).toEqual({ total: 0, pages: 1, cards: [] });
  });
});
