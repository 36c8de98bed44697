import { getCollection } from 'astro:content';
import type { NavNode } from '../loaders/catalogue-records.ts';

let tree: Promise<NavNode[]> | undefined;

/**
 * The whole navigation tree of this build, read once and shared by every page's shell
 * (DESIGN, build pipeline 7: no getCollection() per page). The menus cut it with cutNav.
 */
export function navTree(): Promise<NavNode[]> {
  tree ??= getCollection('nav').then((entries) => entries.map((entry) => entry.data));
  return tree;
}
