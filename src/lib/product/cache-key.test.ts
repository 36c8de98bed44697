import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  entryDigest,
  collectionPageDigest,
  listedDigest,
  listPageKey,
  loadingPageKey,
  pageCacheKey,
  productPageKey,
  productRecordDigest,
  viewDigest,
  rowsPageKey,
  viewPageKey,
  type ListPageInputs,
  type ProductPageInputs,
} from './cache-key.ts';

/**
 * That `key` follows what a page renders: each change to its inputs (made to fresh ones)
 * gives a key other than the unchanged inputs' and other than every other change's.
 */
function expectEveryChangeSeen<I>(
  key: (inputs: I) => string,
  inputs: () => I,
  changes: readonly ((inputs: I) => unknown)[],
): void {
  const base = key(inputs());
  const keys = changes.map((change) => {
    const next = inputs();
    change(next);
    return key(next);
  });
  for (const changed of keys) expect(changed).not.toBe(base);
  expect(new Set(keys).size).toBe(keys.length);
}

/** The same inputs give the same key, of 24 hex digits. */
function expectStableKey<I>(key: (inputs: I) => string, inputs: () => I): void {
  const base = key(inputs());
  expect(key(inputs())).toBe(base);
  expect(base).toMatch(/^[0-9a-f]{24}$/);
}

describe('pageCacheKey', () => {
  it('is stable for the same parts', () => {
    expect(pageCacheKey(['a', 1, null])).toBe(pageCacheKey(['a', 1, null]));
    expect(pageCacheKey(['a'])).toMatch(/^[0-9a-f]{24}$/);
  });

  it('changes when any part changes, and keeps parts apart', () => {
    const base = pageCacheKey(['digest', 'q1', '2024-06-01']);
    expect(pageCacheKey(['digest', 'q1', '2024-06-02'])).not.toBe(base);
    expect(pageCacheKey(['digest', 'q2', '2024-06-01'])).not.toBe(base);
    expect(pageCacheKey(['ab', 'c'])).not.toBe(pageCacheKey(['a', 'bc']));
  });
});

describe('entryDigest', () => {
  it("uses the loader's digest when there is one", () => {
    expect(entryDigest({ digest: 'f00d', data: { id: 1 } })).toBe('f00d');
    expect(entryDigest({ digest: 42, data: { id: 1 } })).toBe('42');
  });

  it('digests the data when the loader stored none, so a change still shows', () => {
    const before = entryDigest({ data: { id: 1, price: 10 } });
    expect(before).toMatch(/^[0-9a-f]{24}$/);
    expect(entryDigest({ data: { id: 1, price: 10 } })).toBe(before);
    expect(entryDigest({ data: { id: 1, price: 11 } })).not.toBe(before);
  });
});

describe('productPageKey', () => {
  const inputs = (): ProductPageInputs => ({
    record: 'own',
    day: '2026-11-24',
    related: [2, 3],
    questions: [{ id: 7, digest: 'q7' }],
    collections: {
      crumbs: [{ label: 'Pallet Jack Parts', path: '/collections/pallet-jack-parts' }],
      topBanner: { imagePath: '/banner.svg', altText: 'Pallet jacks' },
    },
    articles: 'article-links',
  });
  it('is stable for the same inputs', () => {
    expectStableKey(productPageKey, inputs);
  });

  it('changes with every input the page renders', () => {
    const changed: ((i: ProductPageInputs) => void)[] = [
      (i) => (i.record = 'own-2'),
      (i) => (i.day = '2026-11-25'),
      (i) => (i.related = [4, ...i.related.slice(1)]),
      (i) => (i.related = [...i.related].reverse()),
      (i) => (i.related = i.related.slice(0, 1)),
      (i) => (i.questions = [{ id: 7, digest: 'q7-answered' }]),
      (i) => (i.questions = []),
      (i) =>
        (i.collections = {
          crumbs: [{ label: 'Pallet Jack Spares', path: '/collections/pallet-jack-parts' }],
        }),
      (i) => (i.collections = { crumbs: [], topBanner: { imagePath: '/other.svg', altText: '' } }),
      // A renamed shipping article (the page links its canonical URL).
      (i) => (i.articles = 'article-links-2'),
    ];
    expectEveryChangeSeen(productPageKey, inputs, changed);
  });

  it('keeps a related product apart from a question with the same id', () => {
    const asRelated = { ...inputs(), related: [7], questions: [] };
    const asQuestion = { ...inputs(), related: [], questions: [{ id: 7, digest: '' }] };
    expect(productPageKey(asRelated)).not.toBe(productPageKey(asQuestion));
  });
});

