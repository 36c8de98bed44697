import { describe, expect, it } from 'vitest';
import { parseProductRecord } from '../../shared/contracts/product-record.ts';
import { VIDEO_METAFIELD_KEY } from '../catalog/input.ts';
import { upsertProduct } from '../catalog/write.ts';
import { collectionId, fixtureApp, fixtureProducts } from '../testing/catalogue.ts';

interface Card {
  id: number;
  handle: string;
  price: number;
  isFeatured: boolean;
}
type Detail = Record<string, unknown> & {
  id: number;
  handle: string;
  Images: unknown[];
  Variants: { id: number; Options: unknown[]; availableInventoryLevels: unknown[] }[];
};

describe('GET /api/products/handle/:handle', () => {
  it('answers the full record the build validates', async () => {
    const { get, db } = fixtureApp();
    const { status, body } = await get<{ product: Detail }>('/handle/poly-load-wheel');
    expect(status).toBe(200);
    const parsed = parseProductRecord(body.product);
    expect(parsed).toMatchObject({ ok: true });
    expect(body.product).toMatchObject({
      handle: 'poly-load-wheel',
      title: 'Polyurethane Load Wheel',
      vendor: 'Crown',
      sku: '85288-001',
      partNumber: '85288-001',
      price: 49.99,
      compareAtPrice: 59.99,
      availableForSale: true,
      availableQuantity: 7,
      avgRating: 4.5,
      totalReviews: 2,
      isFeatured: true,
      featuredOrder: 2,
      isEligibleForFreeShipping: true,
      imageUrl: '/api/media/wheel-1.jpg',
      tags: ['Material_Polyurethane', 'Size_8 in'],
      Images: [
        { url: '/api/media/wheel-1.jpg', altText: 'Front', imagePlacementId: null },
        { url: '/api/media/wheel-2.jpg', altText: 'Side', imagePlacementId: 3 },
      ],
      Model3Ds: [{ url: '/api/media/wheel.glb', posterUrl: '/api/media/wheel-poster.jpg' }],
      Metafields: [
        { metafieldKey: VIDEO_METAFIELD_KEY, metafieldValue: 'dQw4w9WgXcQ' },
        { metafieldKey: 'origin', metafieldValue: 'USA' },
      ],
      PDFs: [
        { url: '/api/media/crown-manual.pdf', Attachment: { localFilename: 'crown-manual.pdf' } },
      ],
      Reviews: [
        { starsRating: 4, title: 'Good' },
        { starsRating: 5, title: 'Fits' },
      ],
      Collections: [
        { id: collectionId(db, 'load-wheels'), handle: 'load-wheels', title: 'Load Wheels' },
      ],
      Options: [
        { name: 'Material', position: 0 },
        { name: 'Size', position: 1 },
      ],
    });
    expect(typeof body.product.updatedAt).toBe('string');
  });

  it('gives each variant its options and stock records', async () => {
    const { get } = fixtureApp();
    const { body } = await get<{ product: Detail }>('/handle/poly-load-wheel');
    const options = body.product.Options as { id: number; name: string }[];
    const [first, second] = body.product.Variants;
    expect(first).toMatchObject({
      title: 'Polyurethane / 8 in',
      sku: '85288-001-P8',
      price: 49.99,
      compareAtPrice: null,
      availableForSale: true,
      availableQuantity: 7,
      variantPosition: 1,
      Options: [
        {
          id: options[0]?.id,
          name: 'Material',
          VariantSelectedOptions: { optionValueSelected: 'Polyurethane' },
        },
        {
          id: options[1]?.id,
          name: 'Size',
          VariantSelectedOptions: { optionValueSelected: '8 in' },
        },
      ],
      availableInventoryLevels: [
        {
          variantId: first?.id,
          availableQuantity: 7,
          bypassNegativeQuantity: false,
          availableForSale: true,
          inventoryPrice: 49.99,
          inventoryCompareAtPrice: null,
        },
      ],
    });
    // No stock and no bypass: the variant cannot be sold.
    expect(second).toMatchObject({
      price: 54.99,
      compareAtPrice: 64.99,
      availableForSale: false,
      availableQuantity: 0,
      variantPosition: 2,
    });
  });

  it('uses the manufacturer sku as the part number when there is one', async () => {
    const { get } = fixtureApp();
    const { body } = await get<{ product: Detail }>('/handle/nylon-steer-wheel');
    expect(body.product).toMatchObject({
      sku: 'ST-100',
      productCode: 'TY-55-900',
      partNumber: 'ST-100',
      availableForSale: false,
      Images: [],
      PDFs: [],
      Reviews: [{ starsRating: 3 }],
    });
  });

  it('finds a handle typed with capitals', async () => {
    const { get } = fixtureApp();
    const { status, body } = await get<{ product: Detail }>('/handle/Hydraulic-Pump');
    expect(status).toBe(200);
    expect(body.product.handle).toBe('hydraulic-pump');
  });

  it.each([
    '/handle/no-such-part',
    `/handle/${'x'.repeat(300)}`,
    "/handle/'%3B%20DROP%20TABLE%20products%3B--",
    '/handle/%22%2A',
  ])('answers 404 JSON for an unknown handle (%s)', async (path) => {
    const { get } = fixtureApp();
    expect(await get(path)).toEqual({ status: 404, body: { error: 'Product not found.' } });
  });
});

