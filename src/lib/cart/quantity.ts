/** spec storefront 9: the cart quantity input commits after this long without typing. */
export const QUANTITY_DEBOUNCE_MS = 800;

/** spec storefront 5: keeps digits only. */
export const digitsOnly = (value: string): string => value.replace(/\D+/g, '');

/** What a line allows: unlimited with bypassNegativeQuantity or unknown stock. */
export interface QuantityLimits {
  availableQuantity: number | null;
  availableForSale: boolean;
  bypassNegativeQuantity: boolean;
}

/** The largest quantity a line may hold (Infinity when unlimited). */
export function maxQuantity(line: QuantityLimits): number {
  if (line.bypassNegativeQuantity || line.availableQuantity === null) return Infinity;
  return Math.max(0, line.availableQuantity);
}

/**
 * Checks a typed quantity (spec storefront 5): commits only when above 0, no more than
 * available, and the item is for sale. Returns the message to show, or the number to commit.
 * @example checkQuantity('12', { availableQuantity: 5, ... }) // { error: "Can't add more than 5" }
 */
export function checkQuantity(
  typed: string,
  line: QuantityLimits,
): { quantity: number; error?: undefined } | { error: string; quantity?: undefined } {
  const digits = digitsOnly(typed);
  if (digits === '') return { error: 'Invalid quantity' };
  const quantity = Number(digits);
  if (!Number.isSafeInteger(quantity)) return { error: 'Invalid quantity' };
  if (quantity <= 0) return { error: 'Quantity must be greater than 0' };
  if (!line.availableForSale) return { error: 'Item is not available for sale' };
  const max = maxQuantity(line);
  if (quantity > max) return { error: `Can't add more than ${max}` };
  return { quantity };
}

/** spec storefront 5: minus is disabled when the quantity would reach 0 or less, or updating. */
export const minusDisabled = (quantity: number, updating: boolean): boolean =>
  updating || quantity - 1 <= 0;

/** spec storefront 5: plus is disabled when no stock remains (or the item is not for sale). */
export const plusDisabled = (quantity: number, line: QuantityLimits): boolean =>
  !line.availableForSale || quantity + 1 > maxQuantity(line);
