import { describe, expect, it } from 'vitest';
import { BRANDS_SIDEBAR_LIMIT, brandsListHtml, topBrands } from './brands-sidebar.ts';

describe('topBrands', () => {
  const vendors = Array.from({ length: 14 }, (_, index) => ({
    name: `Brand ${String.fromCharCode(65 + index)}`,
    productCount: index % 5,
  }));

  it('lists 10 brands, the most products first, ties by name', () => {
    expect(BRANDS_SIDEBAR_LIMIT).toBe(10);
    const top = topBrands(vendors);
    expect(top).toHaveLength(10);
    expect(top.map((vendor) => vendor.productCount)).toEqual([4, 4, 3, 3, 3, 2, 2, 2, 1, 1]);
    expect(top.slice(0, 2).map((vendor) => vendor.name)).toEqual(['Brand E', 'Brand J']);
  });

  it('does not reorder its input', () => {
    const copy = [...vendors];
    topBrands(vendors, 3);
    expect(vendors).toEqual(copy);
  });

  it('handles short lists and odd limits', () => {
    expect(topBrands([{ name: 'A', productCount: 1 }])).toHaveLength(1);
    expect(topBrands(vendors, -1)).toEqual([]);
  });
});

describe('brandsListHtml', () => {
  it('links each brand to /brands/{name}', () => {
    expect(brandsListHtml([{ name: 'Crown' }, { name: 'Blue Giant' }])).toBe(
      '<ul class="brand-list"><li><a class="brand-link" href="/brands/Crown">Crown</a></li>' +
        '<li><a class="brand-link" href="/brands/Blue%20Giant">Blue Giant</a></li></ul>',
    );
  });

  it('escapes names', () => {
    const html = brandsListHtml([{ name: '<b>"A&B"</b>' }]);
    expect(html).toContain('>&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;</a>');
    expect(html).toContain('href="/brands/%3Cb%3E%22A%26B%22%3C%2Fb%3E"');
  });
});
