import type { Database } from '../db/open.ts';
import {
  ancestorChain,
  descendantIds,
  subtree,
  type CollectionTree,
  type TreeNode,
} from './collections-tree.ts';

/** A hierarchy entry (spec storefront 4: id, title, handle, imageUrl, LEVEL; plus parentId). */
export interface HierarchyEntry {
  id: number;
  title: string;
  handle: string;
  imageUrl: string | null;
  LEVEL: number;
  parentId: number | null;
}

const entry = (node: TreeNode, level: number): HierarchyEntry => ({
  id: node.id,
  title: node.title,
  handle: node.handle,
  imageUrl: node.imageUrl,
  LEVEL: level,
  parentId: node.parentId,
});

/**
 * The subtree of a collection: itself at LEVEL 1, children at LEVEL 2, ... in pre-order,
 * children by position (spec storefront 2: the collection page shows LEVEL 2 entries as
 * sub-categories).
 */
export function hierarchyOf(tree: CollectionTree, id: number): HierarchyEntry[] {
  return subtree(tree, id).map(({ node, level }) => entry(node, level));
}

/** The chain from the top-level ancestor (LEVEL 1) down to the collection (LEVEL n). */
export function upperHierarchyOf(tree: CollectionTree, id: number): HierarchyEntry[] {
  return ancestorChain(tree, id).map((node, index) => entry(node, index + 1));
}

/** The `default` list of a hierarchy reply: the top-level collections, by position. */
export function defaultItems(tree: CollectionTree): { title: string; handle: string }[] {
  return tree.roots.map(({ title, handle }) => ({ title, handle }));
}

/** At most this many featured products per collection (spec storefront 9). */
export const FEATURED_LIMIT = 10;

/**
 * Ids of the featured products in a collection or its descendants, by featured order (unset
 * last) then id.
 */
export function featuredProductIds(
  db: Database,
  tree: CollectionTree,
  id: number,
  limit = FEATURED_LIMIT,
): number[] {
  const rows = db
    .prepare(
      `SELECT p.id FROM products p
       WHERE p.is_featured = 1 AND EXISTS (
         SELECT 1 FROM product_collections pc
         WHERE pc.product_id = p.id AND pc.collection_id IN (SELECT value FROM json_each(?)))
       ORDER BY p.featured_order IS NULL, p.featured_order, p.id
       LIMIT ?`,
    )
    .all(JSON.stringify(descendantIds(tree, id)), limit) as unknown as { id: number }[];
  return rows.map((row) => row.id);
}
