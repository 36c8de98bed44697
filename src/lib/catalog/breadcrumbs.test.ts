import { describe, expect, it } from 'vitest';
import { jsonLdText } from '../seo/json-ld.ts';
import { breadcrumbListJsonLd, breadcrumbListPieces, breadcrumbs } from './breadcrumbs.ts';

describe('breadcrumbs', () => {
  it('puts Home first, then the entries', () => {
    expect(
      breadcrumbs([
        { label: 'Brands', path: '/brands' },
        { label: 'Crown', path: '/brands/Crown' },
      ]),
    ).toEqual([
      { label: 'Home', path: '/' },
      { label: 'Brands', path: '/brands' },
      { label: 'Crown', path: '/brands/Crown' },
    ]);
  });

  it('drops entries without a label', () => {
    expect(breadcrumbs([{ label: ' ', path: '/x' }])).toEqual([{ label: 'Home', path: '/' }]);
  });

  it('describes them as a schema.org BreadcrumbList', () => {
    const list = breadcrumbListJsonLd(
      breadcrumbs([{ label: 'Search', path: '/search.php' }]),
      'https://shop.example',
    );
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
      { '@type': 'ListItem', position: 2, name: 'Search', item: 'https://shop.example/search.php' },
    ]);
  });

  it("splits the list's text so that a collection's trail is published once and included", () => {
    const lead = breadcrumbs([{ label: 'Wheels & <Casters>', path: '/collections/wheels' }]);
    const own = [{ label: 'Load Wheel', path: '/products/load-wheel' }];
    const site = 'https://shop.example';
    const { head, leadItems, tail } = breadcrumbListPieces(lead, own, site);
    expect(head + leadItems + tail).toBe(jsonLdText(breadcrumbListJsonLd([...lead, ...own], site)));
    // The included piece holds the lead alone; the page numbers its own crumb after it.
    expect(leadItems).toContain('Wheels \\u0026 \\u003cCasters\\u003e');
    expect(leadItems).not.toContain('Load Wheel');
    expect(tail).toContain('"position":3');
  });
});
