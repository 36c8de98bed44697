/**
 * The cart on the wire (spec storefront 3, "Checkout" and "Checkout line item"; 7, the
 * checkout calls): what the API's cart calls take and answer, and the limits they hold
 * every client to. The API builds its replies as these types (server/cart/view.ts) and the
 * storefront reads them (src/lib/cart/checkout.ts, src/lib/api/cart.ts).
 */

/** Most of one item a single cart line may hold; more is a typo, not an order. */
export const MAX_LINE_QUANTITY = 9999;
/** Most lines one POST /api/checkouts/lineItems may carry. */
export const MAX_LINES_PER_CALL = 100;
/** Most handles one POST /api/checkouts/products may carry. */
export const MAX_HANDLES_PER_CALL = 50;

/** An inventory level and a quantity, as the cart calls send them (spec storefront 7). */
export interface WantedLine {
  inventoryLevelId: number;
  quantity: number;
}

/**
 * What POST /api/checkouts/lineItems/batch did with one line (issue 32, item 5): added, or
 * refused with the cart's reason in the shopper's words.
 */
export interface LineResult {
  inventoryLevelId: number;
  quantity: number;
  added: boolean;
  error?: string;
}

/** A checkout line item as the API sends it (spec storefront 3, "Checkout line item"). */
export interface LineItemView {
  id: number;
  inventoryLevelId: number;
  variantId: number;
  productId: number;
  productHandle: string;
  title: string;
  variantTitle: string;
  sku: string;
  imageUrl: string | null;
  currentQuantity: number;
  /** Price of one unit (the line's total is totalUnitPrice x currentQuantity). */
  totalUnitPrice: number;
  availableForSale: boolean;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
}

/** The checkout reply (spec storefront 3, "Checkout"; 7, `checkout`). */
export interface CheckoutView {
  /** null for a visitor who has no checkout yet. */
  id: string | null;
  /** origin + /api/external-checkout/{id}; its last path segment is the id. null without one. */
  webUrl: string | null;
  LineItems: LineItemView[];
  totalQuantity: number;
  /** Before the discount. */
  subtotalPrice: number;
  /** After the discount (the storefront shows subtotal minus this as Discount). */
  discountedSubtotalPrice: number;
  discountCode: string | null;
  /** What the shopper pays before shipping and tax (those come from estimateShipping). */
  totalPrice: number;
  currencyCode: string;
}

/** What every cart call answers: the whole checkout (spec storefront 4, reloaded wholesale). */
export interface CheckoutReply {
  checkout: CheckoutView;
}
