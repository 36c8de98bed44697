import { describe, expect, it } from 'vitest';
import {
  collectionCrumbs,
  collectionPageParam,
  listPages,
  pagedHref,
  pagedTitle,
  pageFromParam,
  pageItems,
  productCountText,
  rangeText,
} from './collection-page.ts';

describe('collection page numbers', () => {
  it('gives page 1 the bare URL and later pages a page/{n} rest parameter', () => {
    expect(collectionPageParam(1)).toBeUndefined();
    expect(collectionPageParam(2)).toBe('page/2');
    expect(collectionPageParam(17)).toBe('page/17');
  });

  it('reads the page back from the rest parameter', () => {
    expect(pageFromParam(undefined)).toBe(1);
    expect(pageFromParam('')).toBe(1);
    expect(pageFromParam('page/2')).toBe(2);
    expect(pageFromParam('page/40/')).toBe(40);
  });

  it.each(['page/1', 'page/0', 'page/02', 'page/x', 'other/2', 'page/2/extra'])(
    'refuses the rest parameter %j, which names no page',
    (param) => {
      expect(pageFromParam(param)).toBeUndefined();
    },
  );

  it('round-trips every page', () => {
    for (let page = 1; page < 30; page += 1) {
      expect(pageFromParam(collectionPageParam(page))).toBe(page);
    }
  });

  it('lists one path per page of the list, at least one', () => {
    expect(listPages(0, 24)).toEqual([{ page: 1 }]);
    expect(listPages(24, 24)).toEqual([{ page: 1 }]);
    expect(listPages(25, 24)).toEqual([{ page: 1 }, { page: 2, param: 'page/2' }]);
    expect(listPages(100, 25)).toHaveLength(4);
  });
});

describe('collection page links', () => {
  it('links page 1 to the bare path and later pages below it', () => {
    expect(pagedHref('/collections/wheels', 1)).toBe('/collections/wheels');
    expect(pagedHref('/collections/wheels', 0)).toBe('/collections/wheels');
    expect(pagedHref('/collections/wheels', 3)).toBe('/collections/wheels/page/3');
  });
});

describe('page slices and texts', () => {
  const items = Array.from({ length: 50 }, (_, index) => index + 1);

  it('slices one-based pages', () => {
    expect(pageItems(items, 1, 24)).toEqual(items.slice(0, 24));
    expect(pageItems(items, 3, 24)).toEqual([49, 50]);
    expect(pageItems(items, 4, 24)).toEqual([]);
  });

  it('writes the range line', () => {
    expect(rangeText({ first: 1, last: 24, total: 130 })).toBe('Showing 1-24 of 130');
    expect(rangeText({ first: 121, last: 130, total: 130 })).toBe('Showing 121-130 of 130');
  });

  it('counts products in words', () => {
    expect(productCountText(0)).toBe('0 products');
    expect(productCountText(1)).toBe('1 product');
    expect(productCountText(1234)).toBe('1,234 products');
  });

  it('names later pages in the title', () => {
    expect(pagedTitle('Wheels', 1)).toBe('Wheels');
    expect(pagedTitle('Wheels', 2)).toBe('Wheels - Page 2');
  });
});

describe('collection breadcrumbs', () => {
  /** The crumbs of a collection whose record carries `trail` as [title, handle] pairs. */
  const crumbsOf = (title: string, handle: string, trail: [string, string][]) =>
    collectionCrumbs(
      {
        title,
        handle,
        breadcrumbs: trail.map(([crumbTitle, crumbHandle]) => ({
          title: crumbTitle,
          handle: crumbHandle,
        })),
      },
      '/collections',
    );

  it('lists the ancestors and then the collection', () => {
    const crumbs = crumbsOf('Load Wheels', 'load-wheels', [
      ['Pallet Jack Parts', 'pallet-jack-parts'],
      ['Wheels', 'wheels'],
      ['Load Wheels', 'load-wheels'],
    ]);
    expect(crumbs).toEqual([
      { label: 'Pallet Jack Parts', path: '/collections/pallet-jack-parts' },
      { label: 'Wheels', path: '/collections/wheels' },
      { label: 'Load Wheels', path: '/collections/load-wheels' },
    ]);
  });

  it('closes the trail with the collection when the record leaves it out', () => {
    const crumbs = crumbsOf('Wheels', 'wheels', [['Parts', 'parts']]);
    expect(crumbs.map((crumb) => crumb.label)).toEqual(['Parts', 'Wheels']);
  });

  it('gives a top-level collection with no breadcrumbs itself only', () => {
    expect(crumbsOf('Parts', 'parts', [])).toEqual([
      { label: 'Parts', path: '/collections/parts' },
    ]);
  });

  it('does not repeat the collection when it appears out of place', () => {
    const crumbs = crumbsOf('Wheels', 'wheels', [
      ['Wheels', 'wheels'],
      ['Parts', 'parts'],
      ['', ''],
    ]);
    expect(crumbs.map((crumb) => crumb.path)).toEqual([
      '/collections/parts',
      '/collections/wheels',
    ]);
  });
});
