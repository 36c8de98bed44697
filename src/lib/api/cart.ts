import type { LineResult, WantedLine } from '../../../shared/contracts/cart.ts';
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
  /** POST /api/checkouts/lineItems/batch: each line added or refused, with its result. */
  addEach(lines: readonly WantedLine[]): Promise<{ cart: CartState; results: LineResult[] }>;
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
    addEach: async (lines) => {
      const reply = await api.sendJson<unknown>(
        'POST',
        `${LINE_ITEMS}/batch`,
        { lineItems: lines },
        { idempotent: true, onStillTrying },
      );
      return { cart: cartOf(reply, CART_UPDATE_ERROR), results: resultsOf(reply, lines) };
    },
    set: (line) => change('PUT', LINE_ITEMS, line),
    remove: (lineItemId) => change('DELETE', `${LINE_ITEMS}/${String(lineItemId)}`),
    discount: (method, checkoutId, code) =>
      change(
        method,
        `${CHECKOUTS}/${encodeURIComponent(checkoutId)}/discountCodes?code=${encodeURIComponent(code)}`,
      ),
  };
}

/**
 * The per-line results of a batch reply, one per line sent; a reply without them (or with
 * others) is refused as a failed update, so no line is ever shown as added unless it was.
 */
function resultsOf(reply: unknown, lines: readonly WantedLine[]): LineResult[] {
  const results =
    typeof reply === 'object' && reply !== null && 'results' in reply ? reply.results : undefined;
  if (!Array.isArray(results) || results.length !== lines.length) {
    throw new ApiError(CART_UPDATE_ERROR);
  }
  return lines.map((line, index) => {
    const result: unknown = results[index];
    const added =
      typeof result === 'object' && result !== null && 'added' in result && result.added === true;
    const error =
      typeof result === 'object' &&
      result !== null &&
      'error' in result &&
      typeof result.error === 'string'
        ? result.error
        : undefined;
    return { ...line, added, ...(added ? {} : { error: error ?? CART_UPDATE_ERROR }) };
  });
}
