import { describe, expect, it, vi } from 'vitest';
import { testClient } from '../api/client.testing.ts';
import {
  brandsErrorText,
  categoriesErrorText,
  fetchList,
  LOADING_BRANDS,
  LOADING_CATEGORIES,
  loadBrandsSection,
  loadCategoriesSection,
  SIDEBAR_BRANDS_URL,
  sidebarData,
  sidebarNavUrl,
} from './collection-sidebar.ts';

const reply = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    statusText: status === 200 ? 'OK' : 'Server Error',
    headers: { 'content-type': 'application/json' },
  });

type FetchLike = (url: string, init: RequestInit) => Promise<Response>;
const fetchReturning = (response: Response) => vi.fn<FetchLike>(() => Promise.resolve(response));
/** The API client's call over a fake fetch. */
const over = (fetchFn: FetchLike) => testClient(fetchFn).requestJson;

describe('texts and calls', () => {
  it('uses the spec texts', () => {
    expect(LOADING_CATEGORIES).toBe('Loading categories...');
    expect(LOADING_BRANDS).toBe('Loading brands...');
    expect(categoriesErrorText('boom')).toBe('Error loading categories: boom');
    expect(brandsErrorText('boom')).toBe('Error loading brands: boom');
  });

  it('asks for the nav at the sidebar depth and for 10 brands by product count', () => {
    expect(sidebarNavUrl('/collections')).toBe(
      '/api/nav?collectionUrlPrefix=%2Fcollections&depth=6',
    );
    expect(sidebarNavUrl('/c', 3)).toBe('/api/nav?collectionUrlPrefix=%2Fc&depth=3');
    expect(SIDEBAR_BRANDS_URL).toBe(
      '/api/products/vendors/fullDetail?page=0&limit=10&sortBy=PRODUCT_COUNT&order=DESC',
    );
  });
});

describe('fetchList', () => {
  it('returns the list under the key', async () => {
    const fetchFn = fetchReturning(reply({ vendors: [{ name: 'Crown' }] }));
    await expect(fetchList('/x', 'vendors', over(fetchFn))).resolves.toEqual([{ name: 'Crown' }]);
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/x');
    expect(new Headers(fetchFn.mock.calls[0]?.[1].headers).get('accept')).toBe('application/json');
  });

  it("throws the server's error text", async () => {
    const fetchFn = fetchReturning(reply({ error: 'Database is busy' }, 503));
    await expect(fetchList('/x', 'vendors', over(fetchFn))).rejects.toThrow('Database is busy');
  });

  it('throws the status when the reply has no error text', async () => {
    const fetchFn = fetchReturning(reply('<html>', 502));
    await expect(fetchList('/x', 'vendors', over(fetchFn))).rejects.toThrow('502 Server Error');
  });

  it('throws when the list is missing', async () => {
    const fetchFn = fetchReturning(reply({ other: [] }));
    await expect(fetchList('/x', 'vendors', over(fetchFn))).rejects.toThrow(
      'Unexpected response: no vendors',
    );
  });
});

describe('loadCategoriesSection', () => {
  it('renders the tree with the current page open', async () => {
    const navData = [
      {
        id: 1,
        title: 'Parts',
        url: '/collections/parts',
        children: [{ id: 2, title: 'Wheels', url: '/collections/wheels', children: [] }],
      },
    ];
    const fetchFn = fetchReturning(reply({ navData }));
    const result = await loadCategoriesSection(
      {
        collectionBase: '/collections',
        currentPath: '/collections/wheels',
      },
      over(fetchFn),
    );
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/nav?collectionUrlPrefix=%2Fcollections&depth=6');
    expect(result).toHaveProperty('html');
    const html = 'html' in result ? result.html : '';
    expect(html).toContain('id="live-tree-1"');
    expect(html).toContain('aria-expanded="true"');
    expect(html).toContain('href="/collections/wheels" aria-current="page"');
  });

  it('gives the error text when the call fails', async () => {
    const fetchFn = vi.fn<FetchLike>(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(loadCategoriesSection({ collectionBase: '/c' }, over(fetchFn))).resolves.toEqual({
      error: 'Error loading categories: Failed to fetch',
    });
  });
});

describe('loadBrandsSection', () => {
  it('renders the brands', async () => {
    const fetchFn = fetchReturning(reply({ vendors: [{ name: 'Crown', productCount: 3 }] }));
    await expect(loadBrandsSection(over(fetchFn))).resolves.toEqual({
      html: '<ul class="brand-list"><li><a class="brand-link" href="/brands/Crown">Crown</a></li></ul>',
    });
    expect(fetchFn.mock.calls[0]?.[0]).toBe(SIDEBAR_BRANDS_URL);
  });

  it('gives the error text when the call fails', async () => {
    const fetchFn = fetchReturning(reply({ error: 'Vendors unavailable' }, 500));
    await expect(loadBrandsSection(over(fetchFn))).resolves.toEqual({
      error: 'Error loading brands: Vendors unavailable',
    });
  });

  it('gives the error text of a non-Error throw', async () => {
    const fetchFn = vi.fn<FetchLike>(() => Promise.reject(new Error('offline')));
    await expect(loadBrandsSection(over(fetchFn))).resolves.toEqual({
      error: 'Error loading brands: offline',
    });
  });
});

describe('sidebarData', () => {
  it('cuts the tree to the depth and keeps the 10 brands with the most products', () => {
    const nav = [
      {
        id: 1,
        title: 'Parts',
        url: '/c/parts',
        children: [{ id: 2, title: 'Wheels', url: '/c/wheels', children: [] }],
      },
    ];
    const vendors = Array.from({ length: 12 }, (_, index) => ({
      name: `V${index}`,
      productCount: index,
    }));
    const data = sidebarData(nav, vendors, 1);
    expect(data.nav).toEqual([{ id: 1, title: 'Parts', url: '/c/parts', children: [] }]);
    expect(data.brands.map((brand) => brand.name)).toEqual([
      'V11',
      'V10',
      'V9',
      'V8',
      'V7',
      'V6',
      'V5',
      'V4',
      'V3',
      'V2',
    ]);
    expect(sidebarData(nav, [])).toEqual({ nav, brands: [] });
  });
});