describe('listPageKey', () => {
  const inputs = (): ListPageInputs => ({
    context: ['collection', 'Crown'],
    page: 2,
    pages: 3,
    total: 60,
    shown: [
      { id: 4, digest: 'd4' },
      { id: 5, digest: 'd5' },
    ],
  });
  it('is stable for the same inputs', () => {
    expectStableKey(listPageKey, inputs);
  });

  it('changes with every input the page renders', () => {
    const changed: ((i: ListPageInputs) => void)[] = [
      // A brand renamed.
      (i) => (i.context = ['collection', 'Crown Equipment']),
      (i) => (i.context = ['sidebar-2', 'Crown']),
      (i) => (i.page = 3),
      // A product added to the list adds a page: the pager of every page changes.
      (i) => (i.pages = 4),
      (i) => (i.total = 61),
      // A price change on a card shown here.
      (i) => (i.shown = [{ id: 4, digest: 'd4-new-price' }, ...i.shown.slice(1)]),
      // The same products in another order (a renamed product sorts elsewhere).
      (i) => (i.shown = [...i.shown].reverse()),
      (i) => (i.shown = i.shown.slice(0, 1)),
    ];
    expectEveryChangeSeen(listPageKey, inputs, changed);
  });

  it('keeps the context apart from the records', () => {
    const asContext = { ...inputs(), context: ['sidebar', '4:d4'], shown: [] };
    const asRecord = { ...inputs(), context: ['sidebar'], shown: [{ id: 4, digest: 'd4' }] };
    expect(listPageKey(asContext)).not.toBe(listPageKey(asRecord));
  });
});

describe('collectionPageDigest', () => {
  const record = () => ({
    id: 3,
    title: 'Load Wheels',
    handle: 'load-wheels',
    descriptionHtml: '<p>Wheels.</p>',
    breadcrumbs: [{ title: 'Wheels', handle: 'wheels' }],
    images: { topBanner: { imagePath: '/b.png', altText: 'Banner' } },
    productCount: 120,
    updatedAt: '2026-11-24T10:00:00Z',
  });
  const base = collectionPageDigest(record());

  it('does not change with the product count or the time of the last change', () => {
    expect(collectionPageDigest({ ...record(), productCount: 121 })).toBe(base);
    expect(collectionPageDigest({ ...record(), updatedAt: '2026-11-24T11:00:00Z' })).toBe(base);
  });

  it('changes with what the pages show of the collection', () => {
    const changed = [
      { ...record(), title: 'Load Wheels and Rollers' },
      { ...record(), descriptionHtml: '<p>Rollers.</p>' },
      { ...record(), breadcrumbs: [] },
      { ...record(), images: {} },
    ].map((next) => collectionPageDigest(next));
    expect(new Set([base, ...changed]).size).toBe(5);
  });
});

describe('loadingPageKey', () => {
  const inputs = { context: ['tiles', 'collection'], page: 9 };

  it('changes with the context and the page, and with nothing the list holds', () => {
    const base = loadingPageKey(inputs);
    expect(base).toMatch(/^[0-9a-f]{24}$/);
    expect(loadingPageKey({ ...inputs })).toBe(base);
    const keys = [
      loadingPageKey({ ...inputs, context: ['tiles', 'collection-2'] }),
      loadingPageKey({ ...inputs, page: 10 }),
    ];
    expect(new Set([base, ...keys]).size).toBe(3);
  });

  it('is never the key of a page that shows its products', () => {
    const shown = { ...inputs, pages: 9, total: 0, shown: [] };
    expect(loadingPageKey(inputs)).not.toBe(listPageKey(shown));
  });
});

describe('viewDigest and viewPageKey', () => {
  const view = () => ({
    page: 1,
    totalPages: 2,
    count: 1001,
    items: [{ label: 'Caster', path: '/products/caster', letter: 'C', note: 'ZQ-1' }],
  });

  it('is stable for the same view and changes with any value in it', () => {
    const base = viewDigest(view());
    expect(viewDigest(view())).toBe(base);
    expect(viewDigest({ ...view(), count: 1002 })).not.toBe(base);
    const renamed = view();
    renamed.items[0] = { label: 'Castor', path: '/products/caster', letter: 'C', note: 'ZQ-1' };
    expect(viewDigest(renamed)).not.toBe(base);
  });

  it('refuses a value JSON would drop or flatten, rather than miss what it holds', () => {
    expect(() => viewDigest({ byId: new Map([[1, 'Caster']]) })).toThrow(/byId is not a plain/);
    expect(() => viewDigest({ ids: new Set([1]) })).toThrow(/not a plain object/);
    expect(() => viewDigest({ href: (n: number) => `/page/${n}` })).toThrow(/href is a function/);
    expect(() => viewDigest(new Map())).toThrow(/the view is not a plain object/);
  });

  it("is the digest of the view's JSON, as keys of earlier releases were", () => {
    // Sequential updates of each part and its NUL: the scheme kept releases' keys were made by.
    const hash = createHash('sha256');
    for (const part of [JSON.stringify(view())]) hash.update(`${part}\u0000`);
    expect(viewDigest(view())).toBe(hash.digest('hex').slice(0, 24));
    const parts = ['digest-1', 'q:3', null, 42, undefined, '2024-06-01'];
    const each = createHash('sha256');
    for (const part of parts) each.update(`${part ?? ''}\u0000`);
    expect(pageCacheKey(parts)).toBe(each.digest('hex').slice(0, 24));
  });

  it('finds what JSON would drop deep in arrays and objects, and names it', () => {
    expect(() => viewDigest({ rows: [{ cells: [1, () => 2] }] })).toThrow(/1 is a function/);
    expect(() => viewDigest({ rows: [{ at: Symbol('x') }] })).toThrow(/at is a symbol/);
    expect(() => viewDigest({ rows: [[new Set()]] })).toThrow(/0 is not a plain object/);
  });

  it('takes dates, nulls and objects without a prototype as JSON does', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    expect(viewDigest({ at: new Date(0), none: null, bare })).toMatch(/^[0-9a-f]{24}$/);
  });

  it('keys a page by its view', () => {
    const base = viewPageKey(view());
    expect(viewPageKey(view())).toBe(base);
    expect(viewPageKey({ ...view(), page: 2 })).not.toBe(base);
    expect(base).not.toBe(viewDigest(view()));
  });
});

