import type { NavNode } from '../../../shared/contracts/catalogue-records.ts';

/** spec account-and-shell 9: default navigation depth 1 (the desktop menu). */
export const DEFAULT_NAV_DEPTH = 1;
/** spec storefront 9: "Mobile nav children default 8 unless maxChildItemsToDisplay is set". */
export const MOBILE_CHILD_LIMIT = 8;

/**
 * The navigation tree cut to `depth` levels: depth 1 keeps the top level only, 2 adds one
 * level of children, and so on. A depth below 1 (or not a number) falls back to 1.
 * @example cutNav(tree, 1) // top-level nodes, each with children: []
 */
export function cutNav(nodes: readonly NavNode[], depth: number): NavNode[] {
  const levels = Number.isFinite(depth) && depth >= 1 ? Math.floor(depth) : DEFAULT_NAV_DEPTH;
  const cut = (list: readonly NavNode[], level: number): NavNode[] =>
    list.map((node) => ({
      ...node,
      children: level < levels ? cut(node.children, level + 1) : [],
    }));
  return cut(nodes, 1);
}

/** What the mobile menu shows under one node. */
export interface MobileChildren {
  shown: NavNode[];
  /** True when some children were left out, so a 'View all' link to the node is due. */
  cut: boolean;
}

/**
 * The children the mobile menu lists under a node: at most the node's
 * maxChildItemsToDisplay when it is set (a positive number), otherwise 8.
 * @example mobileChildren({ ...node, children: nine }).cut // true
 */
export function mobileChildren(
  node: Pick<NavNode, 'children' | 'maxChildItemsToDisplay'>,
): MobileChildren {
  const configured = node.maxChildItemsToDisplay;
  const limit =
    typeof configured === 'number' && Number.isFinite(configured) && configured > 0
      ? Math.floor(configured)
      : MOBILE_CHILD_LIMIT;
  return { shown: node.children.slice(0, limit), cut: node.children.length > limit };
}
