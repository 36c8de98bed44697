import type { ReadableAtom } from 'nanostores';
import type { LineResult, WantedLine } from '../../shared/contracts/cart.ts';
import { BATCH_LINES } from '../../shared/parts/order-limits.ts';
import { ApiError, CART_UPDATE_ERROR, sendJson, type ApiClient } from '../lib/api/client.ts';
import { cartFromCheckout, type CartState } from '../lib/cart/checkout.ts';
import { $cart, addFailureText, loadCart } from './cart.ts';

/**
 * Many lines to the cart at once (issue 32, item 5: the quick-order pad), in a module of its
 * own so the pages that add one item at a time load none of it (their JavaScript budgets).
 * Before each chunk the cart store's queue is let run (a load), so the chunk follows the
 * changes asked before it; after it the store loads the cart the chunk made.
 */

const BATCH_PATH = '/api/checkouts/lineItems/batch';

export interface CartBatchDeps {
  api: Pick<ApiClient, 'sendJson'>;
  $cart: ReadableAtom<CartState>;
  loadCart: () => Promise<void>;
}

/**
 * The pad's add: lines in chunks of BATCH_LINES (the cart call's most), each chunk one call with its own
 * idempotency key kept across its retries (so a lost reply never adds twice), a result per
 * line. A chunk that fails after its retries may still have been applied: the cart read again
 * then says which of its lines arrived, so none is reported lost or added twice.
 */
export function createCartBatch(deps: CartBatchDeps) {
  return async function addLinesToCart(lines: readonly WantedLine[]): Promise<LineResult[]> {
    const results: LineResult[] = [];
    for (let start = 0; start < lines.length; start += BATCH_LINES) {
      const chunk = lines.slice(start, start + BATCH_LINES);
      await deps.loadCart().catch(() => undefined);
      const before = quantities(deps.$cart.get());
      try {
        const reply = await deps.api.sendJson<unknown>(
          'POST',
          BATCH_PATH,
          { lineItems: chunk },
          { idempotent: true },
        );
        const checkout =
          typeof reply === 'object' && reply !== null && 'checkout' in reply
            ? reply.checkout
            : undefined;
        if (cartFromCheckout(checkout) === undefined) throw new ApiError(CART_UPDATE_ERROR);
        results.push(...resultsOf(reply, chunk));
      } catch (error) {
        // The chunk may still have been applied (its reply lost): the cart says what arrived.
        await deps.loadCart().catch(() => undefined);
        results.push(
          ...arrivedOf(chunk, before, quantities(deps.$cart.get()), addFailureText(error)),
        );
        continue;
      }
      await deps.loadCart().catch(() => undefined);
    }
    return results;
  };
}

/** The pad's add, on the page's cart store. */
export const addLinesToCart = createCartBatch({ api: { sendJson }, $cart, loadCart });

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
    const record =
      typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : {};
    const added = record['added'] === true;
    const error = typeof record['error'] === 'string' ? record['error'] : CART_UPDATE_ERROR;
    return { ...line, added, ...(added ? {} : { error }) };
  });
}

/** Units of each inventory level in a cart. */
function quantities(cart: CartState): Map<number, number> {
  const held = new Map<number, number>();
  for (const line of cart.lines) {
    held.set(line.inventoryLevelId, (held.get(line.inventoryLevelId) ?? 0) + line.quantity);
  }
  return held;
}

/**
 * The results of a chunk whose reply never came, read from the cart before and after it: a
 * line whose units all arrived was added (the chunk was applied before its reply was lost),
 * else it was not, with `message`. A cart that could not be read again adds nothing here: its
 * lines are reported not added, the safe answer for a second try with a new key.
 */
export function arrivedOf(
  chunk: readonly WantedLine[],
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
  message: string,
): LineResult[] {
  const grown = new Map<number, number>();
  for (const [level, quantity] of after) grown.set(level, quantity - (before.get(level) ?? 0));
  return chunk.map((line) => {
    const left = grown.get(line.inventoryLevelId) ?? 0;
    if (left >= line.quantity) {
      grown.set(line.inventoryLevelId, left - line.quantity);
      return { ...line, added: true };
    }
    return { ...line, added: false, error: message };
  });
}

/**
 * TEST-ONLY hook, as the cart store's (src/stores/cart.ts): end-to-end tests set
 * `window.__exposeCartStore = true` before the page loads to drive the batch add without the
 * pad (tests/e2e/cart-faults.spec.ts). Production pages never set it.
 */
if (
  typeof window !== 'undefined' &&
  (window as { __exposeCartStore?: unknown }).__exposeCartStore === true
) {
  Object.assign(window, { __cartBatch: { addLinesToCart } });
}
