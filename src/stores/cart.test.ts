import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  CART_UPDATE_ERROR,
  createApiClient,
  DEFAULT_ERROR,
  INVALID_CHECKOUT_ERROR,
} from '../lib/api/client.ts';
import { RETRY_BUDGET_MS } from '../lib/api/retry.ts';
import type { TabSync } from '../lib/cart/tab-sync.ts';
import { fakeCartApi } from './cart-fake-api.ts';
import {
  ADD_TO_CART_ERROR,
  ADD_UNREACHABLE_ERROR,
  ADDED_TO_CART,
  CART_LOAD_TIMEOUT_MS,
  CART_UNREACHABLE,
  createCartStore,
  quantityInCart,
  STILL_TRYING,
  type CartStore,
} from './cart.ts';
import { $toasts } from './toast.ts';

const stores: CartStore[] = [];

function setup(
  options: { stock?: Record<number, number>; browser?: boolean; sync?: TabSync } = {},
) {
  const server = fakeCartApi(options.stock);
  const log = vi.fn();
  const store = createCartStore({
    api: server.api,
    log,
    browser: options.browser ?? false,
    ...(options.sync ? { sync: options.sync } : {}),
  });
  stores.push(store);
  return { server, store, log };
}

/** Lets queued promise callbacks run (the fake replies on a microtask). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

afterEach(() => {
  for (const store of stores.splice(0)) {
    cleanStores(store.$cart, store.$cartUpdating, store.$cartOpen, store.$cartStillTrying);
  }
  cleanStores($toasts);
  $toasts.set([]);
  vi.useRealTimers();
});

/** The toasts on screen, as variant and text. */
const toasts = () => $toasts.get().map(({ variant, message }) => ({ variant, message }));

/** A client error for a store that could not be reached (no reply, or the proxy's 502). */
const unreachable = () => new ApiError(DEFAULT_ERROR, 502, false, true);

describe('loadCart', () => {
  it('replaces the cart wholesale from the checkout', async () => {
    const { server, store } = setup();
    await server.serverSide.add(7, 2);
    expect(store.$cart.get().loaded).toBe(false);
    await store.loadCart();
    const cart = store.$cart.get();
    expect(cart.loaded).toBe(true);
    expect(cart.checkoutId).toBe('chk-1');
    expect(cart.lines).toEqual([
      expect.objectContaining({ inventoryLevelId: 7, quantity: 2, handle: 'part-7', price: 10 }),
    ]);
    expect(cart.totalQuantity).toBe(2);
  });

  it('keeps the cart and rejects when the reply is not a checkout', async () => {
    const { server, store } = setup();
    await server.serverSide.add(7, 2);
    await store.loadCart();
    const before = store.$cart.get();
    server.api.getJson = () => Promise.resolve({ checkout: { LineItems: 'nope' } }) as never;
    await expect(store.loadCart()).rejects.toThrow(DEFAULT_ERROR);
    expect(store.$cart.get()).toBe(before);
  });

  it('loads itself for its first subscriber in a browser, and follows other tabs', async () => {
    let other: (() => void) | undefined;
    const sync: TabSync = {
      notify: vi.fn(),
      listen: (onChange) => {
        other = onChange;
        return () => {
          other = undefined;
        };
      },
    };
    const { server, store } = setup({ browser: true, sync });
    keepMount(store.$cartUpdating); // an add button alone mounts the cart too
    await allTasks();
    await settle();
    expect(store.$cart.get().loaded).toBe(true);
    expect(server.calls.map((call) => call.method)).toEqual(['GET']);

    await server.serverSide.add(3, 1); // another tab added something
    other?.();
    await settle();
    expect(store.$cart.get().lines.map((line) => line.inventoryLevelId)).toEqual([3]);
    expect(sync.notify).not.toHaveBeenCalled(); // a reload is not a change to announce
  });

  it('keeps a background load that cannot reach the store out of the log', async () => {
    const { server, store, log } = setup({ browser: true });
    server.state.fail = unreachable();
    keepMount(store.$cart);
    await allTasks();
    await settle();
    expect(store.$cartLoadError.get()).toBe(CART_UNREACHABLE);
    expect(log).not.toHaveBeenCalled();
  });

  it('logs a background load the server refused', async () => {
    const { server, store, log } = setup({ browser: true });
    const refused = new ApiError('Checkout is locked.', 409, true);
    server.state.fail = refused;
    keepMount(store.$cart);
    await allTasks();
    await settle();
    expect(store.$cartLoadError.get()).toBe('Checkout is locked.');
    expect(log).toHaveBeenCalledWith('Cart reload failed', refused);
  });

  it('does not load itself outside a browser (the build)', async () => {
    const { server, store } = setup({ browser: false });
    keepMount(store.$cart);
    await settle();
    expect(server.calls).toEqual([]);
  });
});

