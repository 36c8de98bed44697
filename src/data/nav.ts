import { getCollection } from 'astro:content';
import type { NavNode } from '../../shared/contracts/catalogue-records.ts';
import { buildMemo } from './build-memo.ts';

/**
 * The whole navigation tree of this build, read once and shared by every page's shell
 * (DESIGN, build pipeline 7: no getCollection() per page). The menus cut it with cutNav.
 */
export const navTree: () => Promise<NavNode[]> = buildMemo(() =>
  getCollection('nav').then((entries) => entries.map((entry) => entry.data)),
);