describe('GET /api/products/handle/:handle/isEligibleForFreeShipping', () => {
  it('answers the product flag', async () => {
    const { get } = fixtureApp();
    expect((await get('/handle/poly-load-wheel/isEligibleForFreeShipping')).body).toEqual({
      isEligibleForFreeShipping: true,
    });
    expect((await get('/handle/hydraulic-seal-kit/isEligibleForFreeShipping')).body).toEqual({
      isEligibleForFreeShipping: false,
    });
  });

  it('answers 404 JSON for an unknown handle', async () => {
    const { get } = fixtureApp();
    expect(await get('/handle/nope/isEligibleForFreeShipping')).toEqual({
      status: 404,
      body: { error: 'Product not found.' },
    });
  });
});

describe('GET /api/products?productIds=', () => {
  it('answers cards in the order asked, leaving out unknown and bad ids', async () => {
    const { get, ids } = fixtureApp();
    const asked = [ids['hydraulic-pump'], 9999, ids['poly-load-wheel'], ids['hydraulic-pump']];
    const { status, body } = await get<{ products: Card[] }>(
      `?productIds=${asked.join(',')},abc,-1,2.5,,0`,
    );
    expect(status).toBe(200);
    expect(body.products.map((card) => card.handle)).toEqual(['hydraulic-pump', 'poly-load-wheel']);
  });

  it('reads at most 100 ids', async () => {
    const { get, db } = fixtureApp();
    const base = fixtureProducts[4];
    if (!base) throw new Error('fixture missing');
    const more = Array.from({ length: 105 }, (_, n) =>
      upsertProduct(db, { ...base, handle: `chain-${n}` }),
    );
    const { body } = await get<{ products: Card[] }>(`?productIds=${more.join(',')}`);
    expect(body.products).toHaveLength(100);
    expect(body.products[0]?.id).toBe(more[0]);
  });

  it('answers an empty list for an empty or hostile list', async () => {
    const { get } = fixtureApp();
    expect((await get('?productIds=')).body).toEqual({ products: [] });
    expect((await get("?productIds='%3B%20DROP%20TABLE%20products")).body).toEqual({
      products: [],
    });
  });
});

describe('GET /api/products?isFeatured=true&sortBy=FEATURED_ORDER', () => {
  it('answers featured cards by featured order', async () => {
    const { get } = fixtureApp();
    const { body } = await get<{ products: Card[] }>(
      '?limit=10&isFeatured=true&sortBy=FEATURED_ORDER',
    );
    expect(body.products.map((card) => card.handle)).toEqual([
      'nylon-steer-wheel',
      'poly-load-wheel',
    ]);
    expect(body.products.every((card) => card.isFeatured)).toBe(true);
  });

  it('honours the limit', async () => {
    const { get } = fixtureApp();
    const { body } = await get<{ products: Card[] }>('?limit=1&isFeatured=true');
    expect(body.products.map((card) => card.handle)).toEqual(['nylon-steer-wheel']);
  });

  it.each(['0', '-1', 'abc', '1.5', '101'])('refuses limit=%s with 400 JSON', async (limit) => {
    const { get } = fixtureApp();
    const { status, body } = await get<{ error: string }>(`?limit=${limit}&isFeatured=true`);
    expect(status).toBe(400);
    expect(body.error).toMatch(/limit/);
  });
});

describe('GET /api/products (no list asked)', () => {
  it('pages through cards by id', async () => {
    const { get, ids } = fixtureApp();
    const { body } = await get<{ products: Card[] }>('?limit=2&page=1');
    expect(body.products.map((card) => card.id)).toEqual([
      ids['hydraulic-seal-kit'],
      ids['hydraulic-pump'],
    ]);
  });
});

describe('GET /api/products/:id', () => {
  it('answers the full record with Images', async () => {
    const { get, ids } = fixtureApp();
    const { status, body } = await get<{ product: Detail }>(`/${ids['poly-load-wheel']}`);
    expect(status).toBe(200);
    expect(body.product.handle).toBe('poly-load-wheel');
    expect(body.product.Images).toHaveLength(2);
    expect(parseProductRecord(body.product).ok).toBe(true);
  });

  it.each(['9999', '0', 'abc', '-1', '1.5', '1e3', '99999999999', '%27%20OR%201%3D1'])(
    'answers 404 JSON for %s',
    async (id) => {
      const { get } = fixtureApp();
      expect(await get(`/${id}`)).toEqual({ status: 404, body: { error: 'Product not found.' } });
    },
  );
});
