import { describe, expect, it } from 'vitest';
import { CALL_FOR_PRICE } from './price-display.ts';
import { productCardView, type CardSource } from './product-card.ts';

const settings = {
  currency: 'USD',
  productBase: '/products',
  noImageUrl: '/no-image.svg',
  cdnPrefix: '/api/media/products/',
};

const product: CardSource = {
  id: 3,
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

describe('productCardView', () => {
  it('maps a product to its card', () => {
    const view = productCardView(product, settings);
    expect(view).toMatchObject({
      id: 3,
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

  it('encodes the handle in the product link', () => {
    expect(productCardView({ ...product, handle: 'load wheel/2' }, settings).href).toBe(
      '/products/load%20wheel%2F2',
    );
  });

  it('shows a hostile title as its text, without the script', () => {
    const title = 'Load Wheel Axle 25 mm (91A38-21466) <script>alert("title")</script>';
    expect(productCardView({ ...product, title }, settings).title).toBe(
      'Load Wheel Axle 25 mm (91A38-21466)',
    );
  });

  it('asks to call for a price of 0, as every list does', () => {
    expect(productCardView({ ...product, price: 0 }, settings).price).toEqual({
      price: CALL_FOR_PRICE,
      compareAt: null,
      saving: null,
    });
  });

  it('marks a product not for sale as sold out, without a compare-at price', () => {
    const view = productCardView({ ...product, availableForSale: false }, settings);
    expect(view.soldOut).toBe(true);
    expect(view.price.compareAt).toBeNull();
  });

  it('uses the no-image picture, without srcset, for a missing or empty image', () => {
    for (const imageUrl of [null, undefined, '']) {
      const view = productCardView({ ...product, imageUrl }, settings);
      expect(view.image).toBe('/no-image.svg');
      expect(view.srcset).toBeUndefined();
    }
  });

  it('has no vendor link without a vendor, and says No reviews without ratings', () => {
    for (const vendor of ['', null, undefined]) {
      const view = productCardView(
        { ...product, vendor, totalReviews: null, avgRating: undefined },
        settings,
      );
      expect(view.vendor).toBe('');
      expect(view.vendorHref).toBeNull();
      expect(view.reviewText).toBe('No reviews');
      expect(view.stars).toBe(0);
    }
  });
});
