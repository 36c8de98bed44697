import { describe, expect, it } from 'vitest';
import { jsonInit, TEST_ADMIN_TOKEN, testApp } from '../testing/app.ts';
import { oneVariantProduct } from '../testing/catalogue.ts';
import type { CollectionInput, ProductInput } from './input.ts';

// the merchandiser API refuses a URL that is not http(s) or a path on this
// site, naming the field, so it never enters the database (and so never reaches a build).
const HOSTILE = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  ' https://cdn.example.com/a.jpg',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  '//evil.example/a.jpg',
  '/\\evil.example/a.jpg',
  'https://cdn.example.com@evil.example/a.jpg',
  'a.jpg',
];

const product = (extra: Partial<ProductInput> = {}) =>
  oneVariantProduct('url-wheel', 'URL Wheel', 10, 1, extra);

async function post(path: string, body: unknown) {
  const { app, db } = testApp();
  const res = await app.request(
    `http://localhost/api/admin${path}`,
    jsonInit('POST', body, { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }),
  );
  const count = (table: string) =>
    (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { res, body: (await res.json()) as { error?: string }, count };
}

describe('merchandiser URLs', () => {
  const productFields: [string, (url: string) => Partial<ProductInput>][] = [
    ['imageUrl', (url) => ({ imageUrl: url })],
    ['images[0].url', (url) => ({ images: [{ url }] })],
    ['model3ds[0].url', (url) => ({ model3ds: [{ url, posterUrl: '/api/media/p.svg' }] })],
    [
      'model3ds[0].posterUrl',
      (url) => ({ model3ds: [{ url: '/api/media/m.glb', posterUrl: url }] }),
    ],
    ['pdfs[0].url', (url) => ({ pdfs: [{ url, filename: 'manual.pdf' }] })],
  ];

  describe.each(productFields)('product %s', (field, withUrl) => {
    it.each(HOSTILE)('refuses %j with 400 naming the field, writing nothing', async (url) => {
      const { res, body, count } = await post('/products', product(withUrl(url)));
      expect(res.status).toBe(400);
      expect(body.error).toBe(`${field}: must be an http(s) URL or a path on this site`);
      expect(count('products')).toBe(0);
    });

    it('accepts an https URL and a path on this site', async () => {
      for (const url of ['https://cdn.example.com/a.jpg', '/api/media/products/wheel-1.svg']) {
        const { res } = await post('/products', product(withUrl(url)));
        expect(res.status).toBe(201);
      }
    });
  });

  const collection = (extra: Partial<CollectionInput>): CollectionInput => ({
    handle: 'url-wheels',
    title: 'URL Wheels',
    ...extra,
  });

  it.each(HOSTILE)('refuses the collection URL %j in either field', async (url) => {
    for (const [field, body] of [
      ['imageUrl', collection({ imageUrl: url })],
      ['images.topBanner.imagePath', collection({ images: { topBanner: { imagePath: url } } })],
    ] as const) {
      const { res, body: reply, count } = await post('/collections', body);
      expect(res.status).toBe(400);
      expect(reply.error).toBe(`${field}: must be an http(s) URL or a path on this site`);
      expect(count('collections')).toBe(0);
    }
  });

  it.each(['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)', 'dQw4'])(
    'refuses the video metafield %j: a video id is an id, not a URL',
    async (value) => {
      const { res, body, count } = await post(
        '/products',
        product({ metafields: [{ key: 'product_video_id', value }] }),
      );
      expect(res.status).toBe(400);
      expect(body.error).toBe('metafields[0].value: must be a video id');
      expect(count('products')).toBe(0);
    },
  );

  it('keeps other metafields free text, and a video id as given', async () => {
    const { res } = await post(
      '/products',
      product({
        metafields: [
          { key: 'product_video_id', value: 'dQw4w9WgXcQ' },
          { key: 'notes', value: 'see https://example.com' },
        ],
      }),
    );
    expect(res.status).toBe(201);
  });
});
