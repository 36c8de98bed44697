import type { Database } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import { toAmount } from './money.ts';
import { checkoutTotals } from './view.ts';

/**
 * Free-shipping threshold when the settings table has no (or no usable) 'freeShippingAmount'
 * row: $199, the store's usual "Orders over $199 Ships for FREE!".
 */
export const DEFAULT_FREE_SHIPPING_AMOUNT = 199;

/**
 * The free-shipping threshold in dollars from settings.freeShippingAmount (a JSON number).
 * -1 means the store offers no free shipping (spec storefront 9). Anything else that is not
 * a finite number of at least 0 falls back to the default rather than breaking the cart.
 */
export function freeShippingAmount(db: Database): number {
  const row = db.prepare("SELECT value FROM settings WHERE key = 'freeShippingAmount'").get() as
    { value: string } | undefined;
  if (row === undefined) return DEFAULT_FREE_SHIPPING_AMOUNT;
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    return DEFAULT_FREE_SHIPPING_AMOUNT;
  }
  if (value === -1) return -1;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? value
    : DEFAULT_FREE_SHIPPING_AMOUNT;
}

/** The estimate reply (spec storefront 3, "Shipping estimate response"). */
export interface ShippingEstimate {
  shipping: number;
  taxRate: number;
}

/**
 * Shipping and tax rate of a checkout to a state. Shipping is free when the store offers free
 * shipping, the state is mainland, every line's product is eligible for free shipping and
 * the subtotal after discount reaches the threshold (spec storefront 9, mainland US only);
 * otherwise it is the state's flat rate.
 */
export function estimateShipping(
  db: Database,
  checkoutId: string,
  stateId: number,
): ShippingEstimate {
  const state = db
    .prepare('SELECT tax_rate, shipping_cents, mainland FROM states WHERE id = ?')
    .get(stateId) as { tax_rate: number; shipping_cents: number; mainland: number } | undefined;
  if (state === undefined) throw new HttpError(404, 'That state was not found.');
  const totals = checkoutTotals(db, checkoutId);
  const threshold = freeShippingAmount(db);
  const free =
    threshold >= 0 &&
    state.mainland === 1 &&
    totals.lines.length > 0 &&
    totals.lines.every((line) => line.freeShipping) &&
    totals.discountedSubtotalCents >= Math.round(threshold * 100);
  return { shipping: free ? 0 : toAmount(state.shipping_cents), taxRate: state.tax_rate };
}
