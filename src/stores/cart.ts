import { atom, computed, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';
import { cartCalls, type CartCalls } from '../lib/api/cart.ts';
import {
  ApiError,
  DEFAULT_ERROR,
  INVALID_CHECKOUT_ERROR,
  getJson,
  sendJson,
  type ApiClient,
} from '../lib/api/client.ts';
import { EMPTY_CART, type CartState } from '../lib/cart/checkout.ts';
import { browserTabSync, type TabSync } from '../lib/cart/tab-sync.ts';
import { cartQueue, type CartJob } from './cart-queue.ts';
import { dismissToast, showToast } from './toast.ts';

export { EMPTY_CART, quantityInCart, type CartLine, type CartState } from '../lib/cart/checkout.ts';

/** spec storefront 8: the add failure shown when the server gave no text of its own. */
export const ADD_TO_CART_ERROR = 'Failed to add item to cart';
/** spec storefront 8: the toast of a successful add, from a card or the buy box. */
export const ADDED_TO_CART = 'Product added to cart';
// The spec has no text for an API that cannot be reached; these are ours.
/** An add that gave up because the store could not be reached within the retry budget. */
export const ADD_UNREACHABLE_ERROR =
  'We could not add this item: the store cannot be reached. Please try again.';
/** While a change is being retried: its toast, and the buy box's button label. */
export const STILL_TRYING = 'Still trying to reach the store…';
/** The same, on a product card's narrow add button. */
export const CARD_STILL_TRYING = 'Still trying…';
/** /cart.php when the cart could not be loaded because the store could not be reached. */
export const CART_UNREACHABLE = 'We cannot reach the store right now. Your cart is safe.';
/**
 * How long the cart's read waits for a reply: /cart.php says it cannot reach the store within
 * 10 s of asking, rather than 'Loading your cart…' for ever.
 */
export const CART_LOAD_TIMEOUT_MS = 8000;

/** What the store needs from outside; tests pass a fake client and tab sync. */
export interface CartDeps {
  api: Pick<ApiClient, 'getJson' | 'sendJson'>;
  sync?: TabSync | undefined;
  /** spec storefront 8: "Cart set and delete failures are only logged". */
  log?: (message: string, error: unknown) => void;
  /** Whether this runs in a browser (loads itself and listens to other tabs). */
  browser?: boolean;
}

/** The store and its actions, bound to one client. */
export interface CartStore {
  $cart: ReadableAtom<CartState>;
  $cartUpdating: ReadableAtom<boolean>;
  $cartOpen: WritableAtom<boolean>;
  $cartStillTrying: ReadableAtom<boolean>;
  $cartLoadError: ReadableAtom<string | null>;
  loadCart: () => Promise<void>;
  addToCart: (inventoryLevelId: number, quantity: number) => Promise<void>;
  addToCartWithToast: (inventoryLevelId: number, quantity: number) => Promise<void>;
  setCartQuantity: (inventoryLevelId: number, quantity: number) => Promise<void>;
  removeCartLine: (lineItemId: number) => Promise<void>;
  applyDiscountCode: (code: string) => Promise<void>;
  removeDiscountCode: (code: string) => Promise<void>;
}

/**
 * Builds the cart store: its state, the queue every call goes through (cart-queue.ts) and the
 * cart calls (src/lib/api/cart.ts). Each reply replaces the whole cart (spec storefront 4:
 * "items reload wholesale from a checkout").
 */
export function createCartStore(deps: CartDeps): CartStore {
  const log = deps.log ?? ((message, error) => console.error(message, error));
  const $state = atom<CartState>(EMPTY_CART);
  const $busy = atom(0);
  const $cartOpen = atom(false);
  const $stillTrying = atom(false);
  const $loadError = atom<string | null>(null);
  // Subscribing to the flag alone (an add button) also mounts the cart, so it loads itself.
  const $cartUpdating = computed([$busy, $state], (busy) => busy > 0);
  const calls = cartCalls(deps.api, { onStillTrying: () => $stillTrying.set(true) });

  /**
   * GET /api/checkouts. A failure is kept for /cart.php to say, with its Retry button, until a
   * load succeeds (kept while a retry runs, so the message and its button stay in place).
   */
  const load = async () => {
    try {
      $state.set(await calls.load({ timeoutMs: CART_LOAD_TIMEOUT_MS }));
      $loadError.set(null);
    } catch (error) {
      $loadError.set(loadFailureText(error));
      throw error;
    }
  };

  const { enqueue } = cartQueue({
    run: (job) => runJob(job, $state, calls, load),
    onQueued: () => $busy.set($busy.get() + 1),
    onSettled: () => {
      $stillTrying.set(false);
      $busy.set($busy.get() - 1);
    },
    onChanged: () => deps.sync?.notify(),
  });

  const $cart = computed($state, (state) => state);

  async function addToCart(inventoryLevelId: number, quantity: number): Promise<void> {
    try {
      await enqueue({ kind: 'add', inventoryLevelId, quantity });
    } catch (error) {
      throw new Error(addFailureText(error), { cause: error });
    }
    $cartOpen.set(true); // spec storefront 4: "After a successful add the cart overlay opens"
  }

  onMount($state, () => {
    if (!deps.browser) return;
    // The store loads itself for its first subscriber and follows other tabs.
    return followPage(() => {
      enqueue({ kind: 'load' }).catch((error: unknown) => {
        // A store that cannot be reached (offline, a timeout, the page left mid-call) is no
        // fault of the page: /cart.php says so from $cartLoadError. Other failures are logged.
        if (error instanceof ApiError && error.unreachable) return;
        log('Cart reload failed', error);
      });
    }, deps.sync);
  });

  return {
    $cart,
    $cartUpdating,
    $cartOpen,
    $cartStillTrying: $stillTrying,
    $cartLoadError: $loadError,
    loadCart: () => enqueue({ kind: 'load' }),
    addToCart,

    async addToCartWithToast(inventoryLevelId, quantity) {
      // while this add (or a change queued before it) is being retried,
      // the shopper hears that the store is still being tried, once, until it settles.
      let notice: number | undefined;
      const stopWatching = $stillTrying.subscribe((trying) => {
        if (trying && notice === undefined) {
          notice = showToast({ variant: 'info', message: STILL_TRYING });
        }
      });
      let outcome: { variant: 'success' | 'danger'; message: string };
      try {
        await addToCart(inventoryLevelId, quantity);
        outcome = { variant: 'success', message: ADDED_TO_CART };
      } catch (error) {
        const message = error instanceof Error && error.message ? error.message : ADD_TO_CART_ERROR;
        outcome = { variant: 'danger', message };
      }
      stopWatching();
      if (notice !== undefined) dismissToast(notice);
      showToast(outcome);
    },

    async setCartQuantity(inventoryLevelId, quantity) {
      if (!Number.isInteger(quantity) || quantity <= 0) return; // spec storefront 4
      try {
        await enqueue({ kind: 'set', inventoryLevelId, quantity });
      } catch (error) {
        log('Cart quantity update failed', error);
        throw error;
      }
    },

    async removeCartLine(lineItemId) {
      try {
        await enqueue({ kind: 'remove', lineItemId });
      } catch (error) {
        log('Cart line removal failed', error);
        throw error;
      }
    },

    applyDiscountCode: (code) => enqueue({ kind: 'discount', method: 'POST', code: code.trim() }),
    removeDiscountCode: (code) => enqueue({ kind: 'discount', method: 'DELETE', code }),
  };
}

/** Runs one job against the newest state; returns whether it asked the server to change. */
async function runJob(
  job: CartJob,
  $state: WritableAtom<CartState>,
  calls: CartCalls,
  load: () => Promise<void>,
): Promise<boolean> {
  const state = $state.get();
  switch (job.kind) {
    case 'load':
      await load();
      return false;
    case 'add':
      $state.set(await calls.add(lineOf(job)));
      return true;
    case 'set': {
      // spec storefront 4: ignored when 0 or less or the item is unknown, judged when its
      // turn comes so an add queued just before it counts.
      const line = state.lines.find((item) => item.inventoryLevelId === job.inventoryLevelId);
      if (line === undefined || line.quantity === job.quantity) return false;
      $state.set(await calls.set(lineOf(job)));
      return true;
    }
    case 'remove':
      // A second press on a line already gone asks nothing (the server would say 404).
      if (!state.lines.some((line) => line.lineItemId === job.lineItemId)) return false;
      $state.set(await calls.remove(job.lineItemId));
      return true;
    case 'discount':
      // spec storefront 5: the discount call needs the checkout id, else 'Invalid checkout.'
      if (state.checkoutId === null) throw new ApiError(INVALID_CHECKOUT_ERROR);
      $state.set(await calls.discount(job.method, state.checkoutId, job.code));
      return true;
  }
}

/**
 * Loads now, and again when another tab changes the cart, the page shows again, or comes
 * back from the back/forward cache; returns what stops it.
 */
function followPage(reload: () => void, sync: TabSync | undefined): (() => void) | undefined {
  reload();
  const stopSync = sync?.listen(reload);
  if (typeof document === 'undefined') return stopSync;
  const onVisible = () => {
    if (document.visibilityState === 'visible') reload();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) reload(); // back/forward cache: the page may be hours old
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('pageshow', onPageShow);
  return () => {
    stopSync?.();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('pageshow', onPageShow);
  };
}

/** The line a job asks for, as the cart calls send it (nothing else in the body). */
const lineOf = ({
  inventoryLevelId,
  quantity,
}: {
  inventoryLevelId: number;
  quantity: number;
}) => ({
  inventoryLevelId,
  quantity,
});

/** spec storefront 8: the server's refusal, else ours for an unreachable store, else the spec's. */
export function addFailureText(error: unknown): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  if (error instanceof ApiError && error.unreachable) return ADD_UNREACHABLE_ERROR;
  return ADD_TO_CART_ERROR;
}

