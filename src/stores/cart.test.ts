import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartTestApp } from '../../server/testing/cart.ts';
import {
  ApiError,
  CART_UPDATE_ERROR,
  createApiClient,
  DEFAULT_ERROR,
  INVALID_CHECKOUT_ERROR,
  type ApiClient,
  type GetOptions,
  type SendOptions,
} from '../lib/api/client.ts';
import { RETRY_BUDGET_MS } from '../lib/api/retry.ts';
import { testClient } from '../lib/api/client.testing.ts';
import type { TabSync } from '../lib/cart/tab-sync.ts';
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
import { createCartBatch } from './cart-batch.ts';

const stores: CartStore[] = [];

/** A call the store made, as the network between it and the API saw it. */
interface SeenCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The reference API (server/) over a fresh database with the cart test catalogue, reached
 * through the real API client with the shopper's cookies: the cart's rules are the server's.
 * Between the store and the client stands what a network can do: every call is recorded, and
 * can be held back and released, fail, or say it is being retried.
 */
function referenceApi() {
  const { db, levels, shopper } = cartTestApp();
  const client = testClient(shopper.fetch);
  let inFlight = 0;
  const calls: SeenCall[] = [];
  const gates: (() => void)[] = [];
  const state = {
    hold: false,
    maxInFlight: 0,
    fail: undefined as ApiError | undefined,
    /** Each mutating call first says it is still trying, as the client does after a failure. */
    stillTrying: false,
  };
  /** The options of every call, in order (the client's time-out and still-trying hooks). */
  const options: (GetOptions | SendOptions | undefined)[] = [];

  async function pass<T>(call: SeenCall, send: () => Promise<T>): Promise<T> {
    calls.push(call);
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    try {
      if (state.hold) await new Promise<void>((resolve) => gates.push(resolve));
      if (state.fail) throw state.fail;
      return await send();
    } finally {
      inFlight--;
    }
  }

  const api: Pick<ApiClient, 'getJson' | 'sendJson'> = {
    getJson: <T>(path: string, init?: GetOptions) => {
      options.push(init);
      return pass({ method: 'GET', path, body: undefined }, () => client.getJson<T>(path, init));
    },
    sendJson: <T>(
      method: 'POST' | 'PUT' | 'DELETE',
      path: string,
      body?: unknown,
      sent?: SendOptions,
    ) => {
      options.push(sent);
      if (state.stillTrying) sent?.onStillTrying?.();
      return pass({ method, path, body }, () => client.sendJson<T>(method, path, body, sent));
    },
  };

  return {
    api,
    calls,
    options,
    state,
    /** Inventory level ids of the catalogue (server/testing/cart.ts). */
    levels,
    /** The server's own lines (what a GET would show). */
    lines: () =>
      db
        .prepare(
          'SELECT inventory_level_id AS inventoryLevelId, quantity FROM checkout_line_items ORDER BY id',
        )
        .all(),
    /** The id of the shopper's checkout on the server. */
    checkoutId: () => (db.prepare('SELECT id FROM checkouts').get() as { id: string }).id,
    /** Lets the oldest held reply through. */
    release(): void {
      gates.shift()?.();
    },
    releaseAll(): void {
      state.hold = false;
      while (gates.length > 0) gates.shift()?.();
    },
    /** Another tab's change: the same cookies, past this store's network. */
    serverSide: {
      add: (level: number, quantity: number) =>
        client.sendJson('POST', '/api/checkouts/lineItems', { inventoryLevelId: level, quantity }),
    },
  };
}

function setup(options: { browser?: boolean; sync?: TabSync } = {}) {
  const server = referenceApi();
  const log = vi.fn();
  const store = createCartStore({
    api: server.api,
    log,
    browser: options.browser ?? false,
    ...(options.sync ? { sync: options.sync } : {}),
  });
  stores.push(store);
  return { server, store, log, ...server.levels };
}

