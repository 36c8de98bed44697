import { describe, expect, it } from 'vitest';
import { productCrumbs, productTopBanner } from './page-context.ts';

const steer = {
  handle: 'steer-wheels',
  title: 'Steer Wheels',
  breadcrumbs: [
    { title: 'Pallet Jack Parts', handle: 'pallet-jack-parts' },
    { title: 'Pallet Jack Wheels', handle: 'pallet-jack-wheels' },
    { title: 'Steer Wheels', handle: 'steer-wheels' },
  ],
  images: {},
};

describe('productCrumbs', () => {
  it("follows the first collection's chain, then the product", () => {
    expect(
      productCrumbs('Load Wheel', '/products/load-wheel', steer, steer, '/collections'),
    ).toEqual([
      { label: 'Pallet Jack Parts', path: '/collections/pallet-jack-parts' },
      { label: 'Pallet Jack Wheels', path: '/collections/pallet-jack-wheels' },
      { label: 'Steer Wheels', path: '/collections/steer-wheels' },
      { label: 'Load Wheel', path: '/products/load-wheel' },
    ]);
  });

  it("falls back to the product's reference, or to the product alone", () => {
    expect(
      productCrumbs('Load Wheel', '/p/x', { handle: 'misc', title: 'Misc' }, undefined, '/c'),
    ).toEqual([
      { label: 'Misc', path: '/c/misc' },
      { label: 'Load Wheel', path: '/p/x' },
    ]);
    expect(productCrumbs('Load Wheel', '/p/x', undefined, undefined, '/c')).toEqual([
      { label: 'Load Wheel', path: '/p/x' },
    ]);
  });
});

describe('productTopBanner', () => {
  const banner = { imagePath: '/banner.svg', altText: 'Parts' };
  it('takes the nearest banner up the chain', () => {
    expect(
      productTopBanner(
        [steer, undefined, { ...steer, images: { topBanner: banner } }],
        'topBanner',
      ),
    ).toBe(banner);
    expect(productTopBanner([steer], 'topBanner')).toBeUndefined();
  });
});
