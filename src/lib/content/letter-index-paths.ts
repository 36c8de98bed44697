import { viewPageKey } from '../product/cache-key.ts';
import { letterIndex, type IndexEntry } from './catalogue-index.ts';
import { INDEX_PAGE_SIZE, pageParam } from './index-pagination.ts';

/**
 * The static paths of a long A-to-Z index (/cindex.asp, /product-index): its entries sorted
 * and cut into pages of INDEX_PAGE_SIZE, each page with the letter jump list and the count.
 * The page renders only the shell and these props (the entries shown, the jump list, the
 * count), so they are its incremental-build key (DESIGN, build pipeline 6).
 * @example letterIndexPaths([{ label: 'Axle', path: '/p/axle', letter: 'A' }])
 * // [{ params: { page: undefined }, props: { page: 1, totalPages: 1, items: [...], starts: [...], count: 1 }, cacheKey: '...' }]
 */
export function letterIndexPaths<T extends IndexEntry>(entries: readonly T[]) {
  const { pages, starts } = letterIndex(entries, INDEX_PAGE_SIZE);
  return pages.map(({ page, totalPages, items }) => {
    const props = { page, totalPages, items, starts, count: entries.length };
    return { params: { page: pageParam(page) }, props, cacheKey: viewPageKey(props) };
  });
}