/** Lets queued promise callbacks and the app's replies run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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
    const { server, store, chain } = setup();
    await server.serverSide.add(chain, 2);
    expect(store.$cart.get().loaded).toBe(false);
    await store.loadCart();
    const cart = store.$cart.get();
    expect(cart.loaded).toBe(true);
    expect(cart.checkoutId).toBe(server.checkoutId());
    expect(cart.lines).toEqual([
      expect.objectContaining({
        inventoryLevelId: chain,
        quantity: 2,
        handle: 'markup-chain',
        price: 10,
      }),
    ]);
    expect(cart.totalQuantity).toBe(2);
  });

  it('keeps the cart and rejects when the reply is not a checkout', async () => {
    const { server, store, chain } = setup();
    await server.serverSide.add(chain, 2);
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
    const { server, store, wheel } = setup({ browser: true, sync });
    keepMount(store.$cartUpdating); // an add button alone mounts the cart too
    await allTasks();
    await settle();
    expect(store.$cart.get().loaded).toBe(true);
    expect(server.calls.map((call) => call.method)).toEqual(['GET']);

    await server.serverSide.add(wheel, 1); // another tab added something
    other?.();
    await settle();
    expect(store.$cart.get().lines.map((line) => line.inventoryLevelId)).toEqual([wheel]);
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
    const { store, server, chain } = setup();
    await store.addToCart(chain, 2);
    expect(store.$cart.get().lines).toEqual([
      expect.objectContaining({ inventoryLevelId: chain, quantity: 2 }),
    ]);
    expect(store.$cartOpen.get()).toBe(true);
    expect(server.calls[0]).toEqual({
      method: 'POST',
      path: '/api/checkouts/lineItems',
      body: { inventoryLevelId: chain, quantity: 2 },
    });
  });

  it('sends every add as an idempotent call', async () => {
    const { store, server, chain } = setup();
    const spy = vi.spyOn(server.api, 'sendJson');
    await store.addToCart(chain, 1);
    expect(spy).toHaveBeenCalledWith(
      'POST',
      '/api/checkouts/lineItems',
      expect.anything(),
      expect.objectContaining({ idempotent: true }),
    );
  });

  it('increases the quantity of an inventory level already in the cart', async () => {
    const { store, chain } = setup();
    await store.addToCart(chain, 1);
    await store.addToCart(chain, 3);
    expect(store.$cart.get().lines).toHaveLength(1);
    expect(quantityInCart(store.$cart.get(), chain)).toBe(4);
  });

  it("rejects with the server's text and leaves the overlay shut", async () => {
    const { store, wheel } = setup();
    await expect(store.addToCart(wheel, 4)).rejects.toThrow(
      "Can't add more than 3 of Poly Load Wheel: only 3 in stock.",
    );
    expect(store.$cartOpen.get()).toBe(false);
  });

  it("rejects with 'Failed to add item to cart' when the server gave no text", async () => {
    const { store, server, chain } = setup();
    server.state.fail = new ApiError(DEFAULT_ERROR, 503);
    await expect(store.addToCart(chain, 1)).rejects.toThrow(ADD_TO_CART_ERROR);
    server.state.fail = undefined;
  });

  it("treats a reply without a checkout as a failure: Couldn't update cart.", async () => {
    const { store, server, chain } = setup();
    server.api.sendJson = () => Promise.resolve(undefined);
    const failure = await store.addToCart(chain, 1).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(ADD_TO_CART_ERROR);
    expect(((failure as Error).cause as Error).message).toBe(CART_UPDATE_ERROR);
  });

  it('pressed twice quickly makes one line with both units', async () => {
    const { store, server, chain } = setup();
    await Promise.all([store.addToCart(chain, 1), store.addToCart(chain, 1)]);
    expect(server.lines()).toEqual([
      expect.objectContaining({ inventoryLevelId: chain, quantity: 2 }),
    ]);
    expect(store.$cart.get().lines).toEqual([
      expect.objectContaining({ inventoryLevelId: chain, quantity: 2 }),
    ]);
    expect(server.state.maxInFlight).toBe(1);
  });
});

describe('setCartQuantity', () => {
  it('sets the quantity of a line', async () => {
    const { store, chain } = setup();
    await store.addToCart(chain, 1);
    await store.setCartQuantity(chain, 4);
    expect(quantityInCart(store.$cart.get(), chain)).toBe(4);
  });

  it('is ignored for 0 or less, or a fraction', async () => {
    const { store, server, chain } = setup();
    await store.addToCart(chain, 1);
    const before = server.calls.length;
    await store.setCartQuantity(chain, 0);
    await store.setCartQuantity(chain, -2);
    await store.setCartQuantity(chain, 1.5);
    expect(server.calls.length).toBe(before);
    expect(quantityInCart(store.$cart.get(), chain)).toBe(1);
  });

  it('is ignored for an item not in the cart', async () => {
    const { store, server, sealKit } = setup();
    await store.loadCart();
    await store.setCartQuantity(sealKit, 3);
    expect(server.calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('counts an add queued just before it', async () => {
    const { store, server, chain } = setup();
    await Promise.all([store.addToCart(chain, 1), store.setCartQuantity(chain, 3)]);
    expect(server.lines()).toEqual([expect.objectContaining({ quantity: 3 })]);
  });

  it('ten quick presses of + end with the last number on server and screen', async () => {
    const { store, server, chain } = setup();
    await store.addToCart(chain, 1);
    server.state.hold = true;
    const presses = Array.from({ length: 10 }, (_, index) =>
      store.setCartQuantity(chain, index + 2),
    );
    await settle();
    server.releaseAll();
    await Promise.all(presses);
    expect(server.lines()).toEqual([expect.objectContaining({ quantity: 11 })]);
    expect(quantityInCart(store.$cart.get(), chain)).toBe(11);
    // The first went at once; the nine queued behind it were merged into one call.
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
    expect(server.state.maxInFlight).toBe(1);
  });

  it('logs a refused change, rejects, and reloads to show what the server holds', async () => {
    const { store, server, log, wheel } = setup();
    await store.addToCart(wheel, 1);
    await expect(store.setCartQuantity(wheel, 4)).rejects.toThrow(
      "Can't add more than 3 of Poly Load Wheel: only 3 in stock. You already have 1 in your cart.",
    );
    await settle();
    expect(log).toHaveBeenCalledWith('Cart quantity update failed', expect.any(ApiError));
    expect(server.calls.at(-1)?.method).toBe('GET');
    expect(store.$cartUpdating.get()).toBe(false);
  });
});

describe('removeCartLine', () => {
  it('removes by line item id', async () => {
    const { store, server, chain, battery } = setup();
    await store.addToCart(chain, 1);
    await store.addToCart(battery, 1);
    const line = store.$cart.get().lines[0];
    await store.removeCartLine(line?.lineItemId ?? 0);
    expect(store.$cart.get().lines.map((item) => item.inventoryLevelId)).toEqual([battery]);
    expect(server.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/api/checkouts/lineItems/${line?.lineItemId}`,
    });
  });

  it('asks nothing for a line that is not there (a second press)', async () => {
    const { store, server, chain } = setup();
    await store.addToCart(chain, 1);
    const id = store.$cart.get().lines[0]?.lineItemId ?? 0;
    await Promise.all([store.removeCartLine(id), store.removeCartLine(id)]);
    expect(server.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(store.$cart.get().lines).toEqual([]);
  });

  it('a late reply of an older call never brings a removed line back', async () => {
    const { store, server, chain } = setup();
    await store.addToCart(chain, 1);
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
    const { store, server, wheel } = setup();
    keepMount(store.$cartUpdating);
    expect(store.$cartUpdating.get()).toBe(false);
    server.state.hold = true;
    const add = store.addToCart(wheel, 3); // all there is
    expect(store.$cartUpdating.get()).toBe(true);
    const second = store.addToCart(wheel, 1).catch((error: unknown) => error);
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
    const { store, chain } = setup({ sync });
    await store.loadCart();
    expect(sync.notify).not.toHaveBeenCalled();
    await store.addToCart(chain, 1);
    expect(sync.notify).toHaveBeenCalledTimes(1);
  });
});

describe('discount codes', () => {
  it('applies and removes a code on the checkout named by webUrl', async () => {
    const { store, server, chain } = setup();
    await store.addToCart(chain, 2);
    await store.applyDiscountCode(' SAVE10 ');
    expect(server.calls.at(-1)?.path).toBe(
      `/api/checkouts/${server.checkoutId()}/discountCodes?code=SAVE10`,
    );
    expect(store.$cart.get().discountCode).toBe('SAVE10');
    expect(store.$cart.get().discountedSubtotalPrice).toBe(18);
    await store.removeDiscountCode('SAVE10');
    expect(server.calls.at(-1)?.method).toBe('DELETE');
    expect(store.$cart.get().discountCode).toBeNull();
  });

  it("rejects with the server's refusal", async () => {
    const { store, chain } = setup();
    await store.addToCart(chain, 2);
    await expect(store.applyDiscountCode('NOPE')).rejects.toThrow(
      'The discount code "NOPE" is not valid.',
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
    const { store, server, chain } = setup();
    await server.serverSide.add(chain, 2);
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
    const { store, server, chain } = setup();
    server.state.fail = unreachable();
    await expect(store.addToCart(chain, 1)).rejects.toThrow(ADD_UNREACHABLE_ERROR);
    expect(ADD_UNREACHABLE_ERROR).toBe(
      'We could not add this item: the store cannot be reached. Please try again.',
    );
    server.state.fail = new ApiError('The store is closed for stocktaking.', 503, true, true);
    await expect(store.addToCart(chain, 1)).rejects.toThrow('The store is closed for stocktaking.');
    expect(store.$cartOpen.get()).toBe(false);
  });

  it('$cartStillTrying is true while a change is retried, false once it settled', async () => {
    const { store, server, chain } = setup();
    keepMount(store.$cartStillTrying);
    server.state.hold = true;
    const add = store.addToCart(chain, 1);
    await settle();
    expect(store.$cartStillTrying.get()).toBe(false); // the first attempt is in flight
    server.state.stillTrying = true;
    const set = store.setCartQuantity(chain, 3);
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
    const { store, server, chain } = setup();
    server.state.stillTrying = true;
    server.state.hold = true;
    const add = store.addToCartWithToast(chain, 1);
    await settle();
    expect(toasts()).toEqual([{ variant: 'info', message: STILL_TRYING }]);
    expect(STILL_TRYING).toBe('Still trying to reach the store…');
    server.releaseAll();
    await add;
    // The notice goes when the add settles; the outcome takes its place.
    expect(toasts()).toEqual([{ variant: 'success', message: ADDED_TO_CART }]);
  });

  it('an add queued behind a change that is being retried says so at once', async () => {
    const { store, server, chain, battery } = setup();
    await store.addToCart(chain, 1);
    server.state.stillTrying = true;
    server.state.hold = true;
    const set = store.setCartQuantity(chain, 4);
    await settle();
    const add = store.addToCartWithToast(battery, 1);
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

/** The quick order's batch add (cart-batch.ts) on this store and network. */
const batchOf = (store: CartStore, api: Pick<ApiClient, 'sendJson'>) =>
  createCartBatch({
    api,
    $cart: store.$cart,
    loadCart: store.loadCart,
  });

