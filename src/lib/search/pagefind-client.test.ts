import { describe, expect, it, vi } from 'vitest';
import { dropdownSearch, lazyPagefind, type PagefindApi } from './pagefind-client.ts';

const page = (url: string, meta: Record<string, string>) => ({
  data: vi.fn((): Promise<unknown> => Promise.resolve({ url, meta })),
});

function fakeIndex(pages: Record<string, ReturnType<typeof page>[]>) {
  const search = vi.fn((_term: string, options?: { filters?: Record<string, string> }) =>
    Promise.resolve({ results: pages[options?.filters?.['type'] ?? ''] ?? [] }),
  );
  return { api: { search } satisfies PagefindApi, search };
}

describe('dropdownSearch', () => {
  it('asks for categories and products and reads only the shown fragments', async () => {
    const products = Array.from({ length: 10 }, (_, i) =>
      page(`/products/p${i}`, { title: `P${i}`, price: '1.00', partNumber: `85-${i}`, image: '' }),
    );
    const { api, search } = fakeIndex({
      collection: [page('/collections/wheels', { title: 'Wheels' })],
      product: products,
    });
    const found = await dropdownSearch(api, 'wheel');
    expect(search).toHaveBeenCalledWith('wheel', { filters: { type: 'collection' } });
    expect(search).toHaveBeenCalledWith('wheel', { filters: { type: 'product' } });
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

  it('keeps both groups inside the chosen category', async () => {
    const { api, search } = fakeIndex({});
    await dropdownSearch(api, 'wheel', '12');
    expect(search).toHaveBeenCalledWith('wheel', {
      filters: { type: 'collection', categoryId: '12' },
    });
    expect(search).toHaveBeenCalledWith('wheel', {
      filters: { type: 'product', categoryId: '12' },
    });
  });

  it('skips fragments that are not pages of this index', async () => {
    const { api } = fakeIndex({
      product: [
        { data: vi.fn((): Promise<unknown> => Promise.resolve({ url: '/x' })) },
        { data: vi.fn((): Promise<unknown> => Promise.resolve(null)) },
        page('/products/ok', { title: 'OK' }),
      ],
    });
    expect((await dropdownSearch(api, 'wheel')).products.map((hit) => hit.url)).toEqual([
      '/products/ok',
    ]);
  });

  it('treats a superseded search (null) as no results', async () => {
    const api: PagefindApi = { search: () => Promise.resolve(null) };
    expect(await dropdownSearch(api, 'wheel')).toEqual({ categories: [], products: [] });
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
