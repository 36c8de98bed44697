import type { Database } from '../db/open.ts';

/**
 * The collection tree, read in one query and walked in memory (seeds hold hundreds
 * to thousands of collections, so no query per node). Every walk keeps a set of visited ids,
 * so a corrupt parent_id cycle ends the walk instead of hanging the server.
 */

/** The columns of a collection that tree walks need. */
export interface TreeNode {
  id: number;
  parentId: number | null;
  title: string;
  handle: string;
  imageUrl: string | null;
  position: number;
  /** Children the mobile menu lists before 'View all'; null for the default. */
  maxChildItems: number | null;
}

/** A node with its level in a walk: the starting collection is LEVEL 1. */
export interface LeveledNode {
  node: TreeNode;
  level: number;
}

export interface CollectionTree {
  byId: ReadonlyMap<number, TreeNode>;
  /** Children of each collection, ordered by position then id. */
  childrenOf: (id: number) => readonly TreeNode[];
  /** Top-level collections (no parent, or a parent that no longer exists), by position. */
  roots: readonly TreeNode[];
}

const statements = new WeakMap<Database, ReturnType<Database['prepare']>>();

/** Loads the whole tree with one query. */
export function loadCollectionTree(db: Database): CollectionTree {
  let select = statements.get(db);
  if (!select) {
    select = db.prepare(`
      SELECT id, parent_id AS parentId, title, handle, image_url AS imageUrl, position,
        max_child_items AS maxChildItems
      FROM collections ORDER BY position, id`);
    statements.set(db, select);
  }
  const nodes = select.all() as unknown as TreeNode[];
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const children = new Map<number, TreeNode[]>();
  const roots: TreeNode[] = [];
  for (const node of nodes) {
    // Rows come sorted, so every child list is in position order as it is built.
    if (node.parentId === null || !byId.has(node.parentId)) roots.push(node);
    else {
      const list = children.get(node.parentId);
      if (list) list.push(node);
      else children.set(node.parentId, [node]);
    }
  }
  return { byId, roots, childrenOf: (id) => children.get(id) ?? [] };
}

/**
 * The chain from the top-level ancestor down to `id` (itself last); empty for an unknown id.
 * On a parent cycle the chain stops at the first repeated collection.
 */
export function ancestorChain(tree: CollectionTree, id: number): TreeNode[] {
  const chain: TreeNode[] = [];
  const seen = new Set<number>();
  let current = tree.byId.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    chain.push(current);
    current = current.parentId === null ? undefined : tree.byId.get(current.parentId);
  }
  return chain.reverse();
}

/**
 * The subtree under `id` in pre-order (a collection, then each child's subtree, children by
 * position), with levels: `id` itself is level 1. `maxLevel` cuts the walk; empty for an
 * unknown id.
 */
export function subtree(tree: CollectionTree, id: number, maxLevel = Infinity): LeveledNode[] {
  const start = tree.byId.get(id);
  if (!start) return [];
  const out: LeveledNode[] = [];
  const seen = new Set<number>();
  // An explicit stack rather than recursion: a very deep chain cannot overflow the call stack.
  const stack: LeveledNode[] = [{ node: start, level: 1 }];
  while (stack.length > 0) {
    const entry = stack.pop();
    if (!entry || seen.has(entry.node.id)) continue;
    seen.add(entry.node.id);
    out.push(entry);
    if (entry.level >= maxLevel) continue;
    const kids = tree.childrenOf(entry.node.id);
    for (let i = kids.length - 1; i >= 0; i--) {
      const kid = kids[i];
      if (kid && !seen.has(kid.id)) stack.push({ node: kid, level: entry.level + 1 });
    }
  }
  return out;
}

/** Ids of `id` and all its descendants (cycle-safe); empty for an unknown id. */
export function descendantIds(tree: CollectionTree, id: number): number[] {
  return subtree(tree, id).map((entry) => entry.node.id);
}
