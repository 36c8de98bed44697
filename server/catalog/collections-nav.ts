import type { Database } from '../db/open.ts';
import type { CollectionTree, TreeNode } from './collections-tree.ts';

/** A navigation node (spec storefront 4: id, title, url, children, maxChildItemsToDisplay). */
export interface NavNode {
  id: number;
  title: string;
  url: string;
  /** Only present when the call asks for an image placement; null when it has none. */
  imageUrl?: string | null;
  /** Set per collection by the merchandiser; null, and the menu then shows 8 (spec storefront 9). */
  maxChildItemsToDisplay: number | null;
  children: NavNode[];
}

/**
 * The deepest menu the API builds, also when no depth is asked for: nesting past this would
 * only come from a corrupt tree, and very deep JSON cannot be serialised.
 */
export const MAX_NAV_DEPTH = 100;

export interface NavOptions {
  /** Root-relative path put before each handle, e.g. '/collections'. */
  urlPrefix: string;
  /** Levels to include (1 = top level only); undefined for every level. */
  depth?: number;
  /** Image placement whose path becomes imageUrl, e.g. 'menuImage'. */
  imagePlacement?: string;
}

function placementPaths(db: Database, placement: string): Map<number, string> {
  const rows = db
    .prepare(
      'SELECT collection_id AS id, image_path AS path FROM collection_images WHERE placement = ?',
    )
    .all(placement) as unknown as { id: number; path: string }[];
  return new Map(rows.map((row) => [row.id, row.path]));
}

/**
 * The menu tree from the top level (spec account-and-shell 4: depth 1 on desktop, no limit on
 * mobile), built from the already loaded tree without recursion.
 */
export function buildNav(db: Database, tree: CollectionTree, options: NavOptions): NavNode[] {
  const depth = Math.min(options.depth ?? MAX_NAV_DEPTH, MAX_NAV_DEPTH);
  const images =
    options.imagePlacement === undefined ? undefined : placementPaths(db, options.imagePlacement);
  const prefix = options.urlPrefix.replace(/\/+$/, '');
  const toNav = (node: TreeNode): NavNode => ({
    id: node.id,
    title: node.title,
    url: `${prefix}/${node.handle}`,
    ...(images ? { imageUrl: images.get(node.id) ?? null } : {}),
    maxChildItemsToDisplay: node.maxChildItems,
    children: [],
  });
  const top = tree.roots.map(toNav);
  const seen = new Set<number>(top.map((node) => node.id));
  // Breadth first: each queued node gets its children attached until the depth is reached.
  let level: NavNode[] = top;
  for (let current = 1; current < depth && level.length > 0; current++) {
    const next: NavNode[] = [];
    for (const parent of level) {
      for (const child of tree.childrenOf(parent.id)) {
        if (seen.has(child.id)) continue;
        seen.add(child.id);
        const node = toNav(child);
        parent.children.push(node);
        next.push(node);
      }
    }
    level = next;
  }
  return top;
}
