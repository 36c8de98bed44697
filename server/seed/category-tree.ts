/**
 * The demo catalogue's category tree: each department's data in its JSON file under
 * categories/, a leaf's `weight` its share of the products; the brands' branch from brands.ts.
 */
import { BRANDS, brandCollectionHandle } from './brands.ts';
import batteries from './categories/batteries.json' with { type: 'json' };
import forklift from './categories/forklift.json' with { type: 'json' };
import materialHandling from './categories/material-handling.json' with { type: 'json' };
import palletJack from './categories/pallet-jack.json' with { type: 'json' };
import { categoryNode, type CategoryNode } from './category-node.ts';

/**
 * The category tree (three levels; spec storefront 2, "child categories ... LEVEL 2").
 * `pallet-jack-parts` is linked from the product page's bottom banner and the featured tile.
 */
export const CATEGORY_TREE: readonly CategoryNode[] = [
  ...[palletJack, forklift, batteries, materialHandling].map(categoryNode),
  {
    // Every product is also filed under its brand here (products.ts), as parts stores shop by
    // make. Its ~30 children are more than the 21 a collection page shows before 'View More'
    // (spec storefront 9), so even the smallest demo catalogue has that case.
    handle: 'parts-by-brand',
    title: 'Parts by Brand',
    children: BRANDS.map((brand) => ({
      handle: brandCollectionHandle(brand.name),
      title: `${brand.name} Parts`,
    })),
  },
];
