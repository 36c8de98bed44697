import { bannerAlt } from '../catalog/banner-alt.ts';
import type { Crumb } from '../catalog/breadcrumbs.ts';
import { collectionPath } from '../routing/paths.ts';

interface ChainCollection {
  handle: string;
  title: string;
  breadcrumbs: readonly { title: string; handle: string }[];
  images: Readonly<Record<string, { imagePath: string; altText: string }>>;
}

/**
 * The breadcrumb links of a collection's chain, root first, down to the collection itself:
 * its own breadcrumbs, or the collection alone when it has none.
 */
export function chainCrumbs(
  collection: Pick<ChainCollection, 'handle' | 'title' | 'breadcrumbs'>,
  collectionBase: string,
): Crumb[] {
  const chain = collection.breadcrumbs.length
    ? collection.breadcrumbs
    : [{ title: collection.title, handle: collection.handle }];
  return chain.map((link) => ({
    label: link.title,
    path: collectionPath(collectionBase, link.handle),
  }));
}

/**
 * A collection, then its ancestors toward the root, looked up by the handles of its
 * breadcrumbs (undefined where one is missing): where a product page's top banner is looked for.
 */
export function collectionChain<C extends ChainCollection>(
  collection: C,
  byHandle: ReadonlyMap<string, C>,
): (C | undefined)[] {
  return [
    collection,
    ...collection.breadcrumbs
      .slice(0, -1)
      .reverse()
      .map((link) => byHandle.get(link.handle)),
  ];
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
  const reference = first ? { ...first, breadcrumbs: [] } : undefined;
  const holder = collection ?? reference;
  return [
    ...(holder ? chainCrumbs(holder, collectionBase) : []),
    { label: productTitle, path: productPath },
  ];
}

/** The product page's bottom banner (spec storefront 2: a fixed link to a collection). */
export interface BottomBanner {
  /** Its picture. */
  imagePath: string;
  /** The collection page it links to. */
  href: string;
}

/**
 * The product page's top banner: the `placement` image of the nearest collection up the
 * first collection's chain that has one (the collection page's top banner, storefront 2),
 * its alt text without that collection's name (bannerAlt: the trail names it). None when it
 * is the collection the bottom banner links to, or its picture: the page shows the two side
 * by side, and a pallet-jack part's page showed 'Pallet Jack Parts' twice (issue 29, item 7).
 * @example productTopBanner(chainUpToPalletJackParts, 'topBanner',
 *   { imagePath: '/pj.svg', href: '/collections/pallet-jack-parts' }, '/collections') // undefined
 */
export function productTopBanner(
  chain: readonly (ChainCollection | undefined)[],
  placement: string,
  bottom?: BottomBanner,
  collectionBase = '',
): { imagePath: string; altText: string } | undefined {
  for (const collection of chain) {
    const image = collection?.images[placement];
    if (!image) continue;
    if (bottom) {
      if (image.imagePath === bottom.imagePath) return undefined;
      if (collectionPath(collectionBase, collection.handle) === bottom.href) return undefined;
    }
    return { imagePath: image.imagePath, altText: bannerAlt(image.altText, collection.title) };
  }
  return undefined;
}
