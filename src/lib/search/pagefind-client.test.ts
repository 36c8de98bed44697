import { describe, expect, it, vi } from 'vitest';
import {
  dropdownSearch,
  lazyDropdownIndexes,
  lazyPagefind,
  mergeShards,
  SHARDS_URL,
  type PagefindApi,
} from './pagefind-client.ts';

const page = (url: string, meta: Record<string, string>) => ({
  data: vi.fn((): Promise<unknown> => Promise.resolve({ url, meta })),
});

function fakeIndex(pages: ReturnType<typeof page>[] = []) {
  const search = vi.fn((_term: string, _options?: { filters?: Record<string, string> }) =>
    Promise.resolve({ results: pages }),
  );
  return { api: { search } satisfies PagefindApi, search };
}

describe('dropdownSearch', () => {
  it('asks each index once and reads only the shown fragments', async () => {
    const products = Array.from({ length: 10 }, (_, i) =>
      page(`/products/p${i}`, { title: `P${i}`, price: '1.00', partNumber: `85-${i}`, image: '' }),
    );
    const collectionIndex = fakeIndex([page('/collections/wheels', { title: 'Wheels' })]);
    const productIndex = fakeIndex(products);
    const found = await dropdownSearch(
      { products: productIndex.api, collections: collectionIndex.api },
      'wheel',
    );
    // No type filter: each index holds one kind of page.
    expect(collectionIndex.search).toHaveBeenCalledExactlyOnceWith('wheel', { filters: {} });
    expect(productIndex.search).toHaveBeenCalledExactlyOnceWith('wheel', { filters: {} });
    expect(found.categories).toEqual([
      {
        url: '/collections/wheels',
        title: 'Wheels',
        image: '',
        price: undefined,
        partNumber: undefined,
      },
    ]);
    expect(found.products.map((hit) => hit.title)).toEqual(['P0', 'P1', 'P2', 'P3']);
    expect(products[4]?.data).not.toHaveBeenCalled();
  });

  it('previews only products inside the price range (issue 13 item 5)', async () => {
    const prices = ['176.00', '49.99', '181.50', '50.00', '12.00', '', '8.00'];
    const products = fakeIndex(
      prices.map((price, i) => page(`/products/p${i}`, { title: `P${i}`, price, image: '' })),
    );
    const found = await dropdownSearch(
      { products: products.api, collections: fakeIndex().api },
      'wheel',
      '',
      { minPrice: null, maxPrice: 50 },
    );
    // At most $50, bounds included; a product without a price is in no range.
    expect(found.products.map((hit) => hit.price)).toEqual(['49.99', '50.00', '12.00', '8.00']);
  });

  it('keeps both groups inside the chosen category', async () => {
    const products = fakeIndex();
    const collections = fakeIndex();
    await dropdownSearch({ products: products.api, collections: collections.api }, 'wheel', '12');
    expect(collections.search).toHaveBeenCalledWith('wheel', { filters: { categoryId: '12' } });
    expect(products.search).toHaveBeenCalledWith('wheel', { filters: { categoryId: '12' } });
  });

  it('skips fragments that are not pages of this index', async () => {
    const products = fakeIndex([
      { data: vi.fn((): Promise<unknown> => Promise.resolve({ url: '/x' })) },
      { data: vi.fn((): Promise<unknown> => Promise.resolve(null)) },
      page('/products/ok', { title: 'OK' }),
    ]);
    const found = await dropdownSearch(
      { products: products.api, collections: fakeIndex().api },
      'wheel',
    );
    expect(found.products.map((hit) => hit.url)).toEqual(['/products/ok']);
  });

  it("leaves out the results that do not hold every word (a shard's back-off)", async () => {
    const hit = (url: string, content: string) => ({
      data: vi.fn((): Promise<unknown> => Promise.resolve({ url, content, meta: { title: url } })),
    });
    const exact = hit('/products/a', 'Ball Bearing LR-29963 LR29963');
    const loose = Array.from({ length: 30 }, (_, i) =>
      hit(`/products/n${String(i)}`, `Seal LR-5${String(i).padStart(4, '0')}`),
    );
    const products = fakeIndex([...loose.slice(0, 2), exact, ...loose.slice(2)]);
    const found = await dropdownSearch(
      { products: products.api, collections: fakeIndex().api },
      'LR-29963',
    );
    expect(found.products.map((h) => h.url)).toEqual(['/products/a']);
    // At most 24 results are read looking for more.
    expect(loose.filter((one) => one.data.mock.calls.length > 0)).toHaveLength(23);
  });

  it('treats a superseded search (null) as no results', async () => {
    const api: PagefindApi = { search: () => Promise.resolve(null) };
    expect(await dropdownSearch({ products: api, collections: api }, 'wheel')).toEqual({
      categories: [],
      products: [],
    });
  });
});

