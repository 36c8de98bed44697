import type { NavNode } from '../../../shared/contracts/catalogue-records.ts';
import { escapeHtml } from '../../../shared/format/escape-html.ts';

/** spec storefront 9: "Sidebar nav default depth 6". */
export const SIDEBAR_NAV_DEPTH = 6;

/** A tree node as the sidebar shows it. */
export type TreeNode = Pick<NavNode, 'id' | 'title' | 'url'> & { children: TreeNode[] };

/**
 * The navigation tree cut to `depth` levels (the top level is depth 1).
 * @example cutToDepth(tree, 1) // the top-level nodes without children
 */
export function cutToDepth(nodes: readonly TreeNode[], depth = SIDEBAR_NAV_DEPTH): TreeNode[] {
  if (depth < 1) return [];
  return nodes.map((node) => ({
    id: node.id,
    title: node.title,
    url: node.url,
    children: cutToDepth(node.children, depth - 1),
  }));
}

/** The ids of the nodes on the way to the node linking to `path` (itself included). */
export function pathToNode(nodes: readonly TreeNode[], path: string | undefined): Set<number> {
  const found = new Set<number>();
  if (!path) return found;
  const wanted = path.replace(/\/$/, '');
  const walk = (list: readonly TreeNode[], trail: number[]): boolean =>
    list.some((node) => {
      const here = [...trail, node.id];
      if (node.url.replace(/\/$/, '') === wanted || walk(node.children, here)) {
        for (const id of here) found.add(id);
        return true;
      }
      return false;
    });
  walk(nodes, []);
  return found;
}

export interface TreeHtmlOptions {
  /** The path of the page showing the tree: its node is marked and its ancestors open. */
  currentPath?: string | undefined;
  /** Makes the ids of the sublists unique on the page. */
  idPrefix?: string;
}

/**
 * The CATEGORIES tree of the sidebar (spec storefront 2, "Sidebar"): a nested list of links
 * with a depth indent; a node with children has a toggle button that shows or hides them.
 * The sublists on the way to the current page start open, the others closed. One function
 * renders it at build time and in the browser (the sidebar's client mode), so both agree.
 */
export function categoryTreeHtml(nodes: readonly TreeNode[], options: TreeHtmlOptions = {}) {
  const { currentPath, idPrefix = 'cat' } = options;
  const open = pathToNode(nodes, currentPath);
  const current = currentPath?.replace(/\/$/, '');
  const list = (items: readonly TreeNode[], depth: number, id?: string, hidden = false): string => {
    const attrs = `${id ? ` id="${escapeHtml(id)}"` : ''}${hidden ? ' hidden' : ''}`;
    return `<ul class="tree-list"${attrs}>${items.map((node) => item(node, depth)).join('')}</ul>`;
  };
  const item = (node: TreeNode, depth: number): string => {
    const title = escapeHtml(node.title);
    const here = node.url.replace(/\/$/, '') === current ? ' aria-current="page"' : '';
    const link = `<a class="tree-link" href="${escapeHtml(node.url)}"${here}>${title}</a>`;
    if (node.children.length === 0) {
      return `<li class="tree-item" style="--depth:${depth}"><div class="tree-row">${link}</div></li>`;
    }
    const expanded = open.has(node.id);
    const sublist = `${idPrefix}-tree-${node.id}`;
    const toggle =
      `<button type="button" class="tree-toggle" aria-expanded="${String(expanded)}" ` +
      `aria-controls="${escapeHtml(sublist)}" aria-label="Subcategories of ${title}">` +
      `<span aria-hidden="true"></span></button>`;
    return (
      `<li class="tree-item" style="--depth:${depth}"><div class="tree-row">${link}${toggle}</div>` +
      `${list(node.children, depth + 1, sublist, !expanded)}</li>`
    );
  };
  return list(nodes, 0);
}
