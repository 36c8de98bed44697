import { jsonLdText } from '../seo/json-ld.ts';

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
  return [{ label: 'Home', path: '/' }, ...labelled(entries)];
}

/** The entries that have a label: what a trail shows of them, in order. */
export const labelled = (entries: readonly Crumb[]): Crumb[] =>
  entries.filter((entry) => entry.label.trim() !== '');

/** schema.org BreadcrumbList of the crumbs, with absolute URLs on `site`. */
export function breadcrumbListJsonLd(crumbs: readonly Crumb[], site: string | URL) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => listItem(crumb, index + 1, site)),
  };
}

const listItem = (crumb: Crumb, position: number, site: string | URL) => ({
  '@type': 'ListItem',
  position,
  name: crumb.label,
  item: new URL(crumb.path, site).href,
});

/**
 * The JSON-LD text of breadcrumbListJsonLd([...lead, ...own]) in three pieces, so that `lead`
 * (Home and a collection's chain) can be published once as a collection's trail part and
 * included between the other two: `head + leadItems + tail` is that text exactly.
 * `leadItems` is the lead's list items, each followed by a comma; `tail` numbers the page's own
 * crumbs after them and closes the list.
 */
export function breadcrumbListPieces(
  lead: readonly Crumb[],
  own: readonly Crumb[],
  site: string | URL,
): { head: string; leadItems: string; tail: string } {
  const items = (crumbs: readonly Crumb[], first: number) =>
    crumbs.map((crumb, index) => jsonLdText(listItem(crumb, first + index, site)));
  const whole = jsonLdText(breadcrumbListJsonLd([], site));
  return {
    head: whole.slice(0, -2),
    leadItems: items(lead, 1)
      .map((item) => `${item},`)
      .join(''),
    tail: `${items(own, lead.length + 1).join(',')}]}`,
  };
}
