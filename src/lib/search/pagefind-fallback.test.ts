import { describe, expect, it } from 'vitest';
import {
  fallbackCards,
  fallbackWords,
  searchFallback,
  type PagefindApi,
} from './pagefind-fallback.ts';

describe('fallbackCards', () => {
  it('maps index records and skips broken ones', () => {
    expect(
      fallbackCards([
        { url: '/products/a', meta: { title: 'Wheel A', image: '/a.svg', price: '12.50' } },
        { url: '/products/b', meta: { title: 'Wheel B', image: '', price: 'x' } },
        { url: '/products/c', meta: { title: '  ' } },
        { url: 'https://evil.example/', meta: { title: 'Away' } },
      ]),
    ).toEqual([
      { url: '/products/a', title: 'Wheel A', image: '/a.svg', price: 12.5 },
      { url: '/products/b', title: 'Wheel B', image: null, price: null },
    ]);
  });
});

describe('fallbackWords', () => {
  it('searches the query, else the vendor', () => {
    expect(fallbackWords({ q: ' wheel ', v: 'Crown' })).toBe('wheel');
    expect(fallbackWords({ q: '', v: 'Crown' })).toBe('Crown');
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
    const { total, cards } = await searchFallback(fake(20), 'wheel', 1, 8);
    expect(total).toBe(20);
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
  it('copes with no search at all', async () => {
    const none: PagefindApi = { search: () => Promise.resolve(null) };
    expect(await searchFallback(none, 'x', 0, 8)).toEqual({ total: 0, cards: [] });
  });
});
