import { describe, expect, it } from 'vitest';
import { FEATURED_LIMIT, featuredProducts } from './featured.ts';

const product = (id: number, isFeatured: boolean, featuredOrder: number | null) => ({
  id,
  isFeatured,
  featuredOrder,
});

describe('featuredProducts', () => {
  it('keeps featured products in FEATURED_ORDER, unordered last', () => {
    const list = [
      product(1, true, null),
      product(2, true, 5),
      product(3, false, 1),
      product(4, true, 2),
    ];
    expect(featuredProducts(list).map((p) => p.id)).toEqual([4, 2, 1]);
  });

  it('shows at most 10', () => {
    const list = Array.from({ length: 25 }, (_, i) => product(i + 1, true, 25 - i));
    const shown = featuredProducts(list);
    expect(shown).toHaveLength(FEATURED_LIMIT);
    expect(shown[0]?.featuredOrder).toBe(1);
  });

  it('breaks ties by id', () => {
    expect(featuredProducts([product(9, true, 1), product(3, true, 1)]).map((p) => p.id)).toEqual([
      3, 9,
    ]);
  });
});
