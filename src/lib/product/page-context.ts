import type { Crumb } from '../catalog/breadcrumbs.ts';
import { collectionPath } from '../routing/paths.ts';

interface ChainCollection {
  handle: string;
  title: string;
  breadcrumbs: readonly { title: string; handle: string }[];
  images: Readonly<Record<string, { imagePath: string; altText: string }>>;
}

/**
 * The breadcrumb entries of a product page after Home (spec storefront 2): the chain of the
 * product's first collection, root first, then the product itself. The chain comes from the
 * collection's own breadcrumbs; without the collection record, the product's reference.
 */
export function productCrumbs(
  productTitle: string,
  productPath: string,
  first: { handle: string; title: string } | undefined,
  collection: ChainCollection | undefined,
  collectionBase: string,
): Crumb[] {
  const chain = collection?.breadcrumbs.length
    ? collection.breadcrumbs
    : first
      ? [{ title: first.title, handle: first.handle }]
      : [];
  return [
    ...chain.map((link) => ({
      label: link.title,
      path: collectionPath(collectionBase, link.handle),
    })),
    { label: productTitle, path: productPath },
  ];
}

/**
 * The product page's top banner: the `placement` image of the nearest collection up the
 * first collection's chain that has one (the collection page's top banner, storefront 2).
 */
export function productTopBanner(
  chain: readonly (ChainCollection | undefined)[],
  placement: string,
): { imagePath: string; altText: string } | undefined {
  for (const collection of chain) {
    const image = collection?.images[placement];
    if (image) return image;
  }
  return undefined;
}
