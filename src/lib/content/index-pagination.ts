/** Links a page of a long static index holds (at 100,000 products, 100 pages of 1,000). */
export const INDEX_PAGE_SIZE = 1000;

/** One page of a paginated static list: its one-based number, the page count and its items. */
export interface IndexPage<T> {
  page: number;
  totalPages: number;
  items: T[];
}

/**
 * Cuts a list into pages of `perPage` (one-based page numbers). An empty list still gives
 * one empty page, so the index page itself always exists.
 * @example paginate(['a', 'b', 'c'], 2) // [{ page: 1, totalPages: 2, items: ['a', 'b'] }, { page: 2, ... ['c'] }]
 */
export function paginate<T>(items: readonly T[], perPage: number): IndexPage<T>[] {
  const size = Math.max(1, Math.trunc(perPage) || 1);
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  return Array.from({ length: totalPages }, (_, index) => ({
    page: index + 1,
    totalPages,
    items: items.slice(index * size, (index + 1) * size),
  }));
}

/**
 * The value of a `[...page]` rest parameter for a page: none for page 1 (the index lives at
 * its base path), `page/{n}` after.
 * @example pageParam(1) // undefined
 * @example pageParam(3) // 'page/3'
 */
export function pageParam(page: number): string | undefined {
  return page <= 1 ? undefined : `page/${page}`;
}

/**
 * The path of page `page` of an index at `base` (page 1 is the base itself, which may be a
 * legacy URL such as /cindex.asp; later pages live under the build path).
 * @example indexPagePath('/cindex.asp', '/cindex', 1) // '/cindex.asp'
 * @example indexPagePath('/cindex.asp', '/cindex', 2) // '/cindex/page/2'
 */
export function indexPagePath(firstPage: string, buildBase: string, page: number): string {
  return page <= 1 ? firstPage : `${buildBase}/page/${page}`;
}

/** Whether a path is a later page of a paginated list (`/…/page/{n}`), a duplicate for crawlers. */
export function isPaginatedPath(pathname: string): boolean {
  return /\/page\/\d+\/?$/.test(pathname);
}
