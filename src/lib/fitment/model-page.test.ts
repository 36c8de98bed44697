import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '../../../shared/contracts/product-record.ts';
import {
  CARDS_PER_GROUP,
  mentionsOf,
  modelItemList,
  partGroups,
  partManuals,
} from './model-page.ts';

/** The fields of a record the model page reads. */
const part = (
  id: number,
  collection: { id: number; handle: string; title: string } | null,
  pdfs: string[] = [],
): ProductRecord =>
  ({
    id,
    handle: `part-${String(id)}`,
    title: `Part ${String(id)}`,
    vendor: 'Crown',
    imageUrl: null,
    avgRating: 0,
    totalReviews: 0,
    price: 10,
    compareAtPrice: null,
    availableForSale: true,
    Variants: [],
    Collections: collection ? [collection] : [],
    PDFs: pdfs.map((url, at) => ({
      id: at,
      url,
      Attachment: { localFilename: `dir/${url.slice(1)}` },
    })),
  }) as unknown as ProductRecord;

const wheels = { id: 7, handle: 'load-wheels', title: 'Load Wheels' };
const seals = { id: 8, handle: 'seal-kits', title: 'Seal Kits' };

describe('partGroups', () => {
  it('groups by first category, the biggest first, each to its page narrowed to the model', () => {
    const parts = [
      part(1, seals),
      ...Array.from({ length: CARDS_PER_GROUP + 2 }, (_, at) => part(10 + at, wheels)),
      part(2, null),
    ];
    const groups = partGroups(parts, { collectionBase: '/collections', fits: 'crown/pth50' });
    expect(groups.map((g) => [g.title, g.count, g.cards.length])).toEqual([
      ['Load Wheels', CARDS_PER_GROUP + 2, CARDS_PER_GROUP],
      ['Seal Kits', 1, 1],
      ['Other parts', 1, 1],
    ]);
    expect(groups[0]?.href).toBe('/collections/load-wheels?fits=crown%2Fpth50');
    expect(groups[2]?.href).toBe('/search.php?fits=crown%2Fpth50');
  });

  it("names a category as the collection list has it now, not as a part's record does", () => {
    const renamed = { title: 'Wheels & Casters', handle: 'wheels-and-casters' };
    const groups = partGroups([part(1, wheels), part(2, seals)], {
      collectionBase: '/collections',
      fits: 'crown/pth50',
      collectionOf: (id) => (id === wheels.id ? renamed : undefined),
    });
    expect(groups.map((g) => [g.title, g.href])).toEqual([
      ['Seal Kits', '/collections/seal-kits?fits=crown%2Fpth50'],
      ['Wheels & Casters', '/collections/wheels-and-casters?fits=crown%2Fpth50'],
    ]);
  });
});

describe('partManuals', () => {
  it('lists each manual once, by its file name', () => {
    expect(partManuals([part(1, null, ['/a.pdf', '/b.pdf']), part(2, null, ['/a.pdf'])])).toEqual([
      { url: '/a.pdf', filename: 'a.pdf' },
      { url: '/b.pdf', filename: 'b.pdf' },
    ]);
  });
});

describe('mentionsOf', () => {
  const questions = [
    { id: 1, text: 'Does this load wheel fit a PTH 50?' },
    { id: 2, text: 'Will it fit my pth50-20 from 2019' },
    { id: 3, text: 'Is the 50 mm wheel in stock?' },
    { id: 4, text: 'Fits the PE4500?' },
  ];
  const find = mentionsOf(questions);

  it('finds a model by its code or another name, however it is spaced or cased', () => {
    // 'pth50-20' is a PTH50 written with its capacity: a mention of the model too.
    expect(find(['PTH50']).map((q) => q.id)).toEqual([1, 2]);
    expect(find(['PTH50-20']).map((q) => q.id)).toEqual([2]);
    expect(find(['PE4500']).map((q) => q.id)).toEqual([4]);
  });

  it('takes no lone number for a model', () => {
    expect(find(['50'])).toEqual([]);
  });
});

describe('modelItemList', () => {
  it('is an ItemList of the parts’ pages, in order', () => {
    const list = modelItemList('Crown PTH50 pallet jack', 'https://x/machines/crown/pth50', [
      { url: 'https://x/products/a', name: 'A' },
      { url: 'https://x/products/b', name: 'B' },
    ]);
    expect(list).toMatchObject({
      '@type': 'ItemList',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: 'https://x/products/a', name: 'A' },
        { '@type': 'ListItem', position: 2, url: 'https://x/products/b', name: 'B' },
      ],
    });
  });
});
