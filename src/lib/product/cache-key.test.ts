import { describe, expect, it } from 'vitest';
import { entryDigest, pageCacheKey, productPageKey, type ProductPageInputs } from './cache-key.ts';

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
    shell: 'shell',
    day: '2026-11-24',
    related: [
      { id: 2, digest: 'd2' },
      { id: 3, digest: 'd3' },
    ],
    questions: [{ id: 7, digest: 'q7' }],
    collections: {
      crumbs: [{ label: 'Pallet Jack Parts', path: '/collections/pallet-jack-parts' }],
      topBanner: { imagePath: '/banner.svg', altText: 'Pallet jacks' },
    },
  });
  const base = productPageKey(inputs());

  it('is stable for the same inputs', () => {
    expect(productPageKey(inputs())).toBe(base);
    expect(base).toMatch(/^[0-9a-f]{24}$/);
  });

  it('changes with every input the page renders', () => {
    const changed: ((i: ProductPageInputs) => void)[] = [
      (i) => (i.record = 'own-2'),
      // The menus: a renamed collection changes the shell of every page (issue 12).
      (i) => (i.shell = 'shell-2'),
      (i) => (i.day = '2026-11-25'),
      (i) => (i.related = [{ id: 2, digest: 'd2-new-price' }, ...i.related.slice(1)]),
      (i) => (i.related = [...i.related].reverse()),
      (i) => (i.related = i.related.slice(0, 1)),
      (i) => (i.questions = [{ id: 7, digest: 'q7-answered' }]),
      (i) => (i.questions = []),
      (i) =>
        (i.collections = {
          crumbs: [{ label: 'Pallet Jack Spares', path: '/collections/pallet-jack-parts' }],
        }),
      (i) => (i.collections = { crumbs: [], topBanner: { imagePath: '/other.svg', altText: '' } }),
    ];
    const keys = changed.map((change) => {
      const next = inputs();
      change(next);
      return productPageKey(next);
    });
    for (const key of keys) expect(key).not.toBe(base);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps a related product apart from a question with the same id and digest', () => {
    const asRelated = { ...inputs(), related: [{ id: 7, digest: 'x' }], questions: [] };
    const asQuestion = { ...inputs(), related: [], questions: [{ id: 7, digest: 'x' }] };
    expect(productPageKey(asRelated)).not.toBe(productPageKey(asQuestion));
  });
});
