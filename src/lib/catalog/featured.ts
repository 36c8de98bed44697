/** spec storefront 9: "Featured products limit 10"; the list is sorted by FEATURED_ORDER. */
export const FEATURED_LIMIT = 10;

interface Featurable {
  id: number;
  isFeatured: boolean;
  featuredOrder: number | null;
}

/**
 * The featured products in FEATURED_ORDER (unordered ones last, then by id), at most 10.
 */
export function featuredProducts<T extends Featurable>(products: readonly T[]): T[] {
  return products
    .filter((product) => product.isFeatured)
    .sort(
      (a, b) =>
        (a.featuredOrder ?? Number.MAX_SAFE_INTEGER) -
          (b.featuredOrder ?? Number.MAX_SAFE_INTEGER) || a.id - b.id,
    )
    .slice(0, FEATURED_LIMIT);
}
