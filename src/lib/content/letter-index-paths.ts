import { rowsPageKey } from '../product/cache-key.ts';
import { letterIndex, type IndexEntry } from './catalogue-index.ts';
import { INDEX_PAGE_SIZE, pageParam } from './index-pagination.ts';

/**
 * The static paths of a long A-to-Z index (/cindex.asp, /product-index): its entries sorted
 * and cut into pages of INDEX_PAGE_SIZE, each page with the letter jump list and the count.
 * The page renders only the shell and these props (the entries shown, the jump list, the
 * count), so they are its incremental-build key (DESIGN, build pipeline 6). `name` tells the
 * indexes apart between publishes (see `made`).
 * @example letterIndexPaths('product-index', [{ label: 'Axle', path: '/p/axle', letter: 'A' }])
 * // [{ params: { page: undefined }, props: { page: 1, totalPages: 1, items: [...], starts: [...], count: 1 }, cacheKey: '...' }]
 */
export function letterIndexPaths<T extends IndexEntry>(name: string, entries: readonly T[]) {
  const last = made.get(name);
  if (last && sameEntries(last.entries, entries))
    return last.paths as ReturnType<typeof indexPaths<T>>;
  const paths = indexPaths(name, entries);
  made.set(name, { entries, paths });
  return paths;
}

/**
 * Each index's paths made last, with the entries they came from. A warm publish lists every
 * page again after each change (publisher/warm), and a price or stock change leaves an
 * index's entries as they were: sorting and keying the product index's 100,000 entries again
 * was a second of that listing (issue 33, item 3). The entries are the whole input (labels,
 * paths, letters, notes), so equal entries make equal paths; not a build memo, which the warm
 * renderer forgets after every change. When they differ, the sort starts from their last
 * order (sortIndexEntries).
 */
const made = new Map<string, { entries: readonly IndexEntry[]; paths: unknown }>();

/**
 * Entries equal one by one: the same object, else the same own fields with the same values
 * (strings). A digest of their JSON took 0.4 s of the listing at 100,000 products.
 */
function sameEntries(a: readonly IndexEntry[], b: readonly IndexEntry[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i], b[i]];
    if (x !== y && !(x && y && sameFields(x, y))) return false;
  }
  return true;
}

function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key],
  );
}

function indexPaths<T extends IndexEntry>(name: string, entries: readonly T[]) {
  const { pages, starts } = letterIndex(entries, INDEX_PAGE_SIZE, name);
  return pages.map(({ page, totalPages, items }) => {
    const props = { page, totalPages, items, starts, count: entries.length };
    const cacheKey = rowsPageKey({ page, totalPages, starts, count: entries.length }, items);
    return { params: { page: pageParam(page) }, props, cacheKey };
  });
}
