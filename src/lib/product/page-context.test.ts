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
    ).toEqual(banner);
    expect(productTopBanner([steer], 'topBanner')).toBeUndefined();
  });

  it("says what the picture says, not the collection's name the trail shows", () => {
    const named = { imagePath: '/b.svg', altText: 'Steer Wheels: quality parts, shipped fast' };
    expect(productTopBanner([{ ...steer, images: { topBanner: named } }], 'topBanner')).toEqual({
      imagePath: '/b.svg',
      altText: 'Quality parts, shipped fast',
    });
  });

  it('shows none when the bottom banner beside it is its picture or its collection', () => {
    const pj = {
      handle: 'pallet-jack-parts',
      title: 'Pallet Jack Parts',
      breadcrumbs: [],
      images: { topBanner: { imagePath: '/collection-pj.svg', altText: 'Parts' } },
    };
    const bottom = { imagePath: '/pj.svg', href: '/collections/pallet-jack-parts' };
    // A steer wheel without a banner of its own: the nearest is Pallet Jack Parts'.
    expect(productTopBanner([steer, pj], 'topBanner', bottom, '/collections')).toBeUndefined();
    const samePicture = { ...bottom, href: '/collections/elsewhere' };
    const own = { ...steer, images: { topBanner: { imagePath: '/pj.svg', altText: 'Parts' } } };
    expect(productTopBanner([own], 'topBanner', samePicture, '/collections')).toBeUndefined();
    // Another collection's own banner stays.
    const wheels = { ...steer, images: { topBanner: { imagePath: '/sw.svg', altText: 'Parts' } } };
    expect(productTopBanner([wheels, pj], 'topBanner', bottom, '/collections')).toEqual({
      imagePath: '/sw.svg',
      altText: 'Parts',
    });
  });
});
