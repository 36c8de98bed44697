import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, srcsetFor } from './srcset.ts';

const CDN = '/api/media/products/';

describe('srcsetFor', () => {
  it('offers widths 200 to 800 in steps of 100 for CDN images with an extension', () => {
    const srcset = srcsetFor('/api/media/products/wheel-3.svg', CDN);
    expect(srcset?.split(', ')).toEqual(
      IMAGE_WIDTHS.map((w) => `/api/media/products/wheel-3_${w}x.svg ${w}w`),
    );
  });

  it('keeps a query string on every variant', () => {
    expect(srcsetFor('/api/media/products/pump-1.png?v=2', CDN)).toContain(
      '/api/media/products/pump-1_200x.png?v=2 200w',
    );
  });

  it('makes no variants off the CDN, without an extension, or with a width suffix', () => {
    expect(srcsetFor('https://example.com/wheel.svg', CDN)).toBeUndefined();
    expect(srcsetFor('/api/media/banners/hero.svg', CDN)).toBeUndefined();
    expect(srcsetFor('/api/media/products/wheel', CDN)).toBeUndefined();
    expect(srcsetFor('/api/media/products/wheel-3_400x.svg', CDN)).toBeUndefined();
    expect(srcsetFor('/api/media/products/.svg', CDN)).toBeUndefined();
  });
});
