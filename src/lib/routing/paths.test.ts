import { describe, expect, it } from 'vitest';
import { articlePath, collectionPath, productPath } from './paths.ts';

describe('store paths', () => {
  it('puts the handle under its base, encoded', () => {
    expect(productPath('/products', 'load-wheel')).toBe('/products/load-wheel');
    expect(productPath('/p', 'a b#c?d/e')).toBe('/p/a%20b%23c%3Fd%2Fe');
    expect(collectionPath('/collections', 'wheels & tires')).toBe(
      '/collections/wheels%20%26%20tires',
    );
    expect(articlePath('/articles', 'how-to')).toBe('/articles/how-to');
  });
});