/** What /cart.php says when its cart could not be loaded. */
function loadFailureText(error: unknown): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  if (error instanceof ApiError && error.unreachable) return CART_UNREACHABLE;
  return DEFAULT_ERROR;
}

const store = createCartStore({
  api: { getJson, sendJson },
  sync: typeof window === 'undefined' ? undefined : browserTabSync(),
  browser: typeof window !== 'undefined',
});

/** The cart, the same in every island of the page and every tab (spec storefront 4). */
export const $cart: ReadableAtom<CartState> = store.$cart;
/** True while any cart call is in flight; disables add buttons (spec storefront 4). */
export const $cartUpdating: ReadableAtom<boolean> = store.$cartUpdating;
/** The cart overlay's open state. */
export const $cartOpen: WritableAtom<boolean> = store.$cartOpen;
/** True while the change in flight is being retried (say so). */
export const $cartStillTrying: ReadableAtom<boolean> = store.$cartStillTrying;
/**
 * Why the last load of the cart failed, in words for the shopper (CART_UNREACHABLE when the
 * store could not be reached); null before the first failure and after a load succeeded.
 */
export const $cartLoadError: ReadableAtom<string | null> = store.$cartLoadError;
/** GET /api/checkouts, replacing the cart wholesale. */
export const loadCart = store.loadCart;
/**
 * POST /api/checkouts/lineItems; opens the overlay on success; rejects with an Error whose
 * message is the server's error, else 'Failed to add item to cart'.
 */
