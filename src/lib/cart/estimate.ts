/** The estimate reply (spec storefront 3, "Shipping estimate response"). */
export interface ShippingEstimate {
  shipping: number;
  taxRate: number;
}

/** What the cart page shows for an estimate, in store currency amounts. */
export interface EstimateView {
  shipping: number;
  /** The rate as a percentage, e.g. 6.25. */
  taxPercent: number;
  tax: number;
  total: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * Reads an estimate reply; undefined when it is not one (a malformed reply is an error, not
 * a $NaN line on the page).
 */
export function readEstimate(reply: unknown): ShippingEstimate | undefined {
  if (typeof reply !== 'object' || reply === null) return undefined;
  const { shipping, taxRate } = reply as Record<string, unknown>;
  if (typeof shipping !== 'number' || !Number.isFinite(shipping) || shipping < 0) return undefined;
  if (typeof taxRate !== 'number' || !Number.isFinite(taxRate) || taxRate < 0) return undefined;
  return { shipping, taxRate };
}

/**
 * Shipping, tax on the discounted subtotal, and the estimated total (shipping and tax come from
 * the estimate; the checkout's totalPrice is before both, as the API says).
 * @example estimateView({ shipping: 14.99, taxRate: 0.0625 }, 100, 100) // tax 6.25, total 121.24
 */
export function estimateView(
  estimate: ShippingEstimate,
  discountedSubtotal: number,
  totalPrice: number,
): EstimateView {
  const tax = cents(discountedSubtotal * estimate.taxRate);
  return {
    shipping: estimate.shipping,
    taxPercent: cents(estimate.taxRate * 100),
    tax,
    total: cents(totalPrice + estimate.shipping + tax),
  };
}
