import { ApiError, type ApiClient, type GetOptions, type SendOptions } from '../lib/api/client.ts';

/** One line of the fake server's cart. */
interface FakeLine {
  id: number;
  inventoryLevelId: number;
  quantity: number;
}

/** A call the fake saw, with a way to hold its reply back. */
export interface SeenCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * An in-memory stand-in for /api/checkouts used by the store's unit tests: the same rules as
 * the reference server (add merges by inventory level, stock limits, 404 for an unknown
 * line), every reply a full checkout, and a gate to hold replies back and release them.
 */
export function fakeCartApi(stock: Record<number, number> = {}) {
  let lines: FakeLine[] = [];
  let nextLineId = 100;
  let discountCode: string | null = null;
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

  const checkout = () => {
    const subtotal = lines.reduce((sum, line) => sum + line.quantity * 10, 0);
    const discounted = discountCode === null ? subtotal : subtotal * 0.9;
    return {
      checkout: {
        id: lines.length > 0 || discountCode ? 'chk-1' : null,
        webUrl: 'http://shop.test/api/external-checkout/chk-1',
        LineItems: lines.map((line) => ({
          id: line.id,
          inventoryLevelId: line.inventoryLevelId,
          productHandle: `part-${line.inventoryLevelId}`,
          title: `Part ${line.inventoryLevelId}`,
          sku: `SKU-${line.inventoryLevelId}`,
          imageUrl: null,
          currentQuantity: line.quantity,
          totalUnitPrice: 10,
          availableForSale: true,
          availableQuantity: stock[line.inventoryLevelId] ?? 99,
          bypassNegativeQuantity: false,
        })),
        totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
        subtotalPrice: subtotal,
        discountedSubtotalPrice: discounted,
        totalPrice: discounted,
        discountCode,
        currencyCode: 'USD',
      },
    };
  };

  const limit = (level: number) => stock[level] ?? 99;

  async function handle(method: string, path: string, body: unknown): Promise<unknown> {
    calls.push({ method, path, body });
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    try {
      if (state.hold) await new Promise<void>((resolve) => gates.push(resolve));
      if (state.fail) throw state.fail;
      const wanted = body as { inventoryLevelId: number; quantity: number } | undefined;
      if (method === 'GET') return checkout();
      if (method === 'POST' && path === '/api/checkouts/lineItems' && wanted) {
        const line = lines.find((item) => item.inventoryLevelId === wanted.inventoryLevelId);
        const total = (line?.quantity ?? 0) + wanted.quantity;
        if (total > limit(wanted.inventoryLevelId)) {
          throw new ApiError(`Only ${limit(wanted.inventoryLevelId)} in stock.`, 422, true);
        }
        if (line) line.quantity = total;
        else lines.push({ id: nextLineId++, ...wanted, quantity: total });
        return checkout();
      }
      if (method === 'PUT' && wanted) {
        const line = lines.find((item) => item.inventoryLevelId === wanted.inventoryLevelId);
        if (!line) throw new ApiError('That item is not in your cart.', 404, true);
        line.quantity = wanted.quantity;
        return checkout();
      }
      const removed = /^\/api\/checkouts\/lineItems\/(\d+)$/.exec(path);
      if (method === 'DELETE' && removed) {
        const before = lines.length;
        lines = lines.filter((line) => line.id !== Number(removed[1]));
        if (lines.length === before)
          throw new ApiError('That item is not in your cart.', 404, true);
        return checkout();
      }
      const discount = /^\/api\/checkouts\/([^/]+)\/discountCodes\?code=(.*)$/.exec(path);
      if (discount) {
        const code = decodeURIComponent(discount[2] ?? '');
        if (method === 'POST' && code !== 'SAVE10') {
          throw new ApiError('That discount code is not valid.', 422, true);
        }
        discountCode = method === 'POST' ? code : null;
        return checkout();
      }
      throw new ApiError(`unexpected ${method} ${path}`, 400, true);
    } finally {
      inFlight--;
    }
  }

  const api: Pick<ApiClient, 'getJson' | 'sendJson'> = {
    getJson: <T>(path: string, init?: GetOptions) => {
      options.push(init);
      return handle('GET', path, undefined) as Promise<T>;
    },
    sendJson: <T>(
      method: 'POST' | 'PUT' | 'DELETE',
      path: string,
      body?: unknown,
      sent?: SendOptions,
    ) => {
      options.push(sent);
      if (state.stillTrying) sent?.onStillTrying?.();
      return handle(method, path, body) as Promise<T>;
    },
  };

  return {
    api,
    calls,
    options,
    state,
    /** The server's own lines (what a GET would show). */
    lines: () => lines.map((line) => ({ ...line })),
    /** Lets the oldest held reply through. */
    release(): void {
      gates.shift()?.();
    },
    releaseAll(): void {
      state.hold = false;
      while (gates.length > 0) gates.shift()?.();
    },
    /** Another tab's change, made on the server behind this store's back. */
    serverSide: {
      add: (level: number, quantity: number) =>
        handle('POST', '/api/checkouts/lineItems', { inventoryLevelId: level, quantity }),
    },
  };
}