describe('addLinesToCart (issue 32, item 5)', () => {
  it('sends a long list in chunks of 100, one idempotent call each, with a result per line', async () => {
    const { store, server, fork, sealKit } = setup();
    const spy = vi.spyOn(server.api, 'sendJson');
    const lines = Array.from({ length: 230 }, (_, index) => ({
      inventoryLevelId: index === 150 ? sealKit : fork,
      quantity: 1,
    }));
    const results = await batchOf(store, server.api)(lines);
    expect(results).toHaveLength(230);
    expect(results.filter((r) => r.added)).toHaveLength(229);
    expect(results[150]).toEqual({
      inventoryLevelId: sealKit,
      quantity: 1,
      added: false,
      error: 'Seal Kit is out of stock.',
    });
    expect(
      spy.mock.calls.map(([method, path, body]) => [
        method,
        path,
        (body as { lineItems: unknown[] }).lineItems.length,
      ]),
    ).toEqual([
      ['POST', '/api/checkouts/lineItems/batch', 100],
      ['POST', '/api/checkouts/lineItems/batch', 100],
      ['POST', '/api/checkouts/lineItems/batch', 30],
    ]);
    for (const call of spy.mock.calls) expect(call[3]).toMatchObject({ idempotent: true });
    expect(server.lines()).toEqual([{ inventoryLevelId: fork, quantity: 229 }]);
    expect(quantityInCart(store.$cart.get(), fork)).toBe(229);
  });

  it('reads the cart after a chunk whose reply was lost, so no line is lost or added twice', async () => {
    const { store, server, fork, chain } = setup();
    const send = server.api.sendJson.bind(server.api);
    const spy = vi.spyOn(server.api, 'sendJson');
    // The first chunk reaches the store but its reply is lost, past every retry; the second
    // never reaches it.
    spy.mockImplementationOnce(async (...args: Parameters<typeof send>) => {
      await send(...args);
      throw unreachable();
    });
    spy.mockImplementationOnce(() => Promise.reject(unreachable()));
    const first = Array.from({ length: 100 }, () => ({ inventoryLevelId: fork, quantity: 1 }));
    const second = [{ inventoryLevelId: chain, quantity: 2 }];
    const results = await batchOf(store, server.api)([...first, ...second]);
    expect(results.slice(0, 100).every((r) => r.added)).toBe(true);
    expect(results[100]).toEqual({
      inventoryLevelId: chain,
      quantity: 2,
      added: false,
      error: ADD_UNREACHABLE_ERROR,
    });
    expect(server.lines()).toEqual([{ inventoryLevelId: fork, quantity: 100 }]);
    expect(quantityInCart(store.$cart.get(), fork)).toBe(100);
  });
});