describe('lazyDropdownIndexes', () => {
  it('loads the products and the collections index, each once', async () => {
    const products = { search: vi.fn() } as PagefindApi;
    const collections = { search: vi.fn() } as PagefindApi;
    const loadProducts = vi.fn(() => Promise.resolve(products));
    const loadCollections = vi.fn(() => Promise.resolve(collections));
    const get = lazyDropdownIndexes(lazyPagefind(loadProducts), lazyPagefind(loadCollections));
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toEqual({ products, collections });
    expect(b).toEqual(a);
    expect(loadProducts).toHaveBeenCalledTimes(1);
    expect(loadCollections).toHaveBeenCalledTimes(1);
  });

  it('fails while either index cannot load, and tries that one again', async () => {
    const loadCollections = vi
      .fn<() => Promise<PagefindApi>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ search: vi.fn() });
    const loadProducts = vi.fn(() => Promise.resolve({ search: vi.fn() } as PagefindApi));
    const get = lazyDropdownIndexes(lazyPagefind(loadProducts), lazyPagefind(loadCollections));
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBeDefined();
    expect(loadCollections).toHaveBeenCalledTimes(2);
    expect(loadProducts).toHaveBeenCalledTimes(1);
  });
});

describe('lazyPagefind', () => {
  it('loads and starts the index once', async () => {
    const init = vi.fn(() => Promise.resolve());
    const options = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve({ search: vi.fn(), init, options } as PagefindApi));
    const get = lazyPagefind(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<PagefindApi>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ search: vi.fn() });
    const get = lazyPagefind(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('mergeShards', () => {
  const reply = (status: number, body: unknown = null) =>
    Promise.resolve(new Response(body === null ? null : JSON.stringify(body), { status }));

  it('merges shards 1 to n-1 into the runtime, skipping the empty ones', async () => {
    const mergeIndex = vi.fn(() => Promise.resolve());
    const get = vi.fn(() => reply(200, { shards: 4, empty: [2] }));
    await mergeShards({ search: vi.fn(), mergeIndex }, get);
    expect(get).toHaveBeenCalledExactlyOnceWith(SHARDS_URL);
    expect(mergeIndex.mock.calls).toEqual([
      ['/pagefind/shard-1/', { excerptLength: 0 }],
      ['/pagefind/shard-3/', { excerptLength: 0 }],
    ]);
  });

  it('merges nothing for one shard or an index from before sharding (404)', async () => {
    const mergeIndex = vi.fn(() => Promise.resolve());
    await mergeShards({ search: vi.fn(), mergeIndex }, () => reply(200, { shards: 1, empty: [] }));
    await mergeShards({ search: vi.fn(), mergeIndex }, () => reply(404));
    expect(mergeIndex).not.toHaveBeenCalled();
  });

  it('fails when the manifest cannot be read, and the next search loads again', async () => {
    const mergeIndex = vi.fn(() => Promise.resolve());
    const get = vi
      .fn<(url: string) => Promise<Response>>()
      .mockImplementationOnce(() => reply(503))
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')))
      .mockImplementation(() => reply(200, { shards: 2, empty: [] }));
    const load = vi.fn(() => Promise.resolve({ search: vi.fn(), mergeIndex } as PagefindApi));
    const index = lazyPagefind(load, (api) => mergeShards(api, get));
    await expect(index()).rejects.toThrow('503');
    await expect(index()).rejects.toThrow('Failed to fetch');
    await expect(index()).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(3);
    expect(mergeIndex).toHaveBeenCalledExactlyOnceWith('/pagefind/shard-1/', { excerptLength: 0 });
  });

  it('merges a shard once when a load is tried again after another shard failed', async () => {
    const mergeIndex = vi
      .fn<(path: string) => Promise<void>>()
      .mockImplementation((path) =>
        path.includes('shard-2') && mergeIndex.mock.calls.length < 3
          ? Promise.reject(new Error('offline'))
          : Promise.resolve(),
      );
    const api = { search: vi.fn(), mergeIndex } as PagefindApi;
    const index = lazyPagefind(
      () => Promise.resolve(api),
      (loaded) => mergeShards(loaded, () => reply(200, { shards: 3, empty: [] })),
    );
    await expect(index()).rejects.toThrow('offline');
    await expect(index()).resolves.toBe(api);
    const paths = mergeIndex.mock.calls.map(([path]) => path);
    expect(paths.filter((path) => path.includes('shard-1'))).toHaveLength(1);
    expect(paths.filter((path) => path.includes('shard-2'))).toHaveLength(2);
  });
});
