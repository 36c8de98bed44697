import { describe, expect, it } from 'vitest';
import { MALFORMED_REPLY, parseFilterReply, parseProductsReply } from './filter-reply.ts';
import { apiCardStock } from '../product/quantity.ts';
import { recordCard, resultCardView } from './result-card.ts';

const settings = {
  currency: 'USD',
  productBase: '/products',
  noImageUrl: '/no-image.svg',
  cdnPrefix: '/api/media/products/',
};

/** A card as GET /api/products/filter sends it. */
const card = {
  id: 3,
  handle: 'load wheel',
  title: 'Load <i>wheel</i>',
  vendor: 'Crown',
  imageUrl: null,
  price: 10,
  compareAtPrice: 12.5,
  availableForSale: true,
  avgRating: 3.6,
  totalReviews: 2,
  inventoryLevelId: 44,
};

describe('resultCardView', () => {
  it('maps a card', () => {
    expect(resultCardView(card, settings)).toMatchObject({
      id: 3,
      title: 'Load wheel',
      href: '/products/load%20wheel',
      image: '/no-image.svg',
      vendorHref: '/search.php?v=Crown',
      price: { price: '$10.00', compareAt: '$12.50', saving: '$2.50' },
      stars: 4,
      reviewText: '2 reviews',
      soldOut: false,
      inventoryLevelId: 44,
      fit: null,
    });
  });
  it("carries the card's verdict under a chosen machine (issue 31, item 9)", () => {
    const fit = { verdict: 'fits' as const, universal: true, rows: [] };
    expect(resultCardView({ ...card, fit }, settings).fit).toEqual(fit);
    expect(resultCardView({ ...card, fit: null }, settings).fit).toBeNull();
  });
  it('adds the summary as text, from the SEO description first', () => {
    expect(resultCardView({ ...card, description: '<p>Long</p>' }, settings).summary).toBe('Long');
    expect(
      resultCardView(
        { ...card, seoDescription: 'Short &amp; <b>bold</b>', description: 'Long' },
        settings,
      ).summary,
    ).toBe('Short & bold');
    expect(resultCardView(card, settings).summary).toBe('');
  });
  it('has no inventory level when the card has none', () => {
    expect(
      resultCardView({ ...card, inventoryLevelId: null }, settings).inventoryLevelId,
    ).toBeNull();
  });
});

describe('parseFilterReply', () => {
  const pageInfo = { limitPerPage: 24, totalObjects: 1, totalPages: 1 };
  it('accepts the API reply', () => {
    const reply = parseFilterReply({
      products: [{ id: 1, handle: 'a', title: 'A', price: 1, availableForSale: true }],
      pageInfo,
    });
    expect(reply.pageInfo.totalObjects).toBe(1);
  });
  it('names the bad field of a malformed reply', () => {
    expect(() => parseFilterReply({ products: [{ id: 'x' }], pageInfo })).toThrow(
      `${MALFORMED_REPLY} (products.0.id)`,
    );
    expect(() => parseFilterReply('<html>')).toThrow(MALFORMED_REPLY);
    expect(() => parseProductsReply({ products: null })).toThrow(MALFORMED_REPLY);
  });
});

describe('recordCard', () => {
  /** A built product record: the card's fields, its levels not on it but in its variants. */
  const { inventoryLevelId: _level, ...shown } = card;
  const record = { ...shown, id: 9, title: 'T', seoDescription: null, availableQuantity: 2 };
  const level = (
    id: number,
    over: Partial<{ availableQuantity: number; bypassNegativeQuantity: boolean }> = {},
  ) => ({
    id,
    variantId: 1,
    availableQuantity: 2,
    bypassNegativeQuantity: false,
    availableForSale: true,
    inventoryPrice: 5,
    inventoryCompareAtPrice: null,
    ...over,
  });
  it('keeps what a card shows, with the first inventory level in variant order', () => {
    const card = recordCard({
      ...record,
      Variants: [
        { variantPosition: 2, availableInventoryLevels: [level(40)] },
        { variantPosition: 1, availableInventoryLevels: [level(31), level(32)] },
      ],
    });
    expect(card).toMatchObject({ id: 9, inventoryLevelId: 31, availableQuantity: 2 });
    expect(apiCardStock(card)).toEqual({ levelId: 31, available: 2, availableForSale: true });
    expect(resultCardView(card, settings).title).toBe('T');
  });
  it('marks an unlimited level', () => {
    const card = recordCard({
      ...record,
      Variants: [
        {
          variantPosition: 1,
          availableInventoryLevels: [level(5, { bypassNegativeQuantity: true })],
        },
      ],
    });
    expect(apiCardStock(card)).toEqual({ levelId: 5, available: null, availableForSale: true });
  });
  it('has no inventory level when the variant has none', () => {
    const card = recordCard({
      ...record,
      Variants: [{ variantPosition: 1, availableInventoryLevels: [] }],
    });
    expect(card.inventoryLevelId).toBeNull();
    expect(apiCardStock(card)).toBeNull();
  });
  it('has nothing to add at a price of 0', () => {
    const card = recordCard({
      ...record,
      price: 0,
      Variants: [{ variantPosition: 1, availableInventoryLevels: [level(5)] }],
    });
    expect(card.inventoryLevelId).toBeNull();
    expect(apiCardStock(card)).toBeNull();
  });
});
