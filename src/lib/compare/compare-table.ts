import { CALL_FOR_PRICE, soldOnline } from '../../../shared/call-for-price.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import { htmlToText } from '../../../shared/format/html-text.ts';
import type { ApiCard } from '../search/filter-reply.ts';
import { MAX_COMPARE, MIN_COMPARE } from '../search/compare-selection.ts';
import { productPath } from '../routing/paths.ts';

/** account-and-shell 2.7 and 8. */
export const COMPARE_TITLE = 'Product Comparison';
export const NOT_APPLICABLE = 'N/A';
export const NOT_RATED = 'NOT RATED';
export const TOO_FEW_TO_KEEP = 'You must compare at least 2 products.';

/** The comparison page's query: ids, source and path (account-and-shell 2.1 route table). */
export interface CompareQuery {
  ids: number[];
  source: string;
  /** A same-origin path to go back to, or null when the parameter is absent or unsafe. */
  path: string | null;
}

/**
 * A path that stays on this origin: it starts with one slash (not `//` or `/\`, which
 * browsers read as another host), carries no scheme and resolves to `origin`.
 * @example safeReturnPath('/collections/wheels?page=2', 'https://shop.example') // '/collections/wheels?page=2'
 * @example safeReturnPath('//evil.example/x', 'https://shop.example') // null
 */
export function safeReturnPath(raw: string | null | undefined, origin: string): string | null {
  const path = (raw ?? '').trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  // Control characters and backslashes are stripped or turned into slashes by URL parsers.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\\]/.test(path)) return null;
  try {
    const url = new URL(path, origin);
    if (url.origin !== new URL(origin).origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Reads /compareProduct?ids=&source=&path= (ids deduplicated, at most 4 kept). */
export function parseCompareQuery(search: string, origin: string): CompareQuery {
  const query = new URLSearchParams(search);
  const ids = (query.get('ids') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id >= 1);
  return {
    ids: [...new Set(ids)].slice(0, MAX_COMPARE),
    source: (query.get('source') ?? '').trim().slice(0, 100),
    path: safeReturnPath(query.get('path'), origin),
  };
}

/**
 * The columns left after Remove, or the refusal: removal is refused when 2 or fewer
 * products remain (account-and-shell 5 and 8).
 */
export function removeFromComparison(
  ids: readonly number[],
  id: number,
): { ids: number[] } | { error: string } {
  if (ids.length <= MIN_COMPARE) return { error: TOO_FEW_TO_KEEP };
  return { ids: ids.filter((one) => one !== id) };
}

/** One product's column of the comparison table. */
export interface CompareColumn {
  id: number;
  title: string;
  href: string;
  image: string | null;
  price: string;
  brand: string;
  availability: 'Available' | 'Not Available';
  rating: string;
  summary: string;
  partNumber: string;
  condition: string;
  instock: 'Yes' | 'No';
}

const orNA = (value: string | null | undefined): string => {
  const text = htmlToText(value ?? '');
  return text ? text : NOT_APPLICABLE;
};

/**
 * The price as the comparison shows it: symbol, 2 decimals and the currency code
 * (account-and-shell 2.7). A price of 0 is the call-for-price text, as on results pages.
 * @example comparePrice(12.5, 'USD') // '$12.50 USD'
 */
export function comparePrice(price: number | null | undefined, currency: string): string {
  if (typeof price !== 'number' || !Number.isFinite(price)) return NOT_APPLICABLE;
  if (!soldOnline(price)) return CALL_FOR_PRICE;
  return `${formatPrice(price, currency)} ${currency}`;
}

/**
 * A rating out of 5 with one decimal, or 'NOT RATED' when the product has none.
 * @example compareRating(4.25, 3) // '4.3 / 5 (3 reviews)'
 */
export function compareRating(
  avgRating: number | null | undefined,
  reviews: number | null | undefined,
): string {
  if (typeof avgRating !== 'number' || !(avgRating > 0) || !reviews) return NOT_RATED;
  return `${avgRating.toFixed(1)} / 5 (${reviews} ${reviews === 1 ? 'review' : 'reviews'})`;
}

/** Maps API cards to comparison columns, in the order of `ids` (unknown ids are skipped). */
export function compareColumns(
  cards: readonly ApiCard[],
  ids: readonly number[],
  settings: { currency: string; productBase: string },
): CompareColumn[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => {
    const card = byId.get(id);
    if (!card) return [];
    return [
      {
        id,
        title: orNA(card.title),
        href: productPath(settings.productBase, card.handle),
        image: card.imageUrl || null,
        price: comparePrice(card.price, settings.currency),
        brand: orNA(card.vendor),
        availability: card.availableForSale ? 'Available' : 'Not Available',
        rating: compareRating(card.avgRating, card.totalReviews),
        summary: orNA(card.seoDescription ?? card.description),
        partNumber: orNA(card.partNumber ?? card.sku),
        condition: orNA(card.condition),
        instock: (card.availableQuantity ?? 0) > 0 ? 'Yes' : 'No',
      },
    ];
  });
}
