import { describe, expect, it } from 'vitest';
import {
  INDEX_PAGE_SIZE,
  indexPagePath,
  isPaginatedPath,
  pageParam,
  paginate,
} from './index-pagination.ts';

describe('paginate', () => {
  it('cuts a list into pages with one-based numbers', () => {
    const pages = paginate(['a', 'b', 'c', 'd', 'e'], 2);
    expect(pages.map((p) => p.items)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages.every((p) => p.totalPages === 3)).toBe(true);
  });

  it('keeps one empty page for an empty list', () => {
    expect(paginate([], 10)).toEqual([{ page: 1, totalPages: 1, items: [] }]);
  });

  it('gives 100 pages of 1,000 links for 100,000 products', () => {
    const pages = paginate(
      Array.from({ length: 100_000 }, (_, n) => n),
      INDEX_PAGE_SIZE,
    );
    expect(pages).toHaveLength(100);
    expect(pages[99]?.items).toHaveLength(1000);
    expect(pages[99]?.items[999]).toBe(99_999);
  });

  it('treats a bad page size as 1', () => {
    expect(paginate(['a', 'b'], 0)).toHaveLength(2);
    expect(paginate(['a', 'b'], Number.NaN)).toHaveLength(2);
  });
});

describe('index page paths', () => {
  it('puts page 1 at the base and later pages under /page/{n}', () => {
    expect(pageParam(1)).toBeUndefined();
    expect(pageParam(2)).toBe('page/2');
    expect(indexPagePath('/cindex.asp', '/cindex', 1)).toBe('/cindex.asp');
    expect(indexPagePath('/cindex.asp', '/cindex', 4)).toBe('/cindex/page/4');
  });

  it('recognises later pages as duplicates', () => {
    expect(isPaginatedPath('/product-index/page/2/')).toBe(true);
    expect(isPaginatedPath('/collections/wheels/page/12')).toBe(true);
    expect(isPaginatedPath('/product-index/')).toBe(false);
    expect(isPaginatedPath('/articles/page-layouts')).toBe(false);
  });
});
