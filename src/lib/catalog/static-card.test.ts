import { describe, expect, it } from 'vitest';
import { cardStock } from '../product/quantity.ts';
import { productCardView } from './product-card.ts';
import { staticCard } from './static-card.ts';

const settings = {
  currency: 'USD',
  productBase: '/products',
  noImageUrl: '/no-image.svg',
  cdnPrefix: '/api/media/products/',
};

const level = (
  id: number,
  over: { availableForSale?: boolean; availableQuantity?: number } = {},
) => ({
  id,
  variantId: 1,
  locationId: 1,
  availableQuantity: 4,
  availableForSale: true,
  bypassNegativeQuantity: false,
  ...over,
});

/** A record with more than a card shows: the description, the variants' other fields. */
const record = {
  id: 7,
  handle: 'crown-load-wheel',
  title: 'Crown <b>Load</b> Wheel',
  vendor: 'Crown',
  imageUrl: '/api/media/products/wheel-1.svg',
  avgRating: 4.4,
  totalReviews: 3,
  price: 45.5,
  compareAtPrice: 50,
  availableForSale: true,
  descriptionHtml: `<p>${'A polyurethane load wheel. '.repeat(200)}</p>`,
  Variants: [
    { variantPosition: 2, sku: 'B', availableInventoryLevels: [level(40)] },
    {
      variantPosition: 1,
      sku: 'A',
      availableInventoryLevels: [level(31, { availableQuantity: 2 })],
    },
  ],
};

describe('staticCard', () => {
  it('renders the same card as the record, the first inventory level in variant order', () => {
    const card = staticCard(record);
    expect(productCardView(card, settings)).toEqual(productCardView(record, settings));
    expect(card.stock).toEqual(cardStock(record));
    expect(card.stock).toEqual({ levelId: 31, available: 2, availableForSale: true });
  });

  it('keeps a level that is not for sale: the card says Sold out though the product is for sale', () => {
    const card = staticCard({
      ...record,
      Variants: [
        { variantPosition: 1, availableInventoryLevels: [level(5, { availableForSale: false })] },
      ],
    });
    expect(card.availableForSale).toBe(true);
    expect(card.stock?.availableForSale).toBe(false);
  });

  it('has no stock when the product has no inventory level', () => {
    expect(staticCard({ ...record, Variants: [] }).stock).toBeNull();
  });

  it('has nothing to add at a price of 0: the card links to the page (issue 29)', () => {
    const card = staticCard({ ...record, price: 0 });
    expect(card.stock).toBeNull();
    expect(productCardView(card, settings).price.price).toBe(
      'Please call us for price on this product.',
    );
  });

  it('carries nothing the card does not read, so a page’s props stay small', () => {
    const card = staticCard(record);
    expect(Object.keys(card).sort()).toEqual(
      [
        'availableForSale',
        'avgRating',
        'compareAtPrice',
        'handle',
        'id',
        'imageUrl',
        'price',
        'stock',
        'title',
        'totalReviews',
        'vendor',
      ].sort(),
    );
    expect(JSON.stringify(card).length).toBeLessThan(400);
  });
});
