import {
  isRetryableStatus,
  isUnreachableStatus,
  MAX_RETRIES,
  parseRetryAfter,
  RETRY_BUDGET_MS,
  retryDelay,
  RETRY_STEP_MS,
  STILL_TRYING_AFTER_MS,
} from './retry.ts';

/** spec: storefront 8, the default of a failed call. */
export const DEFAULT_ERROR = 'Something went wrong. Please try again.';
/** spec: storefront 8, a mutating cart call whose reply carries no checkout. */
export const CART_UPDATE_ERROR = "Couldn't update cart.";
/** spec: storefront 5 and 8, discount and estimate calls without a derivable checkout id. */
export const INVALID_CHECKOUT_ERROR = 'Invalid checkout.';

/** A failed call; `message` is the server's `error` text or one of the defaults above. */
export class ApiError extends Error {
  readonly status?: number;
  /** True when `message` is the server's own `error` text, not a default. */
  readonly fromServer: boolean;
  /**
   * True when the API could not be reached: no reply came (the network, a time-out, a reply
   * that broke off) or the proxy in front of it answered 502, 503 or 504.
   */
  readonly unreachable: boolean;
  constructor(
    message: string,
    status?: number,
    fromServer = false,
    unreachable = false,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.fromServer = fromServer;
    this.unreachable = unreachable;
    if (status !== undefined) this.status = status;
  }
}

/**
 * The failure of a call that got no reply at all; `cause` keeps what failed (the browser's
 * own TypeError for a network failure), for callers that show it.
 */
const noReply = (cause?: unknown) =>
  new ApiError(DEFAULT_ERROR, undefined, false, true, cause === undefined ? undefined : { cause });

/**
 * The error to show for a call that got no reply: the browser's own error (a network failure,
 * as `fetch` words it) where there is one, kept as the ApiError's cause; otherwise, and for
 * the client's time-out, the error itself. For callers that have always shown the browser's
 * words (the account pages, the sidebar).
 * @example catch (error) { throw browserError(error); }
 */
export function browserError(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.unreachable || error.status !== undefined) {
    return error;
  }
  const cause = error.cause;
  return cause instanceof Error && cause.name !== 'TimeoutError' && cause.message ? cause : error;
}

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

/**
 * A reply read as JSON and not judged: for a caller that words its own failures (the account
 * pages, the sidebar). `readable` is false when the body is not JSON (`body` is then undefined).
 */
export interface JsonReply {
  status: number;
  statusText: string;
  ok: boolean;
  readable: boolean;
  body: unknown;
}

/** One call, its reply read as JSON; throws only when no reply came (ApiError) or on abort. */
export type RequestJson = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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

/** A failure a retry can fix: the network, a time-out, or a 429/5xx reply. */
class Retryable extends Error {
  readonly error: ApiError;
  readonly waitMs: number | undefined;
  constructor(error: ApiError, waitMs?: number) {
    super(error.message);
    this.error = error;
    this.waitMs = waitMs;
  }
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('The operation was aborted.', 'AbortError');
}

/** Reads a reply: 204 -> undefined; a JSON `error` throws it; a non-JSON reply is a failure. */
async function readReply<T>(reply: Response, now: number): Promise<T | undefined> {
  if (reply.status === 204) return undefined;
  let text: string;
  try {
    text = await reply.text();
  } catch {
    // The body broke off half-way (a dropped connection): the network failed, try again.
    throw new Retryable(noReply());
  }
  let body: unknown;
  let parsed = true;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = false;
  }
  const error =
    typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
  const message = typeof error === 'string' && error.trim() !== '' ? error : undefined;
  if (!reply.ok || message !== undefined || !parsed) {
    const failure = new ApiError(
      message ?? DEFAULT_ERROR,
      reply.status,
      message !== undefined,
      isUnreachableStatus(reply.status),
    );
    if (isRetryableStatus(reply.status)) {
      throw new Retryable(failure, parseRetryAfter(reply.headers.get('Retry-After'), now));
    }
    throw failure;
  }
  return body as T | undefined;
}

/** Reads a reply as JSON without judging it; a body that broke off is a network failure. */
async function readRaw(reply: Response): Promise<JsonReply> {
  let text: string;
  try {
    text = await reply.text();
  } catch (error) {
    throw new Retryable(noReply(error));
  }
  const head = { status: reply.status, statusText: reply.statusText, ok: reply.ok };
  try {
    return { ...head, readable: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ...head, readable: false, body: undefined };
  }
}

/**
 * Builds a client. Production code uses the default one ({@link getJson}, {@link sendJson});
 * tests build their own with a fake fetch, clock and sleep.
 */
export function createApiClient(deps: ClientDeps): ApiClient {
  /** One attempt, turned into a value, a Retryable, or a final ApiError. */
  async function attempt<T>(
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
        reply = await Promise.race([
          deps.fetch(path, { ...init, signal: timeout.signal }),
          timedOut,
        ]);
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
        return await attempt<T>(path, init, {
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

  return {
    async getJson<T>(path: string, init: GetOptions = {}): Promise<T> {
      // Reads are not retried here: their callers reload on the next event anyway (STYLE:
      // "retries stacked at several layers" is what to avoid).
      const value = await withRetries<T | undefined>(
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
      return withRetries<T | undefined>(path, init, {
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
      return withRetries(path, init, {
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
