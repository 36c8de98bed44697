import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