describe('addToCart', () => {
  it('adds a line and opens the overlay', async () => {
    const { store, server } = setup();
    await store.addToCart(5, 2);
    expect(store.$cart.get().lines).toEqual([
      expect.objectContaining({ inventoryLevelId: 5, quantity: 2 }),
    ]);
    expect(store.$cartOpen.get()).toBe(true);
    expect(server.calls[0]).toEqual({
      method: 'POST',
      path: '/api/checkouts/lineItems',
      body: { inventoryLevelId: 5, quantity: 2 },
    });
  });

  it('sends every add as an idempotent call', async () => {
    const { store, server } = setup();
    const spy = vi.spyOn(server.api, 'sendJson');
    await store.addToCart(5, 1);
    expect(spy).toHaveBeenCalledWith(
      'POST',
      '/api/checkouts/lineItems',
      expect.anything(),
      expect.objectContaining({ idempotent: true }),
    );
  });

  it('increases the quantity of an inventory level already in the cart', async () => {
    const { store } = setup();
    await store.addToCart(5, 1);
    await store.addToCart(5, 3);
    expect(store.$cart.get().lines).toHaveLength(1);
    expect(quantityInCart(store.$cart.get(), 5)).toBe(4);
  });

  it("rejects with the server's text and leaves the overlay shut", async () => {
    const { store } = setup({ stock: { 5: 1 } });
    await expect(store.addToCart(5, 2)).rejects.toThrow('Only 1 in stock.');
    expect(store.$cartOpen.get()).toBe(false);
  });

  it("rejects with 'Failed to add item to cart' when the server gave no text", async () => {
    const { store, server } = setup();
    server.state.fail = new ApiError(DEFAULT_ERROR, 503);
    await expect(store.addToCart(5, 1)).rejects.toThrow(ADD_TO_CART_ERROR);
    server.state.fail = undefined;
  });

  it("treats a reply without a checkout as a failure: Couldn't update cart.", async () => {
    const { store, server } = setup();
    server.api.sendJson = () => Promise.resolve(undefined);
    const failure = await store.addToCart(5, 1).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(ADD_TO_CART_ERROR);
    expect(((failure as Error).cause as Error).message).toBe(CART_UPDATE_ERROR);
  });

  it('pressed twice quickly makes one line with both units', async () => {
    const { store, server } = setup();
    await Promise.all([store.addToCart(5, 1), store.addToCart(5, 1)]);
    expect(server.lines()).toEqual([expect.objectContaining({ inventoryLevelId: 5, quantity: 2 })]);
    expect(store.$cart.get().lines).toEqual([
      expect.objectContaining({ inventoryLevelId: 5, quantity: 2 }),
    ]);
    expect(server.state.maxInFlight).toBe(1);
  });
});

