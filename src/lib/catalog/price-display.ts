import { formatPrice } from '../../../shared/format/price.ts';
import { CALL_FOR_PRICE, soldOnline } from '../../../shared/call-for-price.ts';

export { CALL_FOR_PRICE } from '../../../shared/call-for-price.ts';

export interface PriceDisplay {
  /** The price text, or the call-for-price text. */
  price: string;
  /** The struck-through compare-at price, when it shows. */
  compareAt: string | null;
  /** "compare price minus price", 2 decimals, in the store currency. */
  saving: string | null;
}

interface Priced {
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
}

/**
 * The compare-at price shows only when the item is available for sale and the compare-at
 * price is a number greater than the price (spec storefront 5).
 */
export function showsCompareAt(item: Priced): boolean {
  return (
    item.availableForSale &&
    typeof item.compareAtPrice === 'number' &&
    Number.isFinite(item.compareAtPrice) &&
    item.compareAtPrice > item.price
  );
}

/**
 * What a price block shows: the call-for-price text for price 0 (spec storefront 5).
 * @example priceDisplay({ price: 10, compareAtPrice: 12.5, availableForSale: true }, 'USD')
 *   // { price: '$10.00', compareAt: '$12.50', saving: '$2.50' }
 */
export function priceDisplay(item: Priced, currency: string): PriceDisplay {
  if (!soldOnline(item.price)) return { price: CALL_FOR_PRICE, compareAt: null, saving: null };
  const price = formatPrice(item.price, currency);
  if (!showsCompareAt(item)) return { price, compareAt: null, saving: null };
  const compareAt = item.compareAtPrice ?? 0;
  // Cents first, so 12.5 - 10.1 is 2.40 and not 2.3999999.
  const savingCents = Math.round(compareAt * 100) - Math.round(item.price * 100);
  return {
    price,
    compareAt: formatPrice(compareAt, currency),
    saving: formatPrice(savingCents / 100, currency),
  };
}
