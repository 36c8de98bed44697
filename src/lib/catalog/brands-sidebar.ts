import { brandPath } from './brand-name.ts';
import type { VendorRecord } from '../../../shared/contracts/catalogue-records.ts';
import { escapeHtml } from '../../../shared/format/escape-html.ts';

/** spec account-and-shell 9: "Brands sidebar: 10 vendors by product count descending". */
export const BRANDS_SIDEBAR_LIMIT = 10;

/** A brand and how many products carry it, as the vendors list holds it. */
export type VendorCount = VendorRecord;

/**
 * The brands the sidebar lists: the most products first, ties by name.
 * @example topBrands([{ name: 'B', productCount: 1 }, { name: 'A', productCount: 3 }], 1)
 *   // [{ name: 'A', productCount: 3 }]
 */
export function topBrands(
  vendors: readonly VendorCount[],
  limit = BRANDS_SIDEBAR_LIMIT,
): VendorCount[] {
  return [...vendors]
    .sort((a, b) => b.productCount - a.productCount || a.name.localeCompare(b.name, 'en'))
    .slice(0, Math.max(0, limit));
}

/**
 * The BRANDS list of the sidebar (spec account-and-shell 2.6): each name links to
 * /brands/{name}. Rendered at build time and by the sidebar's client mode alike.
 */
export function brandsListHtml(vendors: readonly Pick<VendorCount, 'name'>[]): string {
  const items = vendors.map(
    ({ name }) =>
      `<li><a class="brand-link" href="${escapeHtml(brandPath(name))}">${escapeHtml(name)}</a></li>`,
  );
  return `<ul class="brand-list">${items.join('')}</ul>`;
}
