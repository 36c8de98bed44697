/**
 * Shipping on the wire (spec storefront 3, "Shipping estimate response"; 7, the shipping
 * calls): what the cart page and the mini-cart read. Types only: the storefront checks the
 * replies itself (src/lib/cart/estimate.ts), with no schema library in the browser.
 */

/** GET /api/shippingPolicies/freeShippingAmount. */
export interface FreeShippingAmountReply {
  /** The subtotal from which shipping is free. */
  freeShippingAmount: number;
}

/** A state of GET /api/states?countryCode=US, as the estimate form picks it: by id. */
export interface EstimateState {
  id: number;
  title: string;
}

/** GET /api/states?countryCode=US. */
export interface EstimateStatesReply {
  states: EstimateState[];
}

/** GET /api/checkouts/{checkoutId}/estimateShipping?stateId= (spec storefront 3). */
export interface ShippingEstimateReply {
  shipping: number;
  /** A fraction: 0.0625 for 6.25%. */
  taxRate: number;
}
