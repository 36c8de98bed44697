import { brandsListHtml } from './brands-sidebar.ts';
import type { SidebarData } from './collection-sidebar.ts';
import { categoryTreeHtml } from './collection-tree.ts';
import { viewDigest } from '../product/cache-key.ts';

/**
 * One digest of what the prerendered sidebar (src/components/catalogue/Sidebar.astro) shows,
 * for the incremental-build keys of the collection and brand pages; made once per build.
 * It digests the lists as the sidebar renders them (the same functions), so it changes when
 * a category or a top brand is renamed, added or reordered, and not when a top brand merely
 * gains a product (the sidebar shows no counts). The page's own path, which opens the tree
 * to it and marks it, is in each page's URL and key already.
 * @example sidebarDigest({ nav: [], brands: [{ name: 'Crown' }] }) // 24 hex digits
 */
export function sidebarDigest(sidebar: SidebarData): string {
  return viewDigest([categoryTreeHtml(sidebar.nav), brandsListHtml(sidebar.brands)]);
}
