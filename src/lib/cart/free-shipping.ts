import { offersFreeShipping } from '../product/shipping.ts';
import { formatPrice } from '../../../shared/format/price.ts';

/**
 * The overlay's free-shipping line (spec storefront 9): 'Spend ${amount} more and get free
 * shipping!' or "You're eligible for free shipping!"; null when the store has none (-1) or
 * the amount is unknown. Measured against the discounted subtotal, as the server decides.
 * @example freeShippingProgress(199, 150) // 'Spend $49.00 more and get free shipping!'
 */
export function freeShippingProgress(
  threshold: number | null | undefined,
  discountedSubtotal: number,
  currency = 'USD',
): string | null {
  if (threshold === null || threshold === undefined || !offersFreeShipping(threshold)) return null;
  const missing = Math.round((threshold - discountedSubtotal) * 100) / 100;
  if (missing <= 0) return "You're eligible for free shipping!";
  return `Spend ${formatPrice(missing, currency)} more and get free shipping!`;
}
