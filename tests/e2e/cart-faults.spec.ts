import type { Page, Route } from '@playwright/test';
import {
  lineRow,
  openCartPage,
  serverCart,
  stockedLevel,
  stockedLevels,
  type Level,
} from './cart-levels.ts';
import { expect, expectConsoleError, failedRequest, test } from './fixtures.ts';
import { CART_PRODUCTS } from './seed-records.ts';

// This spec's own products (no other spec file stocks them): four for the fault run at 5,000
// units, one at 500, one at 1.
const [FAULT_1, FAULT_2, FAULT_3, FAULT_4, ADDED_TWICE, ONE_IN_STOCK] = CART_PRODUCTS.cartFaults;

interface CartStoreHandle {
  addToCart: (level: number, quantity: number) => Promise<void>;
  setCartQuantity: (level: number, quantity: number) => Promise<void>;
  removeCartLine: (lineItemId: number) => Promise<void>;
  $cart: { get: () => { lines: { lineItemId: number; inventoryLevelId: number }[] } };
}
declare global {
  interface Window {
    __cartStore?: CartStoreHandle;
    /** The quick order's batch add (src/stores/cart-batch.ts), on the pad's page. */
    __cartBatch?: {
      addLinesToCart: (
        lines: { inventoryLevelId: number; quantity: number }[],
      ) => Promise<{ inventoryLevelId: number; added: boolean; error?: string }[]>;
    };
    __apiRetryStepMs?: number;
    __exposeCartStore?: boolean;
  }
}

/** A small seeded generator, so a failing run can be repeated. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Test-only settings read by the page before it loads (see src/lib/api/client.ts). */
async function fastRetries(page: Page) {
  await page.addInitScript(() => {
    window.__apiRetryStepMs = 5;
    window.__exposeCartStore = true;
  });
}

const FAULTS = ['500', '503', 'timeout', 'dropped', 'lost-500', 'lost-reply'] as const;
type Fault = (typeof FAULTS)[number];

/**
 * Makes 30 % of the page's cart changes fail in one of FAULTS' ways (drawn from `next`), and
 * counts, per idempotency key, the replies the server produced that were not replays.
 */
async function injectFaults(page: Page, next: () => number) {
  const applied = new Map<string, number>();
  const faults = new Map<Fault, number>();
  await fastRetries(page);
  // Each injected fault is a failed request in the console; nothing else may be.
  for (const status of [500, 502, 503]) {
    expectConsoleError(page, failedRequest(status, '/api/checkouts/lineItems'));
  }
  for (const error of ['net::ERR_TIMED_OUT', 'net::ERR_CONNECTION_RESET'] as const) {
    expectConsoleError(page, failedRequest(error, '/api/checkouts/lineItems'));
  }
  await page.route('**/api/checkouts/**', async (route: Route) => {
    const request = route.request();
    if (request.method() === 'GET') return route.continue();
    const key = request.headers()['idempotency-key'] ?? '';
    expect(key, 'every mutating cart call carries a key').not.toBe('');
    const forward = async () => {
      const reply = await route.fetch();
      if (reply.ok() && reply.headers()['idempotent-replayed'] !== 'true') {
        applied.set(key, (applied.get(key) ?? 0) + 1);
      }
      return reply;
    };
    if (next() >= 0.3) return route.fulfill({ response: await forward() });
    const fault = FAULTS[Math.floor(next() * FAULTS.length)] ?? '500';
    faults.set(fault, (faults.get(fault) ?? 0) + 1);
    switch (fault) {
      case '500': // the server never saw it
        return route.fulfill({ status: 500, json: { error: 'Injected failure' } });
      case '503':
        return route.fulfill({
          status: 503,
          headers: { 'Retry-After': '1' },
          json: { error: 'Injected overload' },
        });
      case 'timeout':
        return route.abort('timedout');
      case 'dropped': // the request reached the server, the connection broke on the way back
        await forward();
        return route.abort('connectionreset');
      case 'lost-500': // done on the server, but a proxy answered 502/500
        await forward();
        return route.fulfill({ status: 502, body: '<html>Bad gateway</html>' });
      case 'lost-reply':
        await forward();
        return route.abort('timedout');
    }
  });
  return { applied, faults };
}

