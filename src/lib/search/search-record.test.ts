import { describe, expect, it } from 'vitest';
import { partNumberForms, productSearchRecord } from './search-record.ts';

const product = {
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
      vendor: ['Crown'],
      category: ['Load Wheels'],
    });
    expect(record.sort.price).toBe('000000049.50');
  });
});
