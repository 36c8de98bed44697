import { storeConfig } from '../lib/config/index.ts';
import { breadcrumbs, type Crumb } from '../lib/catalog/breadcrumbs.ts';
import { chainCrumbs, collectionChain, productTopBanner } from '../lib/product/page-context.ts';
import { buildMemo } from './build-memo.ts';
import { collectionTree } from './collections.ts';

/**
 * What a product page shows of its first collection, the same for every product whose first
 * collection it is: published once per collection as its trail parts
 * (src/pages/shell-parts/trail/, src/lib/shell/shell-parts.ts TRAIL_PIECES).
 */
export interface CollectionTrail {
  /** Home, then the collection's chain from the root down to the collection. */
  lead: Crumb[];
  /** The top banner of the collection's chain (productTopBanner), if it has one. */
  banner: { imagePath: string; altText: string } | undefined;
}

/** Every collection's trail by its id (made on first use, once per build). */
export const collectionTrails: () => Promise<ReadonlyMap<number, CollectionTrail>> = buildMemo(
  async () => {
    const { collections, collectionByHandle } = await collectionTree();
    const { paths, imagePlacements, images, links } = storeConfig.theme;
    return new Map(
      collections.map((collection) => [
        collection.id,
        {
          lead: breadcrumbs(chainCrumbs(collection, paths.collectionBase)),
          banner: productTopBanner(
            collectionChain(collection, collectionByHandle),
            imagePlacements.collection.topBanner,
            { imagePath: images.bottomBanner, href: links.palletJackPartsCollection },
            paths.collectionBase,
          ),
        },
      ]),
    );
  },
);
