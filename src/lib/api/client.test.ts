import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  CART_UPDATE_ERROR,
  createApiClient,
  DEFAULT_ERROR,
  INVALID_CHECKOUT_ERROR,
  type ClientDeps,
} from './client.ts';

type Step = Response | Error | (() => Response | Promise<Response>);

/** A client over a scripted fetch; records every request and every wait. */
function harness(steps: Step[], overrides: Partial<ClientDeps> = {}) {
  const requests: { input: string; init: RequestInit; headers: Headers }[] = [];
  const waits: number[] = [];
  let keys = 0;
  const client = createApiClient({
    fetch: async (input, init) => {
      requests.push({ input, init, headers: new Headers(init.headers) });
      const step = steps.shift();
      if (step === undefined) throw new Error('no more scripted replies');
      if (step instanceof Error) throw step;
      return typeof step === 'function' ? step() : step;
    },
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    now: () => Date.parse('2026-11-22T20:00:00Z'),
    newKey: () => `key-${++keys}`,
    retryStepMs: () => 2000,
    attemptTimeoutMs: 1000,
    retryBudgetMs: 60_000,
    stillTryingAfterMs: 8000,
    ...overrides,
  });
  return { client, requests, waits };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('the default messages', () => {
  it('are the spec texts', () => {
    expect(DEFAULT_ERROR).toBe('Something went wrong. Please try again.');
    expect(CART_UPDATE_ERROR).toBe("Couldn't update cart.");
    expect(INVALID_CHECKOUT_ERROR).toBe('Invalid checkout.');
  });
});

describe('getJson', () => {
  it('returns the parsed body', async () => {
    const { client, requests } = harness([json({ states: [1] })]);
    await expect(client.getJson('/api/states')).resolves.toEqual({ states: [1] });
    expect(requests[0]?.init.method).toBe('GET');
    expect(requests[0]?.headers.get('Idempotency-Key')).toBeNull();
  });

  it("throws the server's error text with the status", async () => {
    const { client } = harness([json({ error: 'Invalid checkout.' }, 404)]);
    const failure = await client.getJson('/api/x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Invalid checkout.', status: 404, fromServer: true });
  });

  it('throws an error named in an otherwise successful body', async () => {
    const { client } = harness([json({ error: 'Choose a state to estimate shipping.' })]);
    await expect(client.getJson('/api/x')).rejects.toThrow('Choose a state to estimate shipping.');
  });

  it('falls back to the default for a failure without a JSON error', async () => {
    const { client } = harness([new Response('<html>bad gateway</html>', { status: 404 })]);
    const failure = await client.getJson('/api/x').catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: DEFAULT_ERROR, status: 404, fromServer: false });
  });

  it('treats a malformed success body as a failure, not as data', async () => {
    const { client } = harness([new Response('{"checkout": ', { status: 200 })]);
    await expect(client.getJson('/api/x')).rejects.toThrow(DEFAULT_ERROR);
  });

  it('maps a network failure to the default message, marked unreachable', async () => {
    const { client } = harness([new TypeError('Failed to fetch')]);
    const failure = await client.getJson('/api/x').catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: DEFAULT_ERROR, unreachable: true });
  });

  it("marks the proxy's 502, 503 and 504 unreachable, and nothing else", async () => {
    for (const [status, unreachable] of [
      [502, true],
      [503, true],
      [504, true],
      [500, false],
      [404, false],
      [429, false],
    ] as const) {
      const { client } = harness([new Response('<html>down</html>', { status })]);
      const failure = await client.getJson('/api/x').catch((error: unknown) => error);
      expect(failure, String(status)).toMatchObject({ status, unreachable });
    }
  });

  it('gives up on a read after its own time-out, unreachable', async () => {
    const { client, requests } = harness([() => new Promise<Response>(() => {})], {
      attemptTimeoutMs: 60_000,
    });
    const started = performance.now();
    const failure = await client
      .getJson('/api/x', { timeoutMs: 5 })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: DEFAULT_ERROR, unreachable: true });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(requests).toHaveLength(1);
  });
});

