import { MAX_LINE_QUANTITY } from '../../../shared/contracts/cart.ts';

/**
 * The quantity rule of a cart line, one for the buy box (adding to a line) and the cart
 * page (setting a line): spec storefront 5 and 9, and the API's cap of MAX_LINE_QUANTITY a
 * line (shared/contracts/cart.ts), which the spec's "Can't add more than {available}" words.
 */

/** spec storefront 9: the quantity input commits after this long without typing. */
export const QUANTITY_COMMIT_MS = 800;

/** spec storefront 5: the quantity messages. */
export const cantAddMoreThan = (available: number): string => `Can't add more than ${available}`;
export const NOT_FOR_SALE = 'Item is not available for sale';
export const INVALID_QUANTITY = 'Invalid quantity';
export const QUANTITY_ABOVE_ZERO = 'Quantity must be greater than 0';

/** What a quantity may be. */
export interface QuantityLimits {
  /** How many the stock still allows (Infinity when unlimited: bypassNegativeQuantity). */
  remaining: number;
  /**
   * How many the line holds besides the quantity typed, which the cap counts too: the cart's
   * quantity of the level for an add, 0 for a cart line's own quantity (it replaces it).
   */
  inCart?: number;
  availableForSale: boolean;
}

/** The checked quantity: the whole number to use, or the message to show. */
export type QuantityCheck = { ok: true; quantity: number } | { ok: false; message: string };

/**
 * The most the quantity may be: what the stock allows, within the API's cap a line.
 * @example mostAllowed({ remaining: Infinity, inCart: 9000, availableForSale: true }) // 999
 */
export const mostAllowed = ({ remaining, inCart = 0 }: QuantityLimits): number =>
  Math.max(0, Math.min(remaining, MAX_LINE_QUANTITY - inCart));

/**
 * A cart line's limits: its stock (unlimited with bypassNegativeQuantity or unknown stock);
 * its quantity replaces the line's, so nothing else counts against the cap.
 */
export const lineLimits = (line: {
  availableQuantity: number | null;
  availableForSale: boolean;
  bypassNegativeQuantity: boolean;
}): QuantityLimits => ({
  remaining:
    line.bypassNegativeQuantity || line.availableQuantity === null
      ? Infinity
      : Math.max(0, line.availableQuantity),
  availableForSale: line.availableForSale,
});

/** spec storefront 5: the input keeps digits only. */
export const digitsOnly = (text: string): string => text.replace(/\D+/g, '');

/**
 * The quantity typed, checked (spec storefront 5): for sale, whole, above 0, no more than
 * allowed (the stock and the API's cap a line).
 * @example checkQuantity('3', { remaining: 2, availableForSale: true })
 *   // { ok: false, message: "Can't add more than 2" }
 * @example checkQuantity('10000', { remaining: Infinity, availableForSale: true })
 *   // { ok: false, message: "Can't add more than 9999" }
 */
export function checkQuantity(text: string, limits: QuantityLimits): QuantityCheck {
  if (!limits.availableForSale) return { ok: false, message: NOT_FOR_SALE };
  const digits = text.trim();
  // More digits than the cap has is a typo (and past 15 not even a whole number).
  if (!/^\d{1,9}$/.test(digits)) return { ok: false, message: INVALID_QUANTITY };
  const quantity = Number(digits);
  if (quantity <= 0) return { ok: false, message: QUANTITY_ABOVE_ZERO };
  const most = mostAllowed(limits);
  if (quantity > most) return { ok: false, message: cantAddMoreThan(most) };
  return { ok: true, quantity };
}

/** spec storefront 5: minus is disabled when the quantity would reach 0, or while updating. */
export const minusDisabled = (quantity: number, updating: boolean): boolean =>
  updating || quantity - 1 <= 0;

/** spec storefront 5: plus is disabled when there is no room for one more, or no sale. */
export const plusDisabled = (quantity: number, limits: QuantityLimits): boolean =>
  !limits.availableForSale || quantity + 1 > mostAllowed(limits);

/** spec storefront 5: Add to Cart is disabled when updating, not for sale, or nothing remains. */
export const addDisabled = (updating: boolean, limits: QuantityLimits): boolean =>
  updating || !limits.availableForSale || mostAllowed(limits) <= 0;
