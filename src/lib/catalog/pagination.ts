/** A page number to show, or a gap between two shown numbers. */
export type PageItem = { kind: 'page'; page: number; current: boolean } | { kind: 'gap' };

/** spec storefront 2: "current page plus and minus 2, plus first and last". */
export const PAGE_WINDOW = 2;

/**
 * The page numbers a product-list pager shows (one-based, as people count pages): the
 * current page and 2 on each side, plus the first and the last, with a gap wherever numbers
 * are skipped.
 * @example pageWindow(6, 20) // 1 … 4 5 [6] 7 8 … 20
 */
export function pageWindow(current: number, total: number): PageItem[] {
  if (!Number.isInteger(total) || total < 1) return [];
  const here = Math.min(Math.max(1, Math.trunc(current) || 1), total);
  const shown = new Set<number>([1, total]);
  for (let page = here - PAGE_WINDOW; page <= here + PAGE_WINDOW; page += 1) {
    if (page >= 1 && page <= total) shown.add(page);
  }
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page - previous > 1) items.push({ kind: 'gap' });
    items.push({ kind: 'page', page, current: page === here });
    previous = page;
  }
  return items;
}

/** One control of the simple pager: a numbered page (the current one disabled) or the next arrow. */
export type PagerItem = PageItem | { kind: 'next'; page: number };

/**
 * What the simple pager shows, the one rule of every product and content list (spec
 * storefront 2: "The simple pager reads 'Pages:' with numbered buttons (current one
 * disabled) and a next arrow shown only when current page is less than total"): the page
 * window, then a next arrow while a later page exists, and no previous arrow (the spec names
 * none; the first page and the two before the current one are in the window). Nothing for a
 * list of one page.
 * @example pagerItems(1, 3) // [1] 2 3 ›
 * @example pagerItems(3, 3) // 1 2 [3]
 */
export function pagerItems(current: number, total: number): PagerItem[] {
  if (!Number.isInteger(total) || total <= 1) return [];
  const items: PagerItem[] = pageWindow(current, total);
  const here = items.find((item) => item.kind === 'page' && item.current);
  if (here?.kind === 'page' && here.page < total) items.push({ kind: 'next', page: here.page + 1 });
  return items;
}

/**
 * The "showing 25-48 of 130" range of a list page (page is one-based).
 * @example pageRange(2, 24, 130) // { first: 25, last: 48, total: 130 }
 */
export function pageRange(
  page: number,
  perPage: number,
  total: number,
): { first: number; last: number; total: number } {
  if (total <= 0 || perPage <= 0) return { first: 0, last: 0, total: Math.max(0, total) };
  const first = Math.min((page - 1) * perPage + 1, total);
  return { first, last: Math.min(page * perPage, total), total };
}

/** How many pages `total` items fill at `perPage` a page (at least 1). */
export const pageCount = (total: number, perPage: number): number =>
  Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, perPage)));