describe('sendJson', () => {
  it('sends JSON and reads JSON', async () => {
    const { client, requests } = harness([json({ checkout: { id: 'c1' } })]);
    const reply = await client.sendJson('POST', '/api/checkouts/lineItems', {
      inventoryLevelId: 5,
      quantity: 2,
    });
    expect(reply).toEqual({ checkout: { id: 'c1' } });
    expect(requests[0]?.init.method).toBe('POST');
    expect(requests[0]?.init.body).toBe('{"inventoryLevelId":5,"quantity":2}');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('returns nothing for a 204', async () => {
    const { client } = harness([new Response(null, { status: 204 })]);
    await expect(client.sendJson('DELETE', '/api/x', undefined)).resolves.toBeUndefined();
  });

  it('sends the JSON header and no body when there is no body (spec storefront 7)', async () => {
    const { client, requests } = harness([json({ ok: true })]);
    await client.sendJson('POST', '/api/orders/1/relatedProducts/2');
    expect(requests[0]?.init.body).toBeUndefined();
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('does not retry a call that is not idempotent', async () => {
    const { client, requests } = harness([json({ error: 'busy' }, 503)]);
    await expect(client.sendJson('POST', '/api/x', {})).rejects.toThrow('busy');
    expect(requests).toHaveLength(1);
  });
});

describe('retries of an idempotent call', () => {
  it('retries network errors, 429 and 5xx with the same key, waiting 2, 4, 6 s', async () => {
    const { client, requests, waits } = harness([
      new TypeError('Failed to fetch'),
      json({ error: 'slow down' }, 429),
      json({ error: 'oops' }, 500),
      new Response('Service Unavailable', { status: 503 }),
      json({ checkout: { id: 'c1' } }),
    ]);
    const reply = await client.sendJson('PUT', '/api/x', { quantity: 1 }, { idempotent: true });
    expect(reply).toEqual({ checkout: { id: 'c1' } });
    expect(requests).toHaveLength(5);
    expect(new Set(requests.map((r) => r.headers.get('Idempotency-Key')))).toEqual(
      new Set(['key-1']),
    );
    expect(requests.every((r) => r.init.body === '{"quantity":1}')).toBe(true);
    expect(waits).toEqual([2000, 4000, 6000, 8000]);
  });

  it('uses a fresh key for the next logical call', async () => {
    const { client, requests } = harness([json({ a: 1 }), json({ a: 2 })]);
    await client.sendJson('POST', '/api/x', {}, { idempotent: true });
    await client.sendJson('POST', '/api/x', {}, { idempotent: true });
    expect(requests.map((r) => r.headers.get('Idempotency-Key'))).toEqual(['key-1', 'key-2']);
  });

  it('never retries another 4xx', async () => {
    for (const status of [400, 404, 409, 422]) {
      const { client, requests, waits } = harness([json({ error: `no ${status}` }, status)]);
      const failure = await client
        .sendJson('POST', '/api/x', {}, { idempotent: true })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ message: `no ${status}`, status });
      expect(requests).toHaveLength(1);
      expect(waits).toEqual([]);
    }
  });

  it('gives up after 30 retries with the last error (when the budget allows as many)', async () => {
    const steps = Array.from({ length: 31 }, () => json({ error: 'down for maintenance' }, 503));
    const { client, requests, waits } = harness(steps, { retryBudgetMs: Number.POSITIVE_INFINITY });
    await expect(client.sendJson('POST', '/api/x', {}, { idempotent: true })).rejects.toThrow(
      'down for maintenance',
    );
    expect(requests).toHaveLength(31);
    expect(waits).toHaveLength(30);
    expect(waits.at(-1)).toBe(60_000);
  });

  it.each([
    ['honours Retry-After in seconds', 503, '7', 7000],
    ['honours Retry-After as an HTTP date', 429, 'Sun, 22 Nov 2026 20:00:12 GMT', 12_000],
    ['falls back to its own schedule when Retry-After is unreadable', 503, 'later', 2000],
  ])('%s', async (_title, status, retryAfter, wait) => {
    const { client, waits } = harness([
      json({ error: 'busy' }, status, { 'Retry-After': retryAfter }),
      json({ ok: true }),
    ]);
    await client.sendJson('POST', '/api/x', {}, { idempotent: true });
    expect(waits).toEqual([wait]);
  });

  it('follows a shortened step (the test-only hook)', async () => {
    const { client, waits } = harness(
      [new TypeError('x'), new TypeError('x'), json({ ok: true })],
      { retryStepMs: () => 10 },
    );
    await client.sendJson('POST', '/api/x', {}, { idempotent: true });
    expect(waits).toEqual([10, 20]);
  });

  it('retries a reply whose body broke off half-way', async () => {
    const broken = new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"checkout":'));
          controller.error(new TypeError('network error'));
        },
      }),
      { status: 200 },
    );
    const { client, requests } = harness([broken, json({ checkout: null })]);
    await expect(client.sendJson('POST', '/api/x', {}, { idempotent: true })).resolves.toEqual({
      checkout: null,
    });
    expect(requests).toHaveLength(2);
  });

  it('times out an attempt that never answers and tries again', async () => {
    const { client, requests } = harness(
      [() => new Promise<Response>(() => {}), json({ ok: true })],
      { attemptTimeoutMs: 5 },
    );
    // The hanging fetch ignores its signal, like a stalled connection; the time-out wins.
    await expect(client.sendJson('POST', '/api/x', {}, { idempotent: true })).resolves.toEqual({
      ok: true,
    });
    expect(requests).toHaveLength(2);
  });

  it('never tells a first-time success that it is still trying', async () => {
    const onStillTrying = vi.fn();
    const { client } = harness([json({ ok: true })]);
    await client.sendJson('POST', '/api/x', {}, { idempotent: true, onStillTrying });
    expect(onStillTrying).not.toHaveBeenCalled();
  });

  it('says it is still trying once, after the first failed attempt', async () => {
    const onStillTrying = vi.fn();
    const { client, waits } = harness(
      [new TypeError('x'), json({ error: 'busy' }, 503), json({ ok: true })],
      {
        sleep: (ms) => {
          waits.push(ms);
          expect(onStillTrying).toHaveBeenCalledTimes(1); // before the first wait, not after
          return Promise.resolve();
        },
      },
    );
    await client.sendJson('POST', '/api/x', {}, { idempotent: true, onStillTrying });
    expect(onStillTrying).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([2000, 4000]);
  });

  it('does not say it is still trying for a call that is not retried', async () => {
    const onStillTrying = vi.fn();
    const { client } = harness([new TypeError('x')]);
    await expect(client.sendJson('POST', '/api/x', {}, { onStillTrying })).rejects.toThrow();
    expect(onStillTrying).not.toHaveBeenCalled();
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const { client, requests } = harness([new TypeError('x'), json({ ok: true })], {
      sleep: () => {
        controller.abort();
        return Promise.resolve();
      },
    });
    await expect(
      client.sendJson('POST', '/api/x', {}, { idempotent: true, signal: controller.signal }),
    ).rejects.toThrow();
    expect(requests).toHaveLength(1);
  });
});

