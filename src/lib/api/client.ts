import {
  MAX_RETRIES,
  RETRY_BUDGET_MS,
  retryDelay,
  RETRY_STEP_MS,
  STILL_TRYING_AFTER_MS,
} from './retry.ts';

import {
  abortError,
  ApiError,
  DEFAULT_ERROR,
  noReply,
  readRaw,
  readReply,
  Retryable,
  type JsonReply,
} from './reply.ts';

export {
  ApiError,
  browserError,
  CART_UPDATE_ERROR,
  DEFAULT_ERROR,
  INVALID_CHECKOUT_ERROR,
  type JsonReply,
} from './reply.ts';

/** What the client needs from the outside world; tests pass fakes so retries run instantly. */
export interface ClientDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  newKey: () => string;
  /** The growing step between retries (2 s in production). */
  retryStepMs: () => number;
  /** One attempt that has not answered after this long counts as a network failure. */
  attemptTimeoutMs: number;
  /** A retried call gives up once this long has passed since it started (60 s). */
  retryBudgetMs: number;
  /** A retried call's attempt unanswered this long makes it call onStillTrying (8 s). */
  stillTryingAfterMs: number;
}

export interface SendOptions {
  /** Sends one fresh Idempotency-Key for this logical call and keeps it on every retry. */
  idempotent?: boolean;
  signal?: AbortSignal;
  /**
   * Called at most once while a retried call has not succeeded yet: after its first failed
   * attempt, or when an attempt has had no reply for `stillTryingAfterMs`, so the shopper can
   * be told the store is still being tried.
   */
  onStillTrying?: () => void;
}

/** Options of a read. */
export interface GetOptions {
  signal?: AbortSignal;
  /** Gives up after this long without a reply (default: the attempt time-out, 30 s). */
  timeoutMs?: number;
}

/** Options of {@link ApiClient.requestJson}. */
export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Added to the JSON headers (and may override them). */
  headers?: Record<string, string>;
  /** Sends one fresh Idempotency-Key; the call is still made once, never retried. */
  idempotent?: boolean;
  signal?: AbortSignal;
  /** Gives up after this long without a reply (default: the attempt time-out, 30 s). */
  timeoutMs?: number;
}

/** One call, its reply read as JSON; throws only when no reply came (ApiError) or on abort. */
export type RequestJson = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options?: RequestOptions,
) => Promise<JsonReply>;

/** The client's functions, bound to its dependencies. */
export interface ApiClient {
  getJson: <T>(path: string, init?: GetOptions) => Promise<T>;
  requestJson: RequestJson;
  sendJson: <T>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    options?: SendOptions,
  ) => Promise<T | undefined>;
}