export const addToCart = store.addToCart;

/**
 * An add from a card or the buy box with its toasts (spec storefront 8): 'Product added to
 * cart', or the server's own refusal, ADD_UNREACHABLE_ERROR when the store could not be
 * reached, else ADD_TO_CART_ERROR; and STILL_TRYING while it is retried. Settles when the
 * add has.
 */
export const addToCartWithToast = store.addToCartWithToast;
/** PUT /api/checkouts/lineItems; ignored when quantity <= 0 or the item is not in the cart. */
export const setCartQuantity = store.setCartQuantity;
/** DELETE /api/checkouts/lineItems/{lineItemId}. */
export const removeCartLine = store.removeCartLine;
/** POST /api/checkouts/{id}/discountCodes?code=; the server's refusal rejects with its text. */
export const applyDiscountCode = store.applyDiscountCode;
/** DELETE /api/checkouts/{id}/discountCodes?code=. */
export const removeDiscountCode = store.removeDiscountCode;

/**
 * TEST-ONLY hook: end-to-end tests set `window.__exposeCartStore = true` before the page loads
 * to drive the store without the buy box (tests/e2e/cart-faults.spec.ts). Production pages
 * never set it, so nothing is exposed there.
 */
if (
  typeof window !== 'undefined' &&
  (window as { __exposeCartStore?: unknown }).__exposeCartStore === true
) {
  Object.assign(window, { __cartStore: store });
}
