import { describe, expect, it } from 'vitest';
import { CALL_FOR_PRICE } from '../catalog/price-display.ts';
import { cardView, type CardProduct } from './card-view.ts';

const settings = {
  currency: 'USD',
  productBase: '/products',
  noImageUrl: '/no-image.svg',
  cdnPrefix: '/api/media/products/',
};

const product: CardProduct = {
  title: 'Load <em>Wheel</em>',
  handle: 'load-wheel',
  imageUrl: '/api/media/products/load-wheel.svg',
  vendor: 'Crown & Co',
  price: 10,
  compareAtPrice: 12.5,
  availableForSale: true,
  avgRating: 3.6,
  totalReviews: 7,
};

describe('cardView', () => {
  it('maps a product to its card', () => {
    const view = cardView(product, settings);
    expect(view).toMatchObject({
      title: 'Load Wheel',
      href: '/products/load-wheel',
      image: '/api/media/products/load-wheel.svg',
      vendor: 'Crown & Co',
      vendorHref: '/search.php?v=Crown%20%26%20Co',
      price: { price: '$10.00', compareAt: '$12.50', saving: '$2.50' },
      stars: 4,
      starsLabel: 'Rated 4 out of 5',
      reviewText: '7 reviews',
      soldOut: false,
    });
    expect(view.srcset).toContain('/api/media/products/load-wheel_200x.svg 200w');
  });

  it('asks to call for a price of 0, as every list does (issue 13 item 9)', () => {
    expect(cardView({ ...product, price: 0 }, settings).price).toEqual({
      price: CALL_FOR_PRICE,
      compareAt: null,
      saving: null,
    });
  });

  it('marks a product not for sale as sold out, without a compare-at price', () => {
    const view = cardView({ ...product, availableForSale: false }, settings);
    expect(view.soldOut).toBe(true);
    expect(view.price.compareAt).toBeNull();
  });

  it('uses the no-image picture, without srcset, when there is no image', () => {
    const view = cardView({ ...product, imageUrl: null }, settings);
    expect(view.image).toBe('/no-image.svg');
    expect(view.srcset).toBeUndefined();
  });

  it('has no vendor link without a vendor, and says No reviews', () => {
    const view = cardView({ ...product, vendor: '', totalReviews: 0, avgRating: 0 }, settings);
    expect(view.vendorHref).toBeNull();
    expect(view.reviewText).toBe('No reviews');
    expect(view.stars).toBe(0);
  });
});
