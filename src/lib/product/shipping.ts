/** spec storefront 9: a free-shipping amount of -1 means there is no free shipping. */
export const NO_FREE_SHIPPING = -1;
export const NO_FREE_SHIPPING_TEXT = 'No Free Shipping Options Available';
export const FREE_SHIPPING_LINE = '+ Free Shipping';
export const CALCULATED_SHIPPING_LINE = '+ Calculated at checkout';
export const FLAT_RATE_SHIPPING = 'Flat-Rate Shipping';
/** The four reassurance icons of the product page, in order (spec storefront 9). */
export const REASSURANCES = [
  'Lowest price guarantee',
  '30 Days Return',
  'Guaranteed Deliver',
  'Free or Flat-Rate Shipping',
] as const;

/**
 * What each reassurance means, shown as its tooltip (spec storefront 9 gives the labels and
 * the delays, not the texts; ours: docs/islands.md, "Tooltips"). The return and shipping
 * terms come from the same configuration as the structured data and the free-shipping notice,
 * so the page never promises one thing in a tooltip and another in its offer.
 */
export function reassuranceTips({
  returnDays,
  restockingFeePercent,
  freeShippingAmount,
}: {
  returnDays: number;
  restockingFeePercent: number;
  freeShippingAmount: number;
}): readonly [string, string, string, string] {
  const fee =
    restockingFeePercent > 0 ? `; a ${String(restockingFeePercent)}% restocking fee applies` : '';
  const shipping = offersFreeShipping(freeShippingAmount)
    ? `Orders over $${shippingAmountText(freeShippingAmount)} ship free within the mainland US; others ship at a flat rate.`
    : 'Every order ships at a flat rate, shown at checkout.';
  return [
    'Found this part for less elsewhere? Call us and we will match the price.',
    `Return unused parts by mail within ${String(returnDays)} days of delivery${fee}.`,
    'Every order ships with tracking, and we make it right if it does not arrive.',
    shipping,
  ];
}

/** Whether the store offers free shipping at all (any amount but -1 or another negative). */
export const offersFreeShipping = (amount: number): boolean =>
  Number.isFinite(amount) && amount >= 0;

/**
 * The amount as the notice writes it after '$': whole amounts without decimals, others with 2.
 * @example shippingAmountText(199) // '199'
 * @example shippingAmountText(1499.5) // '1,499.50'
 */
export function shippingAmountText(amount: number): string {
  return (Number.isInteger(amount) ? wholeAmount : centsAmount).format(amount);
}
// Made once: a toLocaleString call builds a new formatter each time, and the header of
// every page writes this amount (measured as 1 % of the build). Pure: a browser bundle that
// imports this module for another helper drops them.
const wholeAmount = /* @__PURE__ */ new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const centsAmount = /* @__PURE__ */ new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * The product page's shipping notice (spec storefront 9): 'Orders over ${amount} Ships for
 * FREE!' (mainland US only, said beside it) for a product that qualifies, 'No Free Shipping
 * Options Available' for a store without free shipping (-1), and 'Flat-Rate Shipping' for a
 * product that does not qualify: one message, never the free offer beside the flat rate
 *.
 * @example freeShippingNotice(199) // { offered: true, text: 'Orders over $199 Ships for FREE!' }
 * @example freeShippingNotice(199, false) // { offered: false, text: 'Flat-Rate Shipping' }
 */
export function freeShippingNotice(
  amount: number,
  productEligible = true,
): { offered: boolean; text: string } {
  if (!offersFreeShipping(amount)) return { offered: false, text: NO_FREE_SHIPPING_TEXT };
  if (!productEligible) return { offered: false, text: FLAT_RATE_SHIPPING };
  return { offered: true, text: `Orders over $${shippingAmountText(amount)} Ships for FREE!` };
}

/**
 * The shipping line beside the price and the method label (spec storefront 9): an eligible
 * product gets '+ Free Shipping'; any other gets '+ Calculated at checkout' and
 * 'Flat-Rate Shipping'. A store without free shipping (-1) makes no product eligible, so
 * the page never says both 'No Free Shipping Options Available' and '+ Free Shipping'.
 */
export function shippingLine(
  isEligibleForFreeShipping: boolean,
  freeShippingAmount: number,
): { eligible: boolean; line: string; method: string | null } {
  const eligible = isEligibleForFreeShipping && offersFreeShipping(freeShippingAmount);
  return eligible
    ? { eligible, line: FREE_SHIPPING_LINE, method: null }
    : { eligible, line: CALCULATED_SHIPPING_LINE, method: FLAT_RATE_SHIPPING };
}
