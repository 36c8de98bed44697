/** The store currency (spec storefront 5: amounts are shown "in store currency"). */
export const CURRENCY_CODE = 'USD';

/**
 * Integer cents to a decimal amount with at most 2 decimals, the way the API sends money.
 *
 * @example toAmount(1999) // 19.99
 */
export function toAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * Integer cents as text for a shopper, e.g. "$1,234.50" (negative amounts keep the sign).
 *
 * @example formatCents(123450) // "$1,234.50"
 */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY_CODE }).format(
    toAmount(cents),
  );
}
