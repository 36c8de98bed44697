import { atom, type ReadableAtom } from 'nanostores';
import { ApiError, sendJson } from '../lib/api/client.ts';
import {
  ADD_TO_ORDER_FAILED,
  ADDED_TO_ORDER,
  addToOrderPath,
} from '../lib/product/add-to-order.ts';
import { showToast } from './toast.ts';

const $pending = atom(false);

/**
 * True while an add-to-order request is in flight: the buy box's action and every card's add
 * button wait for it (spec storefront 4, the card add button's disabled rule).
 */
export const $addToOrderPending: ReadableAtom<boolean> = $pending;

/**
 * POST /api/orders/{orderId}/relatedProducts/{productId} (spec storefront 7). Resolves when
 * the server accepted; rejects with the client's ApiError otherwise. A second call while one
 * is in flight is refused, so a double click sends one request.
 */
export async function addProductToOrder(
  orderId: string,
  productId: number,
  send: typeof sendJson = sendJson,
): Promise<void> {
  if ($pending.get()) throw new Error('An add-to-order request is already in progress.');
  $pending.set(true);
  try {
    // Not retried: a failure is shown at once and the shopper may press the button again
    // (the server ignores the same product added twice).
    await send('POST', addToOrderPath(orderId, productId));
  } finally {
    $pending.set(false);
  }
}

/**
 * An add to the order with its toasts (spec storefront 8): ADDED_TO_ORDER, or the server's
 * error text, else 'Failed to add product to order'. Settles when the add has.
 */
export async function addToOrderWithToast(
  orderId: string,
  productId: number,
  send: typeof sendJson = sendJson,
): Promise<void> {
  try {
    await addProductToOrder(orderId, productId, send);
    showToast({ variant: 'success', message: ADDED_TO_ORDER });
  } catch (error) {
    const fromServer = error instanceof ApiError && error.fromServer;
    showToast({ variant: 'error', message: fromServer ? error.message : ADD_TO_ORDER_FAILED });
  }
}
