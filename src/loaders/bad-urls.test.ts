import { describe, expect, it } from 'vitest';
import { upsertCollection, upsertProduct } from '../../server/catalog/write.ts';
import { testApp } from '../../server/testing/app.ts';
import { readApiList } from './api-list-loader.ts';
import {
  articleRecordSchema,
  collectionRecordSchema,
  navNodeSchema,
  siteReviewRecordSchema,
} from '../../shared/contracts/catalogue-records.ts';
import { parseProductRecord } from '../../shared/contracts/product-record.ts';
import { fakeApi, memoryTarget } from './loaders.testing.ts';

// URLs that are not http(s) or a path on this site never reach a page. The
// API refuses them on the way in (server/catalog/input.ts); these records come from an API
// that did not (another platform, an older database), so the loader is the last door.
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  ' https://cdn.example.com/a.jpg',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'vbscript:msgbox(1)',
  '//evil.example/a.jpg',
  '/\\evil.example/a.jpg',
  '\\\\evil.example\\a.jpg',
  'https://cdn.example.com@evil.example/a.jpg',
];

/** A product from the real API, with every kind of URL, as JSON the test can tamper with. */
async function apiProduct(): Promise<Record<string, unknown> & { id: number }> {
  const { app, db } = testApp();
  upsertCollection(db, { handle: 'wheels', title: 'Wheels' });
  upsertProduct(db, {
    handle: 'url-wheel',
    title: 'URL Wheel',
    price: 10,
    collections: ['wheels'],
    imageUrl: '/api/media/products/wheel-1.svg',
    images: [
      { url: '/api/media/products/wheel-1.svg', altText: 'one' },
      { url: 'https://cdn.example.com/wheel-2.jpg', altText: 'two' },
      { url: '/api/media/products/wheel-3.svg', altText: 'three' },
    ],
    model3ds: [
      { url: '/api/media/models/wheel.glb', posterUrl: '/api/media/products/wheel-1.svg' },
      { url: '/api/media/models/cylinder.glb', posterUrl: '/api/media/products/wheel-2.svg' },
    ],
    pdfs: [
      { url: '/api/media/manuals/url-wheel.pdf', filename: 'url-wheel.pdf' },
      { url: 'https://cdn.example.com/spec.pdf', filename: 'spec.pdf' },
    ],
    videoIds: ['dQw4w9WgXcQ', 'abcdefghijk'],
    variants: [{ title: 'Default Title', price: 10, inventory: { availableQuantity: 1 } }],
  });
  const reply = await app.request('http://localhost/api/products/handle/url-wheel');
  return ((await reply.json()) as { product: Record<string, unknown> & { id: number } }).product;
}

type Item = Record<string, unknown>;
const items = (record: Record<string, unknown>, key: string) => record[key] as Item[];

describe('product URLs in the loader', () => {
  it('keeps a product whose URLs are all http(s) or on this site as it is', async () => {
    const raw = await apiProduct();
    const parsed = parseProductRecord(raw);
    expect(parsed.ok && parsed.warnings).toEqual([]);
    expect(parsed.ok && parsed.product.Images).toHaveLength(3);
  });

  it.each(HOSTILE)('drops a picture whose URL is %j, naming the field', async (url) => {
    const raw = await apiProduct();
    items(raw, 'Images')[1] = { ...items(raw, 'Images')[1], url };
    const parsed = parseProductRecord(raw);
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.product.Images.map((image) => image.altText)).toEqual(['one', 'three']);
    expect(parsed.warnings).toEqual([
      expect.stringMatching(
        /^Images\.1\.url: must be an http\(s\) URL or a path on this site; dropped \(was ".*"\)$/s,
      ),
    ]);
  });

  it.each(HOSTILE)('leaves out a main picture %j, keeping the product', async (url) => {
    const raw = { ...(await apiProduct()), imageUrl: url };
    const parsed = parseProductRecord(raw);
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.product.imageUrl).toBeNull();
    expect(parsed.warnings).toEqual([expect.stringMatching(/^imageUrl: .*; left out/s)]);
  });

  it('drops 3D models and manuals with bad URLs and empties a bad poster', async () => {
    const raw = await apiProduct();
    items(raw, 'Model3Ds')[0] = { ...items(raw, 'Model3Ds')[0], url: 'javascript:alert(1)' };
    items(raw, 'Model3Ds')[1] = { ...items(raw, 'Model3Ds')[1], posterUrl: '//evil.example/p' };
    items(raw, 'PDFs')[1] = { ...items(raw, 'PDFs')[1], url: 'data:application/pdf,x' };
    const parsed = parseProductRecord(raw);
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.product.Model3Ds).toEqual([
      expect.objectContaining({ url: '/api/media/models/cylinder.glb', posterUrl: '' }),
    ]);
    expect(parsed.product.PDFs.map((pdf) => pdf.url)).toEqual(['/api/media/manuals/url-wheel.pdf']);
    expect(parsed.warnings.map((warning) => warning.split(':')[0])).toEqual([
      'Model3Ds.0.url',
      'Model3Ds.0.posterUrl',
      'PDFs.1.url',
    ]);
  });

  it.each(['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)', ''])(
    'drops a video metafield %j: video ids are ids, not URLs',
    async (value) => {
      const raw = await apiProduct();
      const fields = items(raw, 'Metafields');
      const video = fields.findIndex((field) => field['metafieldValue'] === 'abcdefghijk');
      fields[video] = { ...fields[video], metafieldValue: value };
      const parsed = parseProductRecord(raw);
      if (!parsed.ok) throw new Error(parsed.problem);
      expect(parsed.product.Metafields.map((field) => field.metafieldValue)).toEqual([
        'dQw4w9WgXcQ',
      ]);
      expect(parsed.warnings).toEqual([
        expect.stringMatching(
          new RegExp(`^Metafields\\.${video}\\.metafieldValue: must be a video id; dropped`),
        ),
      ]);
    },
  );

  it('never lets a bad URL through the schema itself', async () => {
    const { productRecordSchema } = await import('../../shared/contracts/product-record.ts');
    const raw = await apiProduct();
    for (const url of HOSTILE) {
      expect(productRecordSchema.safeParse({ ...raw, imageUrl: url }).success).toBe(false);
    }
  });
});

