/**
 * How many related products a product page shows: ten, two desktop steps of the slider
 * (spec storefront 9: 5 per step). Spec storefront 2 makes a list of more than 5 a slider on
 * a desktop, which five never reached. The page carries their ids; the strip fetches their
 * cards when the shopper comes near it (src/islands/related/RelatedProducts.tsx).
 */
export const RELATED_COUNT = 10;

/** The strip's heading, also the name of its region and of its arrows. */
export const RELATED_TITLE = 'Related Products';

interface Related {
  id: number;
  Collections: readonly { id: number }[];
}

/**
 * Related products of every product, made in one pass (DESIGN, build pipeline 7): the
 * products sharing its first collection, taken after it in the given order and wrapping
 * round, so neighbouring pages show different cards. Products without a collection have
 * none. Costs products x count, whatever the catalogue's size.
 * @example relatedProducts([a, b, c], 1).get(a.id) // [b]
 */
export function relatedProducts<P extends Related>(
  products: readonly P[],
  count: number = RELATED_COUNT,
): Map<number, P[]> {
  const groups = new Map<number, P[]>();
  for (const product of products) {
    const first = product.Collections[0]?.id;
    if (first === undefined) continue;
    const group = groups.get(first) ?? [];
    group.push(product);
    groups.set(first, group);
  }
  const related = new Map<number, P[]>();
  for (const product of products) related.set(product.id, []);
  for (const group of groups.values()) {
    const take = Math.min(count, group.length - 1);
    for (const [index, product] of group.entries()) {
      const picked: P[] = [];
      for (let step = 1; step <= take; step += 1) {
        const other = group[(index + step) % group.length];
        if (other) picked.push(other);
      }
      related.set(product.id, picked);
    }
  }
  return related;
}
