import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_ERROR,
  fetchCards,
  fetchMediaProduct,
  INVALID_PRODUCT_ID,
  PRODUCT_ID_REQUIRED,
  productIdParam,
  viewerImages,
  type Fetch,
  type MediaProduct,
} from './media-api.ts';

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
    const result = await fetchMediaProduct(7, fetchFn);
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/products/7');
    expect(result).toEqual({ ok: true, value: product });
  });

  it("passes on the API's error text, such as 'Product not found.'", async () => {
    const result = await fetchMediaProduct(9, () =>
      Promise.resolve(json({ error: 'Product not found.' }, 404)),
    );
    expect(result).toEqual({ ok: false, message: 'Product not found.', status: 404 });
  });

  it('gives the default text for a network failure, a non-JSON reply or a bad shape', async () => {
    const down = await fetchMediaProduct(1, () => Promise.reject(new TypeError('offline')));
    expect(down).toEqual({ ok: false, message: DEFAULT_ERROR });
    const html = await fetchMediaProduct(1, () =>
      Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 })),
    );
    expect(html).toEqual({ ok: false, message: DEFAULT_ERROR, status: 502 });
    const shape = await fetchMediaProduct(1, () => Promise.resolve(json({ product: { id: 'x' } })));
    expect(shape).toEqual({ ok: false, message: DEFAULT_ERROR, status: 200 });
    const noText = await fetchMediaProduct(1, () => Promise.resolve(json({ error: '' }, 500)));
    expect(noText).toEqual({ ok: false, message: DEFAULT_ERROR, status: 500 });
  });

  it('lets an abort through instead of reporting it as a failure', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      fetchMediaProduct(
        1,
        () => Promise.reject(new DOMException('aborted', 'AbortError')),
        controller.signal,
      ),
    ).rejects.toThrow('aborted');
  });
});

describe('fetchCards', () => {
  it('asks for every id in one call, in order', async () => {
    const fetchFn = vi.fn<Fetch>(() => Promise.resolve(json({ products: [card] })));
    const result = await fetchCards([3, 8], fetchFn);
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/products?productIds=3,8');
    expect(result).toEqual({ ok: true, value: [card] });
  });

  it('makes no call for an empty list', async () => {
    const fetchFn = vi.fn<Fetch>();
    expect(await fetchCards([], fetchFn)).toEqual({ ok: true, value: [] });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('fails on a reply without the products list', async () => {
    const result = await fetchCards([3], () => Promise.resolve(json({ items: [] })));
    expect(result.ok).toBe(false);
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
