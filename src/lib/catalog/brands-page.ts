import { brandPath } from './brand-name.ts';
import { pagedHref } from './collection-page.ts';

/** spec account-and-shell 9: "Brand page size 25". */
export const BRAND_PAGE_SIZE = 25;

/** The path of page `page` of a brand (page 1 is /brands/{name}). */
export const brandPageHref = (name: string, page: number): string =>
  pagedHref(brandPath(name), page);

/** spec account-and-shell 2.6: "Page title is the brand plus the store name". */
export const brandTitle = (brand: string, storeName: string): string => `${brand} | ${storeName}`;

/**
 * Where a brand page's `page` query parameter (the starting page, one-based) sends the
 * shopper: the prerendered page of that number, clamped to the pages there are; nothing when
 * the parameter is absent, not a number, or names the page already shown.
 * @example startPageTarget('?page=3', { name: 'Crown', current: 1, total: 5 }) // '/brands/Crown/page/3'
 */
export function startPageTarget(
  search: string,
  page: { name: string; current: number; total: number },
): string | undefined {
  const raw = new URLSearchParams(search).get('page');
  if (raw === null || !/^\d{1,7}$/.test(raw.trim())) return undefined;
  const wanted = Math.min(Math.max(1, Number(raw)), Math.max(1, page.total));
  return wanted === page.current ? undefined : brandPageHref(page.name, wanted);
}
