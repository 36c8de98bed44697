import { browserError, requestJson, type JsonReply, type RequestJson } from '../api/client.ts';
import {
  brandsListHtml,
  BRANDS_SIDEBAR_LIMIT,
  topBrands,
  type VendorCount,
} from './brands-sidebar.ts';
import {
  categoryTreeHtml,
  cutToDepth,
  SIDEBAR_NAV_DEPTH,
  type TreeNode,
} from './collection-tree.ts';

/** The prerendered lists of a catalogue page's sidebar. */
export interface SidebarData {
  /** The navigation tree, cut to the sidebar depth. */
  nav: TreeNode[];
  /** The brands of the BRANDS section. */
  brands: readonly { name: string }[];
}

/**
 * The sidebar's lists, made once per build and handed to every catalogue page: the tree cut to
 * `depth` (theme.sidebarNavigationDepth) and the 10 brands with the most products.
 */
export const sidebarData = (
  nav: readonly TreeNode[],
  vendors: readonly VendorCount[],
  depth = SIDEBAR_NAV_DEPTH,
): SidebarData => ({ nav: cutToDepth(nav, depth), brands: topBrands(vendors) });

/**
 * The sidebar's client mode, for pages that are not prerendered per catalogue (the search
 * results page): it loads both lists from the API and renders them with the same functions
 * as the build (spec storefront 2, "Sidebar"; account-and-shell 7).
 */
export const LOADING_CATEGORIES = 'Loading categories...';
export const LOADING_BRANDS = 'Loading brands...';
export const categoriesErrorText = (message: string) => `Error loading categories: ${message}`;
export const brandsErrorText = (message: string) => `Error loading brands: ${message}`;

/** GET api/nav with the collection prefix and the sidebar depth. */
export const sidebarNavUrl = (collectionBase: string, depth = SIDEBAR_NAV_DEPTH): string =>
  `/api/nav?collectionUrlPrefix=${encodeURIComponent(collectionBase)}&depth=${depth}`;

/** GET api/products/vendors/fullDetail: 10 vendors by product count, descending. */
export const SIDEBAR_BRANDS_URL = `/api/products/vendors/fullDetail?page=0&limit=${BRANDS_SIDEBAR_LIMIT}&sortBy=PRODUCT_COUNT&order=DESC`;

/** The message of anything thrown. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * The array under `key` of a JSON reply, read through the API client (src/lib/api); the
 * reply's own error text, its status, or the browser's words when it fails.
 */
export async function fetchList<T>(
  url: string,
  key: string,
  request: RequestJson = requestJson,
): Promise<T[]> {
  let reply: JsonReply;
  try {
    reply = await request('GET', url);
  } catch (error) {
    throw browserError(error);
  }
  const body = reply.body as Record<string, unknown> | null | undefined;
  const serverError = body?.['error'];
  if (typeof serverError === 'string' && serverError) throw new Error(serverError);
  if (!reply.ok) throw new Error(`${reply.status} ${reply.statusText}`.trim());
  const list = body?.[key];
  if (!Array.isArray(list)) throw new Error(`Unexpected response: no ${key}`);
  return list as T[];
}

/** What a sidebar section shows once its call has ended: its list, or the error text. */
export type SectionResult = { html: string } | { error: string };

export async function loadCategoriesSection(
  options: { collectionBase: string; depth?: number; currentPath?: string },
  request: RequestJson = requestJson,
): Promise<SectionResult> {
  try {
    const url = sidebarNavUrl(options.collectionBase, options.depth);
    const nodes = await fetchList<TreeNode>(url, 'navData', request);
    return {
      html: categoryTreeHtml(nodes, { currentPath: options.currentPath, idPrefix: 'live' }),
    };
  } catch (error) {
    return { error: categoriesErrorText(errorMessage(error)) };
  }
}

export async function loadBrandsSection(
  request: RequestJson = requestJson,
): Promise<SectionResult> {
  try {
    const vendors = await fetchList<VendorCount>(SIDEBAR_BRANDS_URL, 'vendors', request);
    return { html: brandsListHtml(vendors) };
  } catch (error) {
    return { error: brandsErrorText(errorMessage(error)) };
  }
}