/** One attempt, turned into a value, a Retryable, or a final ApiError. */
async function attempt<T>(
  deps: ClientDeps,
  path: string,
  init: RequestInit,
  {
    signal,
    timeoutMs,
    onSlow,
    read,
  }: {
    signal?: AbortSignal;
    timeoutMs: number;
    onSlow?: () => void;
    read: (reply: Response) => Promise<T>;
  },
) {
  const timeout = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Raced as well as signalled: a stalled connection must not hold the cart queue for ever.
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timeout.abort();
      reject(new DOMException('No reply in time.', 'TimeoutError'));
    }, timeoutMs);
  });
  // A slow attempt is left to finish (a second one with the same key would only be told the
  // first is still running), but the caller hears it is taking long.
  const slow = onSlow ? setTimeout(onSlow, deps.stillTryingAfterMs) : undefined;
  const onAbort = () => timeout.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    let reply: Response;
    try {
      reply = await Promise.race([deps.fetch(path, { ...init, signal: timeout.signal }), timedOut]);
    } catch (error) {
      if (signal?.aborted) throw abortError(signal);
      // A network failure, a dropped connection or our own time-out: nothing was read.
      throw new Retryable(noReply(error));
    }
    const value = await Promise.race([read(reply), timedOut]).catch((error: unknown) => {
      if (signal?.aborted) throw abortError(signal);
      if (error instanceof ApiError || error instanceof Retryable) throw error;
      throw new Retryable(noReply()); // the time-out, while reading
    });
    return value;
  } finally {
    clearTimeout(timer);
    clearTimeout(slow);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Runs attempts until one succeeds, a final error, the retries run out, or the retry budget
 * does: no attempt outlives the budget and no wait begins that would end past it.
 */
async function withRetries<T>(
  deps: ClientDeps,
  path: string,
  init: RequestInit,
  {
    retries,
    signal,
    timeoutMs = deps.attemptTimeoutMs,
    onStillTrying,
    read,
  }: {
    retries: number;
    signal?: AbortSignal;
    timeoutMs?: number;
    onStillTrying?: () => void;
    read: (reply: Response) => Promise<T>;
  },
): Promise<T> {
  const deadline = deps.now() + deps.retryBudgetMs;
  let told = false;
  const tell =
    retries > 0 && onStillTrying
      ? () => {
          if (told) return;
          told = true;
          onStillTrying();
        }
      : undefined;
  for (let retry = 0; ; retry++) {
    if (signal?.aborted) throw abortError(signal);
    const left = retries > 0 ? deadline - deps.now() : timeoutMs;
    try {
      return await attempt<T>(deps, path, init, {
        read,
        ...(signal ? { signal } : {}),
        timeoutMs: Math.max(0, Math.min(timeoutMs, left)),
        ...(tell ? { onSlow: tell } : {}),
      });
    } catch (error) {
      if (!(error instanceof Retryable)) throw error;
      if (retry >= retries) throw error.error;
      const wait = error.waitMs ?? retryDelay(retry + 1, deps.retryStepMs());
      // give up now rather than wait for an attempt there is no time for.
      if (deps.now() + wait >= deadline) throw error.error;
      tell?.();
      await deps.sleep(wait, signal);
    }
  }
}

/**
 * Builds a client. Production code uses the default one ({@link getJson}, {@link sendJson});
 * tests build their own with a fake fetch, clock and sleep.
 */
export function createApiClient(deps: ClientDeps): ApiClient {
  return {
    async getJson<T>(path: string, init: GetOptions = {}): Promise<T> {
      // Reads are not retried here: their callers reload on the next event anyway (STYLE:
      // "retries stacked at several layers" is what to avoid).
      const value = await withRetries<T | undefined>(
        deps,
        path,
        { method: 'GET', headers: { Accept: 'application/json' }, credentials: 'same-origin' },
        {
          retries: 0,
          read: (reply) => readReply<T>(reply, deps.now()),
          ...(init.signal ? { signal: init.signal } : {}),
          ...(init.timeoutMs === undefined ? {} : { timeoutMs: init.timeoutMs }),
        },
      );
      if (value === undefined) throw new ApiError(DEFAULT_ERROR);
      return value;
    },

    async sendJson<T>(
      method: 'POST' | 'PUT' | 'DELETE',
      path: string,
      body?: unknown,
      options: SendOptions = {},
    ): Promise<T | undefined> {
      // spec storefront 7: mutating calls carry the JSON header, with or without a body
      // (POST .../relatedProducts/{productId}: "JSON header, no body").
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'Content-Type': 'application/json',
      };
      // spec: storefront 7, one key per logical call, the same on every retry of it.
      if (options.idempotent) headers['Idempotency-Key'] = deps.newKey();
      const init: RequestInit = { method, headers, credentials: 'same-origin' };
      if (body !== undefined) init.body = JSON.stringify(body);
      // Only a call the server can recognise again may be repeated without a second effect.
      return withRetries<T | undefined>(deps, path, init, {
        retries: options.idempotent ? MAX_RETRIES : 0,
        read: (reply) => readReply<T>(reply, deps.now()),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onStillTrying ? { onStillTrying: options.onStillTrying } : {}),
      });
    },

    async requestJson(method, path, options = {}) {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        // The API's CSRF rule: a mutating call carries the JSON header, with or without a body.
        ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
        ...(options.idempotent ? { 'Idempotency-Key': deps.newKey() } : {}),
        ...options.headers,
      };
      const init: RequestInit = { method, headers, credentials: 'same-origin' };
      if (options.body !== undefined) init.body = JSON.stringify(options.body);
      return withRetries(deps, path, init, {
        retries: 0,
        read: readRaw,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
    },
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * TEST-ONLY hook: end-to-end fault tests set `window.__apiRetryStepMs` before the page loads
 * so 30 retries do not take minutes. Production pages never set it, so the step stays 2 s.
 */
function retryStepMs(): number {
  const override = (globalThis as { __apiRetryStepMs?: unknown }).__apiRetryStepMs;
  return typeof override === 'number' && override >= 0 ? override : RETRY_STEP_MS;
}

const defaultClient = createApiClient({
  fetch: (input, init) => fetch(input, init),
  sleep,
  now: () => Date.now(),
  newKey: () => crypto.randomUUID(),
  retryStepMs,
  attemptTimeoutMs: 30_000,
  retryBudgetMs: RETRY_BUDGET_MS,
  stillTryingAfterMs: STILL_TRYING_AFTER_MS,
});

/** GET a JSON reply; a failure throws ApiError with the server's `error` or the default. */
export function getJson<T>(path: string, init?: GetOptions): Promise<T> {
  return defaultClient.getJson<T>(path, init);
}

/**
 * POST/PUT/DELETE with JSON; 204 -> undefined; `idempotent: true` sends one fresh
 * Idempotency-Key for the logical call and keeps it on every retry (network errors, 429, 5xx;
 * up to 30 retries, wait growing by 2 s each time, Retry-After honoured, all within 60 s).
 * @example await sendJson('POST', '/api/checkouts/lineItems', { inventoryLevelId, quantity }, { idempotent: true })
 */
export function sendJson<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options?: SendOptions,
): Promise<T | undefined> {
  return defaultClient.sendJson<T>(method, path, body, options);
}

/**
 * One call whose reply the caller judges itself (its own error texts): JSON headers, the
 * session cookie, the time-out, an Idempotency-Key when asked. Never retried. A reply that
 * did not come throws ApiError (`unreachable`, the browser's error as `cause`).
 * @example const reply = await requestJson('GET', '/api/user'); if (reply.ok) read(reply.body);
 */
export const requestJson: RequestJson = (method, path, options) =>
  defaultClient.requestJson(method, path, options);