describe('setCartQuantity', () => {
  it('sets the quantity of a line', async () => {
    const { store } = setup();
    await store.addToCart(5, 1);
    await store.setCartQuantity(5, 4);
    expect(quantityInCart(store.$cart.get(), 5)).toBe(4);
  });

  it('is ignored for 0 or less, or a fraction', async () => {
    const { store, server } = setup();
    await store.addToCart(5, 1);
    const before = server.calls.length;
    await store.setCartQuantity(5, 0);
    await store.setCartQuantity(5, -2);
    await store.setCartQuantity(5, 1.5);
    expect(server.calls.length).toBe(before);
    expect(quantityInCart(store.$cart.get(), 5)).toBe(1);
  });

  it('is ignored for an item not in the cart', async () => {
    const { store, server } = setup();
    await store.loadCart();
    await store.setCartQuantity(9, 3);
    expect(server.calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('counts an add queued just before it', async () => {
    const { store, server } = setup();
    await Promise.all([store.addToCart(5, 1), store.setCartQuantity(5, 3)]);
    expect(server.lines()).toEqual([expect.objectContaining({ quantity: 3 })]);
  });

  it('ten quick presses of + end with the last number on server and screen', async () => {
    const { store, server } = setup();
    await store.addToCart(5, 1);
    server.state.hold = true;
    const presses = Array.from({ length: 10 }, (_, index) => store.setCartQuantity(5, index + 2));
    await settle();
    server.releaseAll();
    await Promise.all(presses);
    expect(server.lines()).toEqual([expect.objectContaining({ quantity: 11 })]);
    expect(quantityInCart(store.$cart.get(), 5)).toBe(11);
    // The first went at once; the nine queued behind it were merged into one call.
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
    expect(server.state.maxInFlight).toBe(1);
  });

  it('logs a refused change, rejects, and reloads to show what the server holds', async () => {
    const { store, server, log } = setup();
    await store.addToCart(5, 1);
    server.state.fail = new ApiError('Only 1 in stock.', 422, true);
    await expect(store.setCartQuantity(5, 3)).rejects.toThrow('Only 1 in stock.');
    server.state.fail = undefined;
    await settle();
    expect(log).toHaveBeenCalledWith('Cart quantity update failed', expect.any(ApiError));
    expect(server.calls.at(-1)?.method).toBe('GET');
    expect(store.$cartUpdating.get()).toBe(false);
  });
});

describe('removeCartLine', () => {
  it('removes by line item id', async () => {
    const { store, server } = setup();
    await store.addToCart(5, 1);
    await store.addToCart(6, 1);
    const line = store.$cart.get().lines[0];
    await store.removeCartLine(line?.lineItemId ?? 0);
    expect(store.$cart.get().lines.map((item) => item.inventoryLevelId)).toEqual([6]);
    expect(server.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/api/checkouts/lineItems/${line?.lineItemId}`,
    });
  });

  it('asks nothing for a line that is not there (a second press)', async () => {
    const { store, server } = setup();
    await store.addToCart(5, 1);
    const id = store.$cart.get().lines[0]?.lineItemId ?? 0;
    await Promise.all([store.removeCartLine(id), store.removeCartLine(id)]);
    expect(server.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(store.$cart.get().lines).toEqual([]);
  });

  it('a late reply of an older call never brings a removed line back', async () => {
    const { store, server } = setup();
    await store.addToCart(5, 1);
    const id = store.$cart.get().lines[0]?.lineItemId ?? 0;
    server.state.hold = true;
    const load = store.loadCart(); // in flight: its reply still holds the line
    const removal = store.removeCartLine(id);
    const reload = store.loadCart();
    await settle();
    expect(server.calls.filter((call) => call.method !== 'POST')).toHaveLength(1); // one at a time
    server.releaseAll();
    await Promise.all([load, removal, reload]);
    expect(store.$cart.get().lines).toEqual([]);
    expect(server.state.maxInFlight).toBe(1);
  });
});

describe('$cartUpdating', () => {
  it('is true while any call is in flight, then false, even after a failure', async () => {
    const { store, server } = setup({ stock: { 5: 1 } });
    keepMount(store.$cartUpdating);
    expect(store.$cartUpdating.get()).toBe(false);
    server.state.hold = true;
    const add = store.addToCart(5, 1);
    expect(store.$cartUpdating.get()).toBe(true);
    const second = store.addToCart(5, 1).catch((error: unknown) => error);
    server.release();
    await add;
    expect(store.$cartUpdating.get()).toBe(true); // the second add is still queued
    server.releaseAll();
    expect(await second).toBeInstanceOf(Error);
    await settle();
    expect(store.$cartUpdating.get()).toBe(false);
  });
});

describe('tab sync', () => {
  it('tells other tabs after every change, not after a read', async () => {
    const sync: TabSync = { notify: vi.fn(), listen: () => () => {} };
    const { store } = setup({ sync });
    await store.loadCart();
    expect(sync.notify).not.toHaveBeenCalled();
    await store.addToCart(5, 1);
    expect(sync.notify).toHaveBeenCalledTimes(1);
  });
});

describe('discount codes', () => {
  it('applies and removes a code on the checkout named by webUrl', async () => {
    const { store, server } = setup();
    await store.addToCart(5, 2);
    await store.applyDiscountCode(' SAVE10 ');
    expect(server.calls.at(-1)?.path).toBe('/api/checkouts/chk-1/discountCodes?code=SAVE10');
    expect(store.$cart.get().discountCode).toBe('SAVE10');
    expect(store.$cart.get().discountedSubtotalPrice).toBe(18);
    await store.removeDiscountCode('SAVE10');
    expect(server.calls.at(-1)?.method).toBe('DELETE');
    expect(store.$cart.get().discountCode).toBeNull();
  });

  it("rejects with the server's refusal", async () => {
    const { store } = setup();
    await store.addToCart(5, 2);
    await expect(store.applyDiscountCode('NOPE')).rejects.toThrow(
      'That discount code is not valid.',
    );
  });

  it("says 'Invalid checkout.' without a checkout id, asking nothing", async () => {
    const { store, server } = setup();
    await store.loadCart();
    server.api.getJson = () =>
      Promise.resolve({ checkout: { LineItems: [], webUrl: null } }) as never;
    await store.loadCart();
    await expect(store.applyDiscountCode('SAVE10')).rejects.toThrow(INVALID_CHECKOUT_ERROR);
    expect(server.calls.some((call) => call.path.includes('discountCodes'))).toBe(false);
  });
});

describe('when the store cannot be reached', () => {
  it('reads the cart with an 8 s time-out, so /cart.php can say so within 10 s', async () => {
    const { store, server } = setup();
    await store.loadCart();
    expect(CART_LOAD_TIMEOUT_MS).toBe(8000);
    expect(server.options[0]).toEqual({ timeoutMs: CART_LOAD_TIMEOUT_MS });
  });

  it('keeps why the first load failed until a retry succeeds', async () => {
    const { store, server } = setup();
    await server.serverSide.add(7, 2);
    server.state.fail = unreachable();
    await expect(store.loadCart()).rejects.toThrow(DEFAULT_ERROR);
    expect(store.$cart.get().loaded).toBe(false);
    expect(store.$cartLoadError.get()).toBe(CART_UNREACHABLE);
    expect(CART_UNREACHABLE).toBe('We cannot reach the store right now. Your cart is safe.');

    server.state.fail = undefined;
    server.state.hold = true;
    const retry = store.loadCart();
    await settle();
    expect(store.$cartLoadError.get()).toBe(CART_UNREACHABLE); // the message stays meanwhile
    server.releaseAll();
    await retry;
    expect(store.$cartLoadError.get()).toBeNull();
    expect(store.$cart.get().lines).toEqual([expect.objectContaining({ quantity: 2 })]);
  });

  it("says the server's own text, else the default, when the store answered", async () => {
    const { store, server } = setup();
    server.state.fail = new ApiError('Down for maintenance until noon.', 503, true, true);
    await store.loadCart().catch(() => {});
    expect(store.$cartLoadError.get()).toBe('Down for maintenance until noon.');
    server.state.fail = new ApiError(DEFAULT_ERROR, 500);
    await store.loadCart().catch(() => {});
    expect(store.$cartLoadError.get()).toBe(DEFAULT_ERROR);
    server.api.getJson = () => Promise.resolve({ checkout: 'nope' }) as never;
    await store.loadCart().catch(() => {});
    expect(store.$cartLoadError.get()).toBe(DEFAULT_ERROR);
  });

  it('an add that gave up says the store cannot be reached; a refusal still wins', async () => {
    const { store, server } = setup();
    server.state.fail = unreachable();
    await expect(store.addToCart(5, 1)).rejects.toThrow(ADD_UNREACHABLE_ERROR);
    expect(ADD_UNREACHABLE_ERROR).toBe(
      'We could not add this item: the store cannot be reached. Please try again.',
    );
    server.state.fail = new ApiError('The store is closed for stocktaking.', 503, true, true);
    await expect(store.addToCart(5, 1)).rejects.toThrow('The store is closed for stocktaking.');
    expect(store.$cartOpen.get()).toBe(false);
  });

  it('$cartStillTrying is true while a change is retried, false once it settled', async () => {
    const { store, server } = setup();
    keepMount(store.$cartStillTrying);
    server.state.hold = true;
    const add = store.addToCart(5, 1);
    await settle();
    expect(store.$cartStillTrying.get()).toBe(false); // the first attempt is in flight
    server.state.stillTrying = true;
    const set = store.setCartQuantity(5, 3);
    server.release();
    await add;
    await settle();
    expect(store.$cartStillTrying.get()).toBe(true); // the quantity change is being retried
    server.releaseAll();
    await set;
    await settle();
    expect(store.$cartStillTrying.get()).toBe(false);
  });

  it('Add to Cart toasts that it is still trying, once, then the outcome', async () => {
    const { store, server } = setup();
    server.state.stillTrying = true;
    server.state.hold = true;
    const add = store.addToCartWithToast(5, 1);
    await settle();
    expect(toasts()).toEqual([{ variant: 'info', message: STILL_TRYING }]);
    expect(STILL_TRYING).toBe('Still trying to reach the store…');
    server.releaseAll();
    await add;
    // The notice goes when the add settles; the outcome takes its place.
    expect(toasts()).toEqual([{ variant: 'success', message: ADDED_TO_CART }]);
  });

  it('an add queued behind a change that is being retried says so at once', async () => {
    const { store, server } = setup();
    await store.addToCart(5, 1);
    server.state.stillTrying = true;
    server.state.hold = true;
    const set = store.setCartQuantity(5, 4);
    await settle();
    const add = store.addToCartWithToast(6, 1);
    await settle();
    expect(toasts()).toEqual([{ variant: 'info', message: STILL_TRYING }]);
    server.releaseAll();
    await Promise.all([set, add]);
    expect(toasts()).toEqual([{ variant: 'success', message: ADDED_TO_CART }]);
  });

  it('Add to Cart gives up within 60 s through the real client, and says why', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T20:00:00Z') });
    const keys = new Set<string | null>();
    const client = createApiClient({
      // The proxy answers 502 for every call: the API behind it is down.
      fetch: (_input, init) => {
        if (init.method === 'POST') keys.add(new Headers(init.headers).get('Idempotency-Key'));
        return Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }));
      },
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: () => Date.now(),
      newKey: () => crypto.randomUUID(),
      retryStepMs: () => 2000,
      attemptTimeoutMs: 30_000,
      retryBudgetMs: RETRY_BUDGET_MS,
      stillTryingAfterMs: 8000,
    });
    const store = createCartStore({ api: client, log: () => {} });
    stores.push(store);
    const started = Date.now();
    let settledAt: number | undefined;
    void store.addToCartWithToast(5, 1).then(() => (settledAt = Date.now()));
    await vi.advanceTimersByTimeAsync(100);
    expect(toasts()).toEqual([{ variant: 'info', message: STILL_TRYING }]);
    await vi.advanceTimersByTimeAsync(RETRY_BUDGET_MS);
    expect(settledAt).toBeDefined();
    expect((settledAt ?? Infinity) - started).toBeLessThanOrEqual(RETRY_BUDGET_MS);
    expect(toasts()).toEqual([{ variant: 'danger', message: ADD_UNREACHABLE_ERROR }]);
    expect(keys).toEqual(new Set([expect.any(String)])); // one key on every retry
    expect(store.$cartStillTrying.get()).toBe(false);
  });
});
