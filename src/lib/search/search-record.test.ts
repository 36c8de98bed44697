import { describe, expect, it } from 'vitest';
import {
  collectionLineage,
  collectionSearchRecord,
  partNumberForms,
  priceBucket,
  priceBucketsWithin,
  productSearchRecord,
} from './search-record.ts';

const product = {
  id: 7,
  handle: 'load-wheel',
  title: '<b>Load</b> Wheel',
  vendor: 'Crown',
  sku: '85288-001',
  productCode: 'CR-85288',
  price: 49.5,
  avgRating: 4.25,
  imageUrl: '/api/media/products/x.png',
  Collections: [{ title: 'Load Wheels' }],
  Variants: [{ sku: '85288-001' }, { sku: '' }],
};

describe('partNumberForms', () => {
  it('keeps written and punctuation-free forms once each', () => {
    expect(partNumberForms(['85-288', '85288', ''])).toEqual(['85-288', '85288']);
  });
});

describe('productSearchRecord', () => {
  it('indexes what a shopper searches for', () => {
    const record = productSearchRecord(product, '/products');
    expect(record.id).toBe(7);
    expect(record.url).toBe('/products/load-wheel');
    expect(record.content).toContain('Load Wheel');
    expect(record.content).toContain('85288001');
    expect(record.content).toContain('CR85288');
    expect(record.meta).toEqual({
      title: 'Load Wheel',
      image: '/api/media/products/x.png',
      price: '49.50',
      partNumber: '85288-001',
    });
    expect(record.filters).toEqual({
      type: ['product'],
      price: ['25-50'],
      vendor: ['Crown'],
    });
    expect(record.sort.price).toBe('000000049.50');
  });
});

describe('productSearchRecord: categories and part numbers', () => {
  it('files the product under every category above it, once each', () => {
    const record = productSearchRecord(product, '/products', [7, 3, 1, 3]);
    expect(record.filters['categoryId']).toEqual(['7', '3', '1']);
  });

  it("names no category: a collection's rename leaves its products' records as they are", () => {
    const record = productSearchRecord(product, '/products', [7]);
    expect(record.content).not.toContain('Load Wheels');
    expect(Object.keys(record.filters)).not.toContain('category');
    expect(record.filters['categoryId']).toEqual(['7']);
  });

  it('leaves out empty filters', () => {
    const record = productSearchRecord({ ...product, vendor: '' }, '/products');
    expect(record.filters).toEqual({ type: ['product'], price: ['25-50'] });
  });

  it('holds a hyphenated part number joined, so its prefixes ("8528", "85-2") find it', () => {
    const record = productSearchRecord({ ...product, sku: '85-288', Variants: [] }, '/p');
    const words = record.content.split(/\s+/);
    expect(words).toContain('85-288');
    expect(words).toContain('85288');
    expect(words.some((word) => word.startsWith('8528'))).toBe(true);
  });

  it("holds the other makers' numbers it replaces or matches, not the one superseding it", () => {
    const record = productSearchRecord(
      {
        ...product,
        CrossReferences: [
          { brand: 'Crown', number: '12-345', relation: 'replaces' },
          { brand: 'Yale', number: '580001', relation: 'interchangeable' },
          { brand: 'Crown', number: '99999-002', relation: 'superseded-by' },
        ],
      },
      '/p',
    );
    // The part numbers' line, which the suggestion index ranks as numbers.
    const codes = (record.content.split('\n')[1] ?? '').split(' ');
    expect(codes).toEqual(expect.arrayContaining(['12-345', '12345', '580001']));
    expect(record.content).not.toContain('99999');
  });
});

describe('collectionSearchRecord', () => {
  const collection = {
    id: 7,
    handle: 'load-wheels',
    title: 'Load <i>Wheels</i>',
    imageUrl: null,
    breadcrumbs: [{ title: 'Pallet Jack Parts' }, { title: 'Load Wheels' }],
  };

  it('is a collection page with its title and ancestors as words', () => {
    const record = collectionSearchRecord(collection, '/collections', [7, 3]);
    expect(record).toEqual({
      url: '/collections/load-wheels',
      content: 'Load Wheels\nPallet Jack Parts',
      meta: { title: 'Load Wheels', image: '' },
      filters: { type: ['collection'], categoryId: ['7', '3'] },
      sort: { title: 'load wheels' },
    });
  });
});

describe('collectionLineage', () => {
  const parents = new Map<number, number | null>([
    [7, 3],
    [3, 1],
    [1, null],
    [8, 9],
    [9, 8],
  ]);

  it('walks up to the top, nearest first', () => {
    expect(collectionLineage(7, (id) => parents.get(id))).toEqual([7, 3, 1]);
  });

  it('stops on a parent loop or an unknown parent', () => {
    expect(collectionLineage(8, (id) => parents.get(id))).toEqual([8, 9]);
    expect(collectionLineage(42, (id) => parents.get(id))).toEqual([42]);
  });
});

describe('price buckets', () => {
  it('puts a price in its [from, to) bucket', () => {
    const prices = [0, 24.99, 25, 999.99, 2500, 99_999];
    expect(prices.map(priceBucket)).toEqual([
      '0-25',
      '0-25',
      '25-50',
      '500-1000',
      '2500+',
      '2500+',
    ]);
  });

  it('lists the buckets a price range touches', () => {
    expect(priceBucketsWithin(null, 50)).toEqual(['0-25', '25-50', '50-100']);
    expect(priceBucketsWithin(30, 120)).toEqual(['25-50', '50-100', '100-250']);
    expect(priceBucketsWithin(3000, null)).toEqual(['2500+']);
    expect(priceBucketsWithin(null, null)).toHaveLength(8);
  });
});