describe('the retry budget', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A client on fake timers: its clock, waits and time-outs all follow vi's clock. */
  function clocked(fetch: ClientDeps['fetch'], overrides: Partial<ClientDeps> = {}) {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T20:00:00Z') });
    const client = createApiClient({
      fetch,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: () => Date.now(),
      newKey: () => 'key-1',
      retryStepMs: () => 2000,
      attemptTimeoutMs: 30_000,
      retryBudgetMs: 60_000,
      stillTryingAfterMs: 8000,
      ...overrides,
    });
    return client;
  }

  /** Settles `promise` by running fake time; returns what it settled with and when. */
  async function settle(promise: Promise<unknown>) {
    const start = Date.now();
    let outcome: { value?: unknown; error?: unknown } | undefined;
    promise.then(
      (value) => (outcome = { value }),
      (error: unknown) => (outcome = { error }),
    );
    for (let step = 0; step < 10_000 && outcome === undefined; step++) {
      await vi.advanceTimersByTimeAsync(100);
    }
    return { ...outcome, elapsed: Date.now() - start };
  }

  it('gives up within 60 s when every attempt fails at once, after 2+4+...+14 s of waits', async () => {
    const attempts: number[] = [];
    const client = clocked(() => {
      attempts.push(Date.now());
      return Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }));
    });
    const result = await settle(client.sendJson('POST', '/api/x', {}, { idempotent: true }));
    expect(result.error).toMatchObject({ status: 502, unreachable: true });
    // Waits of 2, 4, ..., 14 s (56 s) fit; the next, 16 s, would end past 60 s.
    expect(attempts.map((at) => (at - (attempts[0] ?? 0)) / 1000)).toEqual([
      0, 2, 6, 12, 20, 30, 42, 56,
    ]);
    expect(result.elapsed).toBeLessThanOrEqual(60_000);
  });

  it('gives up at 60 s when attempts hang, cutting the last one short', async () => {
    const attempts: number[] = [];
    const client = clocked(() => {
      attempts.push(Date.now());
      return new Promise<Response>(() => {});
    });
    const result = await settle(client.sendJson('POST', '/api/x', {}, { idempotent: true }));
    expect(result.error).toMatchObject({ message: DEFAULT_ERROR, unreachable: true });
    // 30 s, a 2 s wait, then the rest of the budget (28 s), not another full 30 s.
    expect(attempts.map((at) => at - (attempts[0] ?? 0))).toEqual([0, 32_000]);
    expect(result.elapsed).toBeGreaterThanOrEqual(59_900);
    expect(result.elapsed).toBeLessThanOrEqual(60_100);
  });

  it('does not wait for a Retry-After that ends past the budget', async () => {
    let calls = 0;
    const client = clocked(() => {
      calls++;
      return Promise.resolve(json({ error: 'back in two minutes' }, 503, { 'Retry-After': '120' }));
    });
    const result = await settle(client.sendJson('POST', '/api/x', {}, { idempotent: true }));
    expect(result.error).toMatchObject({ message: 'back in two minutes', fromServer: true });
    expect(calls).toBe(1);
    expect(result.elapsed).toBeLessThan(1000);
  });

  it('still succeeds when the store answers within the budget', async () => {
    let calls = 0;
    const client = clocked(() => {
      calls++;
      return Promise.resolve(calls < 5 ? new Response('', { status: 503 }) : json({ ok: 1 }));
    });
    const result = await settle(client.sendJson('POST', '/api/x', {}, { idempotent: true }));
    expect(result.value).toEqual({ ok: 1 });
    expect(result.elapsed).toBeGreaterThanOrEqual(20_000); // 2 + 4 + 6 + 8 s of waits
  });

  it('says it is still trying when the first attempt has no reply after 8 s', async () => {
    const onStillTrying = vi.fn();
    let answer: (reply: Response) => void = () => {};
    const client = clocked(() => new Promise<Response>((resolve) => (answer = resolve)));
    const call = client.sendJson('POST', '/api/x', {}, { idempotent: true, onStillTrying });
    await vi.advanceTimersByTimeAsync(7900);
    expect(onStillTrying).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(onStillTrying).toHaveBeenCalledTimes(1);
    answer(json({ ok: true }));
    await expect(call).resolves.toEqual({ ok: true });
    expect(onStillTrying).toHaveBeenCalledTimes(1);
  });

  it('keeps reads to their own time-out, whatever the budget', async () => {
    const client = clocked(() => new Promise<Response>(() => {}));
    const result = await settle(client.getJson('/api/checkouts', { timeoutMs: 8000 }));
    expect(result.error).toMatchObject({ unreachable: true });
    expect(result.elapsed).toBeGreaterThanOrEqual(8000);
    expect(result.elapsed).toBeLessThanOrEqual(8100);
  });
});

