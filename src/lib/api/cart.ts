import type { WantedLine } from '../../../shared/contracts/cart.ts';
import { cartFromCheckout, type CartState } from '../cart/checkout.ts';
import { ApiError, CART_UPDATE_ERROR, DEFAULT_ERROR, type ApiClient } from './client.ts';

const CHECKOUTS = '/api/checkouts';
const LINE_ITEMS = `${CHECKOUTS}/lineItems`;

/**
 * The cart's calls (spec storefront 7; the wire shapes in shared/contracts/cart.ts), each
 * resolving with the cart its reply holds, or rejecting with an ApiError: the server's
 * refusal in its words, CART_UPDATE_ERROR (DEFAULT_ERROR for a read) when a reply holds no
 * checkout, so a malformed reply never replaces a good cart.
 */
export interface CartCalls {
  /** GET /api/checkouts. */
  load(options: { timeoutMs: number }): Promise<CartState>;
  /** POST /api/checkouts/lineItems. */
  add(line: WantedLine): Promise<CartState>;
  /** PUT /api/checkouts/lineItems. */
  set(line: WantedLine): Promise<CartState>;
  /** DELETE /api/checkouts/lineItems/{lineItemId}. */
  remove(lineItemId: number): Promise<CartState>;
  /** POST or DELETE /api/checkouts/{checkoutId}/discountCodes?code=. */
  discount(method: 'POST' | 'DELETE', checkoutId: string, code: string): Promise<CartState>;
}

/**
 * The cart calls over one client. Changes are idempotent (one key, kept across retries) and
 * call `onStillTrying` while they are retried.
 */
export function cartCalls(
  api: Pick<ApiClient, 'getJson' | 'sendJson'>,
  { onStillTrying }: { onStillTrying: () => void },
): CartCalls {
  const cartOf = (reply: unknown, error: string): CartState => {
    const checkout =
      typeof reply === 'object' && reply !== null && 'checkout' in reply
        ? reply.checkout
        : undefined;
    const cart = cartFromCheckout(checkout);
    if (cart === undefined) throw new ApiError(error);
    return cart;
  };
  const change = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    cartOf(
      await api.sendJson<unknown>(method, path, body, { idempotent: true, onStillTrying }),
      CART_UPDATE_ERROR,
    );
  return {
    load: async ({ timeoutMs }) =>
      cartOf(await api.getJson<unknown>(CHECKOUTS, { timeoutMs }), DEFAULT_ERROR),
    add: (line) => change('POST', LINE_ITEMS, line),
    set: (line) => change('PUT', LINE_ITEMS, line),
    remove: (lineItemId) => change('DELETE', `${LINE_ITEMS}/${String(lineItemId)}`),
    discount: (method, checkoutId, code) =>
      change(
        method,
        `${CHECKOUTS}/${encodeURIComponent(checkoutId)}/discountCodes?code=${encodeURIComponent(code)}`,
      ),
  };
}
