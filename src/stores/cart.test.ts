import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  CART_UPDATE_ERROR,
  DEFAULT_ERROR,
  INVALID_CHECKOUT_ERROR,
} from '../lib/api/client.ts';
import type { TabSync } from '../lib/cart/tab-sync.ts';
import { fakeCartApi } from './cart-fake-api.ts';
import { ADD_TO_CART_ERROR, createCartStore, quantityInCart, type CartStore } from './cart.ts';

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
    cleanStores(store.$cart, store.$cartUpdating, store.$cartOpen);
  }
});

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
    expect(spy).toHaveBeenCalledWith('POST', '/api/checkouts/lineItems', expect.anything(), {
      idempotent: true,
    });
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
