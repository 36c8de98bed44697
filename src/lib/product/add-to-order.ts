/** spec storefront 8: the add-to-order toasts. */
export const ADDED_TO_ORDER =
  "You've added this product to your order. Expect hearing from us soon.";
export const ADD_TO_ORDER_FAILED = 'Failed to add product to order';

/**
 * The order id a page was opened for: `?orderId=` on the product page URL (our choice; the
 * spec says only "when an order id is supplied", storefront 6). Order ids are displayable ids
 * such as PJ000042 or numbers: letters, digits, '-' and '_', at most 64 characters; anything
 * else is ignored, so no add-to-order action shows.
 * @example orderIdFromSearch('?orderId=PJ000042') // 'PJ000042'
 */
export function orderIdFromSearch(search: string): string | null {
  const raw = new URLSearchParams(search).get('orderId')?.trim() ?? '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : null;
}

/** POST /api/orders/{orderId}/relatedProducts/{productId} (spec storefront 7). */
export const addToOrderPath = (orderId: string, productId: number): string =>
  `/api/orders/${encodeURIComponent(orderId)}/relatedProducts/${productId}`;
