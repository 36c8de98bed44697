/** The demo catalogue's category tree (data only); each department has its own file. */
import { BRANDS, brandCollectionHandle } from './brands.ts';
import { BATTERIES_CHARGERS } from './categories/batteries.ts';
import { FORKLIFT_PARTS } from './categories/forklift.ts';
import { MATERIAL_HANDLING } from './categories/material-handling.ts';
import { PALLET_JACK_PARTS } from './categories/pallet-jack.ts';
import type { CategoryNode } from './category-node.ts';

/**
 * The category tree (three levels; spec storefront 2, "child categories ... LEVEL 2").
 * `pallet-jack-parts` is linked from the product page's bottom banner and the featured tile.
 */
export const CATEGORY_TREE: readonly CategoryNode[] = [
  PALLET_JACK_PARTS,
  FORKLIFT_PARTS,
  BATTERIES_CHARGERS,
  MATERIAL_HANDLING,
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
