import { getCollection } from 'astro:content';
import type { CollectionRecord } from '../../shared/contracts/catalogue-records.ts';
import { collectionPageDigest } from '../lib/product/cache-key.ts';
import { buildMemo } from './build-memo.ts';

/**
 * The store's collections (categories) and their tree, built once per build from the
 * `collections` collection alone. The shell of every page reads these (the search box's
 * categories), so a page that shows no product never loads the 100,000 products: the prerender
 * workers hold only what their pages read (docs/performance.md, "Build at scale").
 */
export interface CollectionTree {
  /** Every collection, in position order. */
  collections: readonly CollectionRecord[];
  collectionById: ReadonlyMap<number, CollectionRecord>;
  collectionByHandle: ReadonlyMap<string, CollectionRecord>;
  /** Child collections by parent id (null for the top level), in position order. */
  childrenOf: (parentId: number | null) => readonly CollectionRecord[];
  /** The digest of a collection's record as its pages show it (collectionPageDigest). */
  collectionDigest: (id: number) => string;
}

/** The collection lookups of this build (made on first use). */
export const collectionTree: () => Promise<CollectionTree> = buildMemo(build);

async function build(): Promise<CollectionTree> {
  const entries = await getCollection('collections');
  const collections = entries
    .map((entry) => entry.data)
    .sort((a, b) => a.position - b.position || a.id - b.id);
  const collectionById = new Map(collections.map((c) => [c.id, c]));

  const children = new Map<number | null, CollectionRecord[]>();
  for (const collection of collections) {
    const parent =
      collection.parentId !== null && collectionById.has(collection.parentId)
        ? collection.parentId
        : null;
    const list = children.get(parent) ?? [];
    list.push(collection);
    children.set(parent, list);
  }
  // Made here, once per build, so that no page key digests a record of its own.
  const digests = new Map(
    entries.map((entry) => [entry.data.id, collectionPageDigest(entry.data)]),
  );

  return {
    collections,
    collectionById,
    collectionByHandle: new Map(collections.map((c) => [c.handle, c])),
    childrenOf: (parentId) => children.get(parentId) ?? [],
    collectionDigest: (id) => digests.get(id) ?? '',
  };
}