describe('requestJson', () => {
  it('sends JSON with the cookie and an Idempotency-Key when asked, and returns the reply unjudged', async () => {
    const { client, requests } = harness([json({ error: 'Nope' }, 422)]);
    await expect(
      client.requestJson('POST', '/api/auth/login', {
        body: { email: 'a@b.c' },
        headers: { 'X-Extra': '1' },
        idempotent: true,
      }),
    ).resolves.toEqual({
      status: 422,
      statusText: '',
      ok: false,
      readable: true,
      body: { error: 'Nope' },
    });
    const sent = requests[0];
    expect(sent?.init.method).toBe('POST');
    expect(sent?.init.credentials).toBe('same-origin');
    expect(sent?.init.body).toBe('{"email":"a@b.c"}');
    expect(sent?.headers.get('Content-Type')).toBe('application/json');
    expect(sent?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(sent?.headers.get('X-Extra')).toBe('1');
  });

  it('sends a GET without a content type or key, and marks a body that is not JSON', async () => {
    const { client, requests } = harness([new Response('<html>', { status: 502 })]);
    await expect(client.requestJson('GET', '/api/user')).resolves.toMatchObject({
      status: 502,
      ok: false,
      readable: false,
      body: undefined,
    });
    expect(requests[0]?.headers.get('Content-Type')).toBeNull();
    expect(requests[0]?.headers.get('Idempotency-Key')).toBeNull();
  });

  it('never retries, even a 503 or an idempotent call', async () => {
    const { client, requests } = harness([json({}, 503)]);
    await expect(
      client.requestJson('DELETE', '/api/x', { idempotent: true }),
    ).resolves.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(1);
  });

  it('throws an unreachable ApiError that keeps the browser error when no reply came', async () => {
    const offline = new TypeError('Failed to fetch');
    const { client } = harness([offline]);
    const error = await client.requestJson('GET', '/api/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ unreachable: true, status: undefined, cause: offline });
  });

  it('gives up after its time-out', async () => {
    const { client } = harness([() => new Promise<Response>(() => {})]);
    await expect(client.requestJson('GET', '/api/user', { timeoutMs: 10 })).rejects.toMatchObject({
      unreachable: true,
    });
  });
});