describe('rowsPageKey', () => {
  const rows = (prices: number[]) =>
    prices.map((price, n) => ({ part: `P-${String(n)}`, title: 'Axle "A"', price }));
  const fields = { page: 1, totalPages: 3, count: 2 };

  it('keys a page by its fields and its rows, equal rows in new objects alike', () => {
    const base = rowsPageKey(fields, rows([10, 20]));
    expect(rowsPageKey({ ...fields }, rows([10, 20]))).toBe(base);
    expect(rowsPageKey(fields, rows([10, 21]))).not.toBe(base);
    expect(rowsPageKey(fields, rows([10]))).not.toBe(base);
    expect(rowsPageKey({ ...fields, count: 3 }, rows([10, 20]))).not.toBe(base);
    // A row's text cannot pass for two rows, nor the fields for a row.
    expect(rowsPageKey(fields, [{ a: '1\u0000' }])).not.toBe(rowsPageKey(fields, [{ a: '1' }, {}]));
  });

  it('keeps a row’s JSON with the row, and throws on a row JSON would flatten', () => {
    const kept = rows([5]);
    const key = rowsPageKey(fields, kept);
    expect(rowsPageKey(fields, kept)).toBe(key);
    expect(() => rowsPageKey(fields, [{ seen: new Map() }])).toThrow(/seen is not a plain object/);
  });
});

describe('a product record digest (issue 31, item 11)', () => {
  const digest = (data: Record<string, unknown>) => JSON.stringify(data).length.toString(16);
  const row = { modelId: 3, brand: 'Crown', model: 'PTH50', modelName: 'Crown PTH50' };
  const record = (over: Record<string, unknown> = {}) => ({
    id: 7,
    title: 'Load wheel',
    price: 42,
    Fitment: { universal: false, rows: [row] },
    ...over,
  });
  const real = (data: Record<string, unknown>) => pageCacheKey([JSON.stringify(data)]);

  it('changes whole with any field, and for lists only with what is not the machines', () => {
    const base = productRecordDigest(record(), real);
    const refitted = productRecordDigest(
      record({ Fitment: { universal: false, rows: [{ ...row, modelName: 'Crown PTH 50' }] } }),
      real,
    );
    const repriced = productRecordDigest(record({ price: 43 }), real);
    expect(new Set([base, refitted, repriced]).size).toBe(3);
    expect(listedDigest(refitted)).toBe(listedDigest(base));
    expect(listedDigest(repriced)).not.toBe(listedDigest(base));
  });

  it('changes for lists neither with its collections: a renamed collection is in no card', () => {
    const member = (title: string) =>
      productRecordDigest(record({ Collections: [{ id: 2, handle: 'wheels', title }] }), real);
    const renamed = member('Load Wheels');
    expect(renamed).not.toBe(member('Wheels'));
    expect(listedDigest(renamed)).toBe(listedDigest(member('Wheels')));
  });

  it('does not change when only the time it was touched does (no page shows it)', () => {
    expect(productRecordDigest(record({ updatedAt: '2026-11-29T09:00:00.000Z' }), real)).toBe(
      productRecordDigest(record({ updatedAt: '2026-11-28T09:00:00.000Z' }), real),
    );
  });

  it('keeps a record without machines apart from one with none listed', () => {
    const { Fitment: _none, ...bare } = record();
    const empty = productRecordDigest(record({ Fitment: { universal: false, rows: [] } }), real);
    expect(productRecordDigest(bare, real)).not.toBe(empty);
    expect(listedDigest(productRecordDigest(bare, real))).toBe(listedDigest(empty));
  });

  it('reads a digest made before the split as whole', () => {
    expect(listedDigest('f00d')).toBe('f00d');
    expect(listedDigest(productRecordDigest(record(), digest))).toBe(
      digest({ id: 7, title: 'Load wheel', price: 42 }),
    );
  });
});
