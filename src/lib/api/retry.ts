/** spec: storefront 7 and 9, "Retries for mutating calls up to 30". */
export const MAX_RETRIES = 30;
/** spec: storefront 7, "a growing delay (2 s added each wait)". */
export const RETRY_STEP_MS = 2000;

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
