import { describe, expect, it } from 'vitest';
import { breadcrumbListJsonLd, breadcrumbs } from './breadcrumbs.ts';

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
});
