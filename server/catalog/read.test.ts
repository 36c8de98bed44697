import { describe, expect, it } from 'vitest';
import { parseProductRecord } from '../../shared/contracts/product-record.ts';
import { fixtureApp } from '../testing/catalogue.ts';
import { productCards, productDetail, productDetails, summaryText } from './read.ts';
import { upsertProduct } from './write.ts';

describe('productCards', () => {
  it('answers the card of spec storefront 3 with its first stock record', () => {
    const { db, ids } = fixtureApp();
    const [card] = productCards(db, [ids['poly-load-wheel'] ?? 0]);
    const levels = card?.availableInventoryLevels ?? [];
    expect(card).toEqual({
      id: ids['poly-load-wheel'],
      handle: 'poly-load-wheel',
      title: 'Polyurethane Load Wheel',
      vendor: 'Crown',
      imageUrl: '/api/media/wheel-1.jpg',
      avgRating: 4.5,
      totalReviews: 2,
      price: 49.99,
      compareAtPrice: 59.99,
      seoDescription: null,
      description: 'Great wheel & hub',
      availableForSale: true,
      availableQuantity: 7,
      inventoryLevelId: levels[0]?.id,
      bypassNegativeQuantity: false,
      isFeatured: true,
      sku: '85288-001',
      productCode: '',
      partNumber: '85288-001',
      condition: 'New',
      availableInventoryLevels: [
        {
          id: levels[0]?.id,
          variantId: levels[0]?.variantId,
          inventoryPrice: 49.99,
          inventoryCompareAtPrice: null,
          availableForSale: true,
          availableQuantity: 7,
          bypassNegativeQuantity: false,
        },
        {
          id: levels[1]?.id,
          variantId: levels[1]?.variantId,
          inventoryPrice: 54.99,
          inventoryCompareAtPrice: 64.99,
          availableForSale: false,
          availableQuantity: 0,
          bypassNegativeQuantity: false,
        },
      ],
    });
  });

  it('marks stock that may go negative as sellable', () => {
    const { db, ids } = fixtureApp();
    const [card] = productCards(db, [ids['hydraulic-seal-kit'] ?? 0]);
    expect(card).toMatchObject({
      price: 0,
      availableForSale: true,
      availableQuantity: 0,
      bypassNegativeQuantity: true,
      availableInventoryLevels: [{ availableForSale: true, bypassNegativeQuantity: true }],
    });
  });

  it("names the manufacturer's part number, or the store's code when there is none", () => {
    const { db } = fixtureApp();
    const variants = [{ title: 'Default Title', price: 5, inventory: { availableQuantity: 1 } }];
    const both = upsertProduct(db, {
      handle: 'both-codes',
      title: 'Both',
      price: 5,
      sku: '85288-001',
      productCode: 'IPD-000001',
      variants,
    });
    const codeOnly = upsertProduct(db, {
      handle: 'code-only',
      title: 'Code only',
      price: 5,
      productCode: 'IPD-000002',
      variants,
    });
    expect(productCards(db, [both, codeOnly]).map((card) => card.partNumber)).toEqual([
      '85288-001',
      'IPD-000002',
    ]);
    expect(productDetail(db, both)?.['partNumber']).toBe('85288-001');
  });

  it('keeps the order asked and leaves out unknown ids', () => {
    const { db, ids } = fixtureApp();
    const cards = productCards(db, [ids['lift-chain'] ?? 0, 999, ids['hydraulic-pump'] ?? 0]);
    expect(cards.map((card) => card.handle)).toEqual(['lift-chain', 'hydraulic-pump']);
    expect(productCards(db, [])).toEqual([]);
  });
});

describe('productDetail and productDetails', () => {
  it('answers a record the build accepts for every product', () => {
    const { db, ids } = fixtureApp();
    for (const id of Object.values(ids)) {
      const parsed = parseProductRecord(productDetail(db, id));
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    }
  });

  it('is undefined for an unknown id', () => {
    const { db } = fixtureApp();
    expect(productDetail(db, 424242)).toBeUndefined();
    expect(productDetails(db, [424242])).toEqual([]);
  });

  it('reads many products at once exactly as one by one', () => {
    const { db, ids } = fixtureApp();
    const all = Object.values(ids).reverse();
    expect(productDetails(db, all)).toEqual(all.map((id) => productDetail(db, id)));
  });

  it('keeps each child record with its own product', () => {
    const { db, ids } = fixtureApp();
    const [wheel, chain] = productDetails(db, [
      ids['poly-load-wheel'] ?? 0,
      ids['lift-chain'] ?? 0,
    ]);
    expect(wheel?.Images).toHaveLength(2);
    expect(chain).toMatchObject({
      Images: [],
      Model3Ds: [],
      Metafields: [],
      PDFs: [],
      Reviews: [],
      Collections: [],
      Options: [],
      tags: [],
      partNumber: '',
      vendor: '',
      Variants: [{ title: 'Default Title', Options: [], availableQuantity: 40 }],
    });
  });
});

describe('summaryText', () => {
  it('shortens long text', () => {
    const text = summaryText(`<p>${'word '.repeat(200)}</p>`, 50);
    expect(text.length).toBeLessThanOrEqual(50);
    expect(text.endsWith('…')).toBe(true);
  });
});
