import { afterEach, describe, expect, it, vi } from 'vitest';
import { testClient } from '../api/client.testing.ts';
import {
  DEFAULT_ERROR,
  fetchCards,
  fetchMediaProduct,
  INVALID_PRODUCT_ID,
  PRODUCT_ID_REQUIRED,
  productIdParam,
  viewerImages,
  type MediaProduct,
} from './media-api.ts';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;
/** The API client's call over a fake fetch. */
const over = (fetch: Fetch) => testClient(fetch).requestJson;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const product: MediaProduct = {
  id: 7,
  title: 'Load <b>Wheel</b>',
  handle: 'load-wheel',
  imageUrl: '/api/media/products/wheel.svg',
  Images: [
    { id: 1, url: '/api/media/products/wheel.svg', altText: 'Front' },
    { id: 2, url: '/api/media/products/wheel-2.svg', altText: ' ' },
  ],
};

const card = {
  id: 3,
  handle: 'seal-kit',
  title: 'Seal kit',
  vendor: 'Crown',
  imageUrl: null,
  avgRating: 4,
  totalReviews: 2,
  price: 12,
  compareAtPrice: null,
  availableForSale: true,
};

describe('productIdParam', () => {
  it("requires product_id with the spec's message", () => {
    expect(productIdParam('')).toEqual({ ok: false, message: PRODUCT_ID_REQUIRED });
    expect(productIdParam('?product_id=')).toEqual({ ok: false, message: PRODUCT_ID_REQUIRED });
    expect(productIdParam('?product_id=%20')).toEqual({ ok: false, message: PRODUCT_ID_REQUIRED });
    expect(productIdParam('?other=1')).toEqual({ ok: false, message: PRODUCT_ID_REQUIRED });
  });

  it('refuses what is not a product id', () => {
    for (const bad of ['abc', '-1', '0', '1.5', '12345678901', '1e3', '../7']) {
      expect(productIdParam(`?product_id=${encodeURIComponent(bad)}`)).toEqual({
        ok: false,
        message: INVALID_PRODUCT_ID,
      });
    }
  });

  it('reads a positive whole number', () => {
    expect(productIdParam('?product_id=42')).toEqual({ ok: true, id: 42 });
    expect(productIdParam('product_id=%2042%20&x=1')).toEqual({ ok: true, id: 42 });
  });
});

describe('fetchMediaProduct', () => {
  it('reads the product from GET /api/products/{id}', async () => {
    const fetchFn = vi.fn<Fetch>(() =>
      Promise.resolve(json({ product: { ...product, extra: 1 } })),
    );
    const result = await fetchMediaProduct(7, undefined, over(fetchFn));
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/products/7');
    expect(result).toEqual({ ok: true, value: product });
  });

  it("passes on the API's error text, such as 'Product not found.'", async () => {
    const result = await fetchMediaProduct(
      9,
      undefined,
      over(() => Promise.resolve(json({ error: 'Product not found.' }, 404))),
    );
    expect(result).toEqual({ ok: false, message: 'Product not found.', status: 404 });
  });

  it('gives the default text for a network failure, a non-JSON reply or a bad shape', async () => {
    const get = (fetch: Fetch) => fetchMediaProduct(1, undefined, over(fetch));
    const down = await get(() => Promise.reject(new TypeError('offline')));
    expect(down).toEqual({ ok: false, message: DEFAULT_ERROR });
    const html = await get(() =>
      Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 })),
    );
    expect(html).toEqual({ ok: false, message: DEFAULT_ERROR, status: 502 });
    const shape = await get(() => Promise.resolve(json({ product: { id: 'x' } })));
    expect(shape).toEqual({ ok: false, message: DEFAULT_ERROR, status: 200 });
    const noText = await get(() => Promise.resolve(json({ error: '' }, 500)));
    expect(noText).toEqual({ ok: false, message: DEFAULT_ERROR, status: 500 });
  });

  it('lets an abort through instead of reporting it as a failure', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      fetchMediaProduct(
        1,
        controller.signal,
        over(() => Promise.reject(new DOMException('aborted', 'AbortError'))),
      ),
    ).rejects.toThrow('aborted');
  });
});

describe('fetchCards', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const stubFetch = (fetch: Fetch) => {
    const spy = vi.fn(fetch);
    vi.stubGlobal('fetch', spy);
    return spy;
  };

  it("asks for every id in one call, in order, through the comparison page's call", async () => {
    const fetchFn = stubFetch(() => Promise.resolve(json({ products: [card] })));
    const result = await fetchCards([3, 8]);
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/products?productIds=3%2C8');
    expect(result).toEqual({ ok: true, value: [card] });
  });

  it('makes no call for an empty list', async () => {
    const fetchFn = stubFetch(() => Promise.resolve(json({})));
    expect(await fetchCards([])).toEqual({ ok: true, value: [] });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it("fails with the default text, or the API's own words", async () => {
    stubFetch(() => Promise.resolve(json({ items: [] })));
    expect(await fetchCards([3])).toEqual({ ok: false, message: DEFAULT_ERROR });
    stubFetch(() => Promise.reject(new TypeError('offline')));
    expect(await fetchCards([3])).toEqual({ ok: false, message: DEFAULT_ERROR });
    stubFetch(() => Promise.resolve(json({ error: 'Too many ids.' }, 400)));
    expect(await fetchCards([3])).toEqual({ ok: false, message: 'Too many ids.', status: 400 });
    stubFetch(() => Promise.resolve(new Response('<html>', { status: 500 })));
    expect(await fetchCards([3])).toEqual({ ok: false, message: DEFAULT_ERROR, status: 500 });
  });
});

describe('viewerImages', () => {
  it("lists the product's Images, with the title standing in for an empty alt text", () => {
    expect(viewerImages(product)).toEqual([
      { id: '1', url: '/api/media/products/wheel.svg', alt: 'Front' },
      { id: '2', url: '/api/media/products/wheel-2.svg', alt: 'Load Wheel, image 2' },
    ]);
  });

  it('falls back to the main image, and to nothing', () => {
    expect(viewerImages({ ...product, Images: [] })).toEqual([
      { id: 'main', url: '/api/media/products/wheel.svg', alt: 'Load Wheel, image 1' },
    ]);
    expect(viewerImages({ ...product, Images: [], imageUrl: null })).toEqual([]);
  });
});
