import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_IMAGE_SIZES } from '../catalog/product-card.ts';
import { startEarlyFilter, takeEarlyFilter } from './early-filter.ts';
import { parseSearchParams } from './search-params.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const reply = { products: [], pageInfo: { limitPerPage: 24, totalObjects: 0, totalPages: 0 } };

function answer() {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(reply))));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the early filter call of /search.php', () => {
  it("hands its reply to the list's first call for the same search, once", async () => {
    const fetch = answer();
    startEarlyFilter('?q=wheel&sortBy=price_asc', 24);
    expect(fetch).toHaveBeenCalledTimes(1);
    const params = parseSearchParams('?sortBy=price_asc&q=wheel');
    expect(takeEarlyFilter({ ...params, page: 1 }, 24)).toBeUndefined();
    await expect(takeEarlyFilter(params, 24)).resolves.toEqual(reply);
    expect(takeEarlyFilter(params, 24)).toBeUndefined();
  });

  it('makes no call for a search the list would not make', () => {
    const fetch = answer();
    startEarlyFilter('?q=ab', 24);
    startEarlyFilter('?cat=12&q=wheel', 24);
    startEarlyFilter('', 24);
    expect(fetch).not.toHaveBeenCalled();
    expect(takeEarlyFilter(parseSearchParams('?q=ab'), 24)).toBeUndefined();
  });

  it('keeps a failure for the list to report', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    startEarlyFilter('?q=wheel', 24);
    await expect(takeEarlyFilter(parseSearchParams('?q=wheel'), 24)).rejects.toThrow();
  });

  it("preloads the first cards' pictures with the srcset and sizes their cards ask for", async () => {
    const products = [
      { id: 1, handle: 'a', title: 'A', price: 1, availableForSale: true, imageUrl: '/m/a.svg' },
      { id: 2, handle: 'b', title: 'B', price: 1, availableForSale: true, imageUrl: null },
      { id: 3, handle: 'c', title: 'C', price: 1, availableForSale: true, imageUrl: '/x/c.png' },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ...reply, products })))),
    );
    const head: Record<string, unknown>[] = [];
    vi.stubGlobal('document', {
      createElement: () => ({}),
      head: { append: (link: Record<string, unknown>) => head.push(link) },
    });
    startEarlyFilter('?q=wheel', 24, { count: 3, noImageUrl: '/no-image.svg', cdnPrefix: '/m/' });
    await takeEarlyFilter(parseSearchParams('?q=wheel'), 24);
    await vi.waitFor(() => {
      expect(head).toHaveLength(3);
    });
    const [first, second, third] = head;
    expect(first).toMatchObject({ rel: 'preload', as: 'image', href: '/m/a.svg' });
    expect(first?.imageSizes).toBe(CARD_IMAGE_SIZES);
    expect(first?.imageSrcset).toContain('/m/a_200x.svg 200w');
    expect(second).toMatchObject({ href: '/no-image.svg', fetchPriority: 'high' });
    expect(second?.imageSrcset).toBeUndefined();
    // Past the first row, the pictures load at the browser's own priority.
    expect(third).toMatchObject({ href: '/x/c.png' });
    expect(third?.fetchPriority).toBeUndefined();
  });
});