const read = async (
  path: string,
  key: string,
  schema: Parameters<typeof readApiList>[2],
  body: unknown[],
) => {
  const { entries, warnings, target } = memoryTarget();
  const result = await readApiList('http://api.test', { path, key }, schema, target, {
    fetch: fakeApi({ [path]: { [key]: body } }).fetch,
  });
  return { result, entries, warnings };
};

const collection = (extra: Record<string, unknown> = {}) => ({
  id: 5,
  title: 'Wheels',
  handle: 'wheels',
  seoTitle: null,
  seoDescription: null,
  isIndexed: true,
  isFeatured: false,
  imageUrl: '/api/media/collections/wheels.svg',
  descriptionHtml: '',
  childCollectionsCount: 0,
  parentId: null,
  position: 0,
  breadcrumbs: [],
  images: {
    topBanner: { imagePath: '/api/media/banners/wheels.svg', altText: 'Wheels' },
    menuImage: { imagePath: 'https://cdn.example.com/menu.jpg', altText: '' },
  },
  productCount: 3,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('collection, menu, article and review URLs in the loader', () => {
  it.each(HOSTILE)(
    'leaves out a collection picture %j and drops a placement with it',
    async (url) => {
      const { entries, warnings, result } = await read(
        '/api/collections',
        'collections',
        collectionRecordSchema,
        [
          collection({
            imageUrl: url,
            images: { ...collection().images, topBanner: { imagePath: url, altText: 'x' } },
          }),
        ],
      );
      expect(result).toEqual({ kept: 1, skipped: 0 });
      expect(entries.get('5')).toMatchObject({
        imageUrl: null,
        images: { menuImage: { imagePath: 'https://cdn.example.com/menu.jpg', altText: '' } },
      });
      expect(Object.keys(entries.get('5')?.['images'] as object)).toEqual(['menuImage']);
      expect(warnings.map((warning) => warning.split(': ').slice(0, 2).join(': '))).toEqual([
        'collections record 5: imageUrl',
        'collections record 5: images.topBanner.imagePath',
      ]);
    },
  );

  it('drops menu entries whose link is bad, with what hangs under them, and bad menu pictures', async () => {
    const node = (
      id: number,
      url: string,
      children: unknown[] = [],
      imageUrl: string | null = null,
    ) => ({
      id,
      title: `Node ${id}`,
      url,
      imageUrl,
      children,
    });
    const tree = node(1, '/collections/parts', [
      node(2, '/collections/wheels', [
        node(3, 'javascript:alert(1)', [node(4, '/collections/deep')]),
      ]),
      node(5, '//evil.example/', []),
      node(6, 'https://partner.example.com/', [], 'data:image/png;base64,AAAA'),
    ]);
    const { entries, warnings } = await read('/api/nav', 'navData', navNodeSchema, [tree]);
    const kept = entries.get('1') as {
      children: { id: number; imageUrl: string | null; children: unknown[] }[];
    };
    expect(kept.children.map((child) => child.id)).toEqual([2, 6]);
    expect(kept.children[0]?.children).toEqual([]);
    expect(kept.children[1]?.imageUrl).toBeNull();
    expect(warnings.map((warning) => warning.split(': ').slice(0, 2).join(': '))).toEqual([
      'navData record 1: children.0.children.0.url',
      'navData record 1: children.1.url',
      'navData record 1: children.2.imageUrl',
    ]);
  });

  it('skips a top-level menu entry whose own link is bad, naming it', async () => {
    const { entries, warnings } = await read('/api/nav', 'navData', navNodeSchema, [
      { id: 9, title: 'Bad', url: 'javascript:alert(1)', children: [] },
    ]);
    expect(entries.size).toBe(0);
    expect(warnings).toEqual([
      'Skipped navData record 9: url: must be an http(s) URL or a path on this site',
    ]);
  });

  it('leaves out a bad article picture', async () => {
    const article = {
      id: 355,
      handle: 'choosing-wheels',
      title: 'Choosing wheels',
      summary: 'How',
      author: 'Ann',
      imageUrl: 'vbscript:msgbox(1)',
      publishedAt: '2026-01-01T00:00:00.000Z',
      bodyHtml: '<p>Text</p>',
      wordCount: 1,
    };
    const { entries, warnings } = await read('/api/articles', 'articles', articleRecordSchema, [
      article,
    ]);
    expect(entries.get('355')?.['imageUrl']).toBeNull();
    expect(warnings).toEqual([expect.stringMatching(/^articles record 355: imageUrl: /)]);
  });

  it('skips a site review whose link is bad (its link is what it is for)', async () => {
    const review = (id: number, url: string) => ({
      id,
      url,
      message: 'Good',
      name: 'Ann',
      stars: 5,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const { entries, warnings } = await read(
      '/api/reviews/siteReviews',
      'siteReviews',
      siteReviewRecordSchema,
      [review(1, 'https://reviews.example.com/store#1'), review(2, 'javascript:alert(1)')],
    );
    expect([...entries.keys()]).toEqual(['1']);
    expect(warnings).toEqual([
      'Skipped siteReviews record 2: url: must be an http(s) URL or a path on this site',
    ]);
  });
});