test('100+ cart operations through 30% failing replies end as the model says', async ({
  page,
  api,
  admin,
}) => {
  test.setTimeout(300_000);
  const levels = await stockedLevels(api, admin, {
    handles: [FAULT_1, FAULT_2, FAULT_3, FAULT_4],
    stock: 5000,
  });
  const next = random(20261122);

  const { applied, faults } = await injectFaults(page, next);

  await openCartPage(page);
  await page.waitForFunction(() => window.__cartStore !== undefined);

  /** The reference model: inventory level -> quantity, in the order calls were made. */
  const model = new Map<number, number>();
  let operations = 0;
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('empty pick');
    return item;
  };

  while (operations < 110) {
    // A burst of calls fired without waiting, as fast clicks would; each burst starts from
    // the cart as it is, and no call follows a removal of the same item within the burst.
    const lines = await page.evaluate(() =>
      (window.__cartStore?.$cart.get().lines ?? []).map((line) => ({
        lineItemId: line.lineItemId,
        inventoryLevelId: line.inventoryLevelId,
      })),
    );
    const removed = new Set<number>();
    const calls: { kind: 'add' | 'set' | 'remove'; level: number; value: number }[] = [];
    const size = 1 + Math.floor(next() * 6);
    for (let i = 0; i < size; i++) {
      const roll = next();
      const present = lines.filter((line) => !removed.has(line.inventoryLevelId));
      const addable = levels.filter((item) => !removed.has(item.inventoryLevelId));
      if (present.length === 0 && addable.length === 0) break;
      if ((roll < 0.45 || present.length === 0) && addable.length > 0) {
        const level = pick(addable);
        const quantity = 1 + Math.floor(next() * 3);
        calls.push({ kind: 'add', level: level.inventoryLevelId, value: quantity });
        model.set(level.inventoryLevelId, (model.get(level.inventoryLevelId) ?? 0) + quantity);
      } else if (roll < 0.8) {
        const line = pick(present);
        const quantity = next() < 0.1 ? 0 : 1 + Math.floor(next() * 9); // 0 must be ignored
        calls.push({ kind: 'set', level: line.inventoryLevelId, value: quantity });
        if (quantity > 0) model.set(line.inventoryLevelId, quantity);
      } else {
        const line = pick(present);
        removed.add(line.inventoryLevelId);
        calls.push({ kind: 'remove', level: line.inventoryLevelId, value: line.lineItemId });
        model.delete(line.inventoryLevelId);
      }
    }
    operations += calls.length;
    const failures = await page.evaluate(async (batch) => {
      const store = window.__cartStore;
      if (!store) return ['no store'];
      const results = await Promise.allSettled(
        batch.map((call) =>
          call.kind === 'add'
            ? store.addToCart(call.level, call.value)
            : call.kind === 'set'
              ? store.setCartQuantity(call.level, call.value)
              : store.removeCartLine(call.value),
        ),
      );
      return results.flatMap((result) =>
        result.status === 'rejected' ? [String(result.reason)] : [],
      );
    }, calls);
    expect(failures, 'every call got through in the end').toEqual([]);
  }

  // Each logical call took effect on the server exactly once, however many retries it took.
  for (const [key, times] of applied) expect(times, `key ${key}`).toBe(1);
  expect([...faults.values()].reduce((sum, n) => sum + n, 0)).toBeGreaterThan(20);

  const expected = [...model.entries()].sort((a, b) => a[0] - b[0]);
  const onServer = [...(await serverCart(page)).entries()].sort((a, b) => a[0] - b[0]);
  expect(onServer).toEqual(expected);

  // And the screen shows the same: every line with its quantity, nothing else.
  await page.unroute('**/api/checkouts/**');
  await expect(page.getByTestId('cart-line')).toHaveCount(expected.length);
  for (const [levelId, quantity] of expected) {
    const level = levels.find((item) => item.inventoryLevelId === levelId) as Level;
    await expect(lineRow(page, level).getByRole('textbox')).toHaveValue(String(quantity));
  }
  const total = expected.reduce((sum, [, quantity]) => sum + quantity, 0);
  if (total > 0) {
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByTestId('cart-total-items')).toHaveText(String(total));
    await expect(page.getByTestId('cart-count')).toContainText(String(total));
  }
});

