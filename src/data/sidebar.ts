import { sidebarData, type SidebarData } from '../lib/catalog/collection-sidebar.ts';
import { storeConfig } from '../lib/config/index.ts';
import { buildMemo } from './build-memo.ts';
import { catalogue } from './catalogue.ts';
import { navTree } from './nav.ts';

/**
 * The catalogue sidebar of this build (the category tree to the theme's depth and the top
 * brands), made once and shared by every catalogue page: the category and vendor lists, a
 * category, the brands and a brand (DESIGN, build pipeline 7).
 */
export const catalogueSidebar: () => Promise<SidebarData> = buildMemo(() =>
  Promise.all([navTree(), catalogue()]).then(([nav, { vendors }]) =>
    sidebarData(nav, vendors, storeConfig.theme.sidebarNavigationDepth),
  ),
);
