/** spec: storefront 7 and 9, "Retries for mutating calls up to 30". */
export const MAX_RETRIES = 30;
/** spec: storefront 7, "a growing delay (2 s added each wait)". */
export const RETRY_STEP_MS = 2000;
/**
 * A retried call gives up once this long has passed since it started, waits and attempts
 * counted (the 30 retries alone could keep a shopper waiting about 930 s).
 * With the 2 s step that is about six retries when every attempt fails at once.
 */
export const RETRY_BUDGET_MS = 60_000;
/**
 * A retried call tells its caller it is still trying after its first failed attempt, or after
 * an attempt has gone this long without a reply, whichever comes first.
 */
export const STILL_TRYING_AFTER_MS = 8000;

/**
 * The wait before retry number `retry` (1-based): 2 s, 4 s, 6 s, ... with the default step.
 * @example retryDelay(3) === 6000
 */
export function retryDelay(retry: number, stepMs: number = RETRY_STEP_MS): number {
  return Math.max(0, retry) * stepMs;
}

/** Whether a reply's status is worth another try: 429 and 5xx only, never another 4xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * Whether a status means the API itself could not be reached: the proxy in front of it
 * answers 502, 503 or 504 when the API is down, overloaded or too slow.
 */
export function isUnreachableStatus(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/**
 * Milliseconds a Retry-After header asks to wait: delta-seconds or an HTTP date (RFC 9110
 * 10.2.3). Undefined when absent or unreadable, so the caller falls back to its own schedule.
 * @example parseRetryAfter('3', 0) === 3000
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // A date must name a weekday or month, so stray numbers like '1.5' or '-3' are not read as one.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