test('add pressed twice adds both units to one line and opens the overlay once', async ({
  page,
  api,
  admin,
}) => {
  const level = await stockedLevel(api, admin, { handle: ADDED_TWICE });
  await fastRetries(page);
  await page.goto('/help.asp');
  await page.waitForFunction(() => window.__cartStore !== undefined);
  const overlay = page.getByRole('dialog', { name: 'Your cart' });
  await expect(overlay).toBeHidden();
  await page.evaluate(
    (id) =>
      Promise.all([window.__cartStore?.addToCart(id, 1), window.__cartStore?.addToCart(id, 1)]),
    level.inventoryLevelId,
  );
  await expect(overlay).toBeVisible();
  expect([...(await serverCart(page)).entries()]).toEqual([[level.inventoryLevelId, 2]]);
  await expect(overlay.getByTestId('cart-total-items')).toHaveText('2');
});

test('a refused add rejects with the server text and leaves the overlay shut', async ({
  page,
  api,
  admin,
}) => {
  const level = await stockedLevel(api, admin, { handle: ONE_IN_STOCK, stock: 1 });
  await fastRetries(page);
  await page.goto('/help.asp');
  await page.waitForFunction(() => window.__cartStore !== undefined);
  expectConsoleError(page, failedRequest(422, '/api/checkouts/lineItems'));
  const message = await page.evaluate(
    (id) =>
      window.__cartStore?.addToCart(id, 5).then(
        () => 'added',
        (error: unknown) => (error as Error).message,
      ),
    level.inventoryLevelId,
  );
  expect(message).not.toBe('added');
  expect(message).not.toBe('Failed to add item to cart'); // the server said why
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeHidden();
});

test('200-line orders through 30% failing replies: no line lost, none added twice (issue 32, item 5)', async ({
  page,
  api,
  admin,
}) => {
  test.setTimeout(300_000);
  const levels = await stockedLevels(api, admin, {
    handles: [FAULT_1, FAULT_2, FAULT_3, FAULT_4],
    stock: 5000,
  });
  const next = random(20261129);
  const { applied, faults } = await injectFaults(page, next);
  // The pad's page loads the batch add.
  await page.goto('/quick-order');
  await page.waitForFunction(() => window.__cartBatch !== undefined);

  const model = new Map<number, number>();
  // Four orders of 200 lines, as the quick-order pad sends them: chunks of 100, each one call.
  for (let order = 0; order < 4; order++) {
    const lines = Array.from({ length: 200 }, () => {
      const level = levels[Math.floor(next() * levels.length)] as Level;
      const quantity = 1 + Math.floor(next() * 3);
      model.set(level.inventoryLevelId, (model.get(level.inventoryLevelId) ?? 0) + quantity);
      return { inventoryLevelId: level.inventoryLevelId, quantity };
    });
    const results = await page.evaluate(
      (sent) => window.__cartBatch?.addLinesToCart(sent) ?? Promise.resolve([]),
      lines,
    );
    expect(results).toHaveLength(200);
    expect(results.filter((result) => !result.added)).toEqual([]);
  }
  // Each chunk took effect once, however many retries it took; faults were really injected.
  expect(applied.size).toBe(8);
  for (const [key, times] of applied) expect(times, `key ${key}`).toBe(1);
  expect([...faults.values()].reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
  const expected = [...model.entries()].sort((a, b) => a[0] - b[0]);
  const onServer = [...(await serverCart(page)).entries()].sort((a, b) => a[0] - b[0]);
  expect(onServer).toEqual(expected);
});
