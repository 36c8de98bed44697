/**
 * The client's failures and how it reads a reply (spec storefront 8): the default messages, the
 * ApiError every failed call throws, and the readers that tell a reply to retry from one to
 * show. src/lib/api/client.ts makes the calls.
 */
import { isRetryableStatus, isUnreachableStatus, parseRetryAfter } from './retry.ts';

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
export const noReply = (cause?: unknown) =>
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

/** A failure a retry can fix: the network, a time-out, or a 429/5xx reply. */
export class Retryable extends Error {
  readonly error: ApiError;
  readonly waitMs: number | undefined;
  constructor(error: ApiError, waitMs?: number) {
    super(error.message);
    this.error = error;
    this.waitMs = waitMs;
  }
}

export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('The operation was aborted.', 'AbortError');
}

/** Reads a reply: 204 -> undefined; a JSON `error` throws it; a non-JSON reply is a failure. */
export async function readReply<T>(reply: Response, now: number): Promise<T | undefined> {
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
export async function readRaw(reply: Response): Promise<JsonReply> {
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
