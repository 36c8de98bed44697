import { describe, expect, it } from 'vitest';
import {
  brandsSection,
  flattenTree,
  isSitemapSection,
  pagesSection,
  SITEMAP_SECTIONS,
  sitemapSectionPath,
  type TreeNode,
} from './sitemap-sections.ts';

const node = (id: number, title: string, productCount = 2): TreeNode => ({
  id,
  title,
  handle: title.toLowerCase().replace(/ /g, '-'),
  productCount,
});

describe('sitemap sections', () => {
  it('are pages, categories and brands, at /sitemap.php/{section}', () => {
    expect(SITEMAP_SECTIONS.map((s) => s.key)).toEqual(['pages', 'categories', 'brands']);
    expect(sitemapSectionPath('brands')).toBe('/sitemap.php/brands');
    expect(isSitemapSection('categories')).toBe(true);
    expect(isSitemapSection('products')).toBe(false);
  });
});

describe('categories section', () => {
  const tree = new Map<number | null, TreeNode[]>([
    [null, [node(1, 'Pallet Jack Parts'), node(2, 'Forklift Parts', 1)]],
    [1, [node(3, 'Wheels'), node(4, 'Seals')]],
    [3, [node(5, 'Load Wheels')]],
  ]);
  const childrenOf = (id: number | null) => tree.get(id) ?? [];

  it('lists the tree depth first with each child one level deeper', () => {
    const links = flattenTree(childrenOf, '/collections');
    expect(links.map((l) => `${l.depth}:${l.label}`)).toEqual([
      '0:Pallet Jack Parts',
      '1:Wheels',
      '2:Load Wheels',
      '1:Seals',
      '0:Forklift Parts',
    ]);
    expect(links[0]).toEqual({
      label: 'Pallet Jack Parts',
      path: '/collections/pallet-jack-parts',
      depth: 0,
      note: '2 products',
    });
    expect(links[4]?.note).toBe('1 product');
  });

  it('visits a node once even when the tree loops', () => {
    const looped = new Map<number | null, TreeNode[]>([
      [null, [node(1, 'A')]],
      [1, [node(2, 'B')]],
      [2, [node(1, 'A')]],
    ]);
    const links = flattenTree((id) => looped.get(id) ?? [], '/c');
    expect(links.map((l) => l.label)).toEqual(['A', 'B']);
  });
});

describe('pages section', () => {
  it('groups the store pages, information pages, blog and help', () => {
    const groups = pagesSection({
      articleBase: '/articles',
      collectionBase: '/collections',
      pages: [{ handle: 'about-us', title: 'About Us' }],
      articles: [{ handle: 'shipping-details', title: 'Shipping details' }],
      helpAnswers: [],
    });
    expect(groups.map((g) => g.heading)).toEqual(['Store', 'Information', 'Blog']);
    expect(groups[0]?.links.map((l) => l.path)).toContain('/help.asp');
    expect(groups[1]?.links).toEqual([{ label: 'About Us', path: '/about-us', depth: 0 }]);
    expect(groups[2]?.links[0]?.path).toBe('/articles/shipping-details');
  });
});

describe('brands section', () => {
  it('lists brands by name with their counts', () => {
    const [group] = brandsSection([
      { name: 'Toyota', productCount: 3 },
      { name: 'Blue Giant', productCount: 1 },
    ]);
    expect(group?.links).toEqual([
      { label: 'Blue Giant', path: '/brands/Blue%20Giant', depth: 0, note: '1 product' },
      { label: 'Toyota', path: '/brands/Toyota', depth: 0, note: '3 products' },
    ]);
    expect(brandsSection([])).toEqual([]);
  });
});
