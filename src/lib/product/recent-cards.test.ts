import { describe, expect, it } from 'vitest';
import { CALL_FOR_PRICE } from '../catalog/price-display.ts';
import { recentCardView, recentIdsToShow } from './recent-cards.ts';

const settings = {
  currency: 'USD',
  productBase: '/products',
  noImageUrl: '/no-image.svg',
  cdnPrefix: '/api/media/products/',
};

const card = {
  id: 3,
  handle: 'load-wheel',
  title: 'Load <em>Wheel</em>',
  vendor: 'Crown & Co',
  imageUrl: '/api/media/products/load-wheel.svg',
  avgRating: 3.6,
  totalReviews: 7,
  price: 10,
  compareAtPrice: 12.5,
  availableForSale: true,
};

describe('recentIdsToShow', () => {
  it("leaves out the page's own product and keeps the order", () => {
    expect(recentIdsToShow([5, 3, 9], 5)).toEqual([3, 9]);
    expect(recentIdsToShow([3, 5, 9], 5)).toEqual([3, 9]);
    expect(recentIdsToShow([3, 9], undefined)).toEqual([3, 9]);
    expect(recentIdsToShow([5], 5)).toEqual([]);
  });
});

describe('recentCardView', () => {
  it('maps an API card the way the static cards are mapped', () => {
    const view = recentCardView(card, settings);
    expect(view).toMatchObject({
      id: 3,
      title: 'Load Wheel',
      href: '/products/load-wheel',
      image: '/api/media/products/load-wheel.svg',
      vendorHref: '/search.php?v=Crown%20%26%20Co',
      price: { price: '$10.00', compareAt: '$12.50', saving: '$2.50' },
      stars: 4,
      starsLabel: 'Rated 4 out of 5',
      reviewText: '7 reviews',
      soldOut: false,
    });
    expect(view.srcset).toContain('load-wheel_200x.svg 200w');
  });

  it('shows FREE, the no-image picture, no vendor link and the sold-out flag', () => {
    const view = recentCardView(
      { ...card, price: 0, imageUrl: null, vendor: '', availableForSale: false },
      settings,
    );
    expect(view.price.price).toBe(CALL_FOR_PRICE);
    expect(view.image).toBe('/no-image.svg');
    expect(view.srcset).toBeUndefined();
    expect(view.vendorHref).toBeNull();
    expect(view.soldOut).toBe(true);
  });
});
