/** One breadcrumb: a label and the path it links to. */
export interface Crumb {
  label: string;
  path: string;
}

/**
 * Breadcrumbs: 'Home' first, then the supplied entries in order (spec storefront 2).
 * Entries without a label are dropped.
 * @example breadcrumbs([{ label: 'Brands', path: '/brands' }])
 *   // [{ label: 'Home', path: '/' }, { label: 'Brands', path: '/brands' }]
 */
export function breadcrumbs(entries: readonly Crumb[]): Crumb[] {
  return [{ label: 'Home', path: '/' }, ...entries.filter((entry) => entry.label.trim() !== '')];
}

/** schema.org BreadcrumbList of the crumbs, with absolute URLs on `site`. */
export function breadcrumbListJsonLd(crumbs: readonly Crumb[], site: string | URL) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: new URL(crumb.path, site).href,
    })),
  };
}
