import type { NavNode } from '../../shared/contracts/catalogue-records.ts';
import { buildMemo } from './build-memo.ts';
import { collectionTree } from './collections.ts';
import { navTree } from './nav.ts';

/** What the shell (header, menus, footer) renders from catalogue data, for every page. */
export interface ShellData {
  tree: NavNode[];
  /** The top-level collections, in menu order: the search box's categories. */
  searchCategories: { id: number; title: string }[];
}

/**
 * The shell's data of this build, read once (DESIGN, build pipeline 7). The header renders
 * exactly this, so that the incremental key made from it cannot miss what it shows. It reads
 * no product: every page has a shell, and a prerender worker loads only what its pages read.
 */
export const shellData: () => Promise<ShellData> = buildMemo(() =>
  Promise.all([navTree(), collectionTree()]).then(([tree, { childrenOf }]) => ({
    tree,
    searchCategories: childrenOf(null).map(({ id, title }) => ({ id, title })),
  })),
);
