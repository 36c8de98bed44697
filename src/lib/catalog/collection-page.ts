import type { Crumb } from './breadcrumbs.ts';
import { pageCount } from './pagination.ts';
import { collectionPath } from '../routing/paths.ts';

/**
 * The paged product list of a collection page (spec storefront 2, "Collection page"): page 1
 * lives at the bare collection URL, later pages at {base}/{handle}/page/{n}, each prerendered.
 */

/** The rest parameter of page `n` (undefined for page 1, which has the bare URL). */
export const collectionPageParam = (page: number): string | undefined =>
  page <= 1 ? undefined : `page/${page}`;

/**
 * The page number a rest parameter names, or undefined when it names none.
 * @example pageFromParam(undefined) // 1
 * @example pageFromParam('page/3') // 3
 * @example pageFromParam('page/1') // undefined (page 1 has only the bare URL)
 */
export function pageFromParam(param: string | undefined): number | undefined {
  if (param === undefined || param === '') return 1;
  const match = /^page\/([1-9]\d{0,6})\/?$/.exec(param);
  const page = match ? Number(match[1]) : undefined;
  return page !== undefined && page > 1 ? page : undefined;
}

/**
 * The path of one page of a paged list under `root` (a collection's or a brand's own path).
 * @example pagedHref('/collections/wheels', 1) // '/collections/wheels'
 * @example pagedHref('/collections/wheels', 2) // '/collections/wheels/page/2'
 */
export const pagedHref = (root: string, page: number): string =>
  page <= 1 ? root : `${root}/page/${page}`;

/**
 * The pages of a collection's list prerendered with their products (a new
 * or deleted product re-renders every page after its place in title order, and every page
 * that shows the count; at 100,000 products a top collection has 1,800 pages). Later pages
 * are prerendered too (title, canonical URL, breadcrumbs, sidebar), without the products and
 * the count: the results list loads them from the filter API in the same title order, so
 * they do not change when the catalogue does. Crawlers reach every product through the
 * sitemap and the product index; the pager's window from page 1 (pages 1 to 3) stays within
 * these.
 */
export const PRODUCT_PAGES = 3;

/** The pages of a list of `total` items at `perPage` a page, each with its rest parameter. */
export function listPages(total: number, perPage: number): { page: number; param?: string }[] {
  return Array.from({ length: pageCount(total, perPage) }, (_, index) => {
    const param = collectionPageParam(index + 1);
    return param === undefined ? { page: index + 1 } : { page: index + 1, param };
  });
}

/** The items of one-based page `page`. */
export const pageItems = <T>(items: readonly T[], page: number, perPage: number): T[] =>
  items.slice((page - 1) * perPage, page * perPage);

/**
 * The range line of a list page.
 * @example rangeText({ first: 1, last: 24, total: 130 }) // 'Showing 1-24 of 130'
 */
export const rangeText = ({ first, last, total }: { first: number; last: number; total: number }) =>
  `Showing ${first}-${last} of ${total}`;

/**
 * How many products a list holds.
 * @example productCountText(1) // '1 product'
 */
export const productCountText = (count: number): string =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'product' : 'products'}`;

/** The document title of a list page: later pages say which page they are. */
export const pagedTitle = (title: string, page: number): string =>
  page <= 1 ? title : `${title} - Page ${page}`;

/**
 * The breadcrumb entries of a collection (Home is added by the component): its ancestors and
 * itself, from the record's own breadcrumbs; the collection itself closes the trail even when
 * the record's list leaves it out.
 */
export function collectionCrumbs(
  collection: {
    title: string;
    handle: string;
    breadcrumbs: readonly { title: string; handle: string }[];
  },
  base: string,
): Crumb[] {
  const trail = collection.breadcrumbs.filter((entry) => entry.handle !== '');
  const last = trail.at(-1);
  const entries =
    last?.handle === collection.handle
      ? trail.slice(0, -1)
      : trail.filter((entry) => entry.handle !== collection.handle);
  return [...entries, collection].map((entry) => ({
    label: entry.title,
    path: collectionPath(base, entry.handle),
  }));
}
