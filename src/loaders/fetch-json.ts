/**
 * GET a JSON document from the commerce API for the build. Network errors, 429 and 5xx are
 * retried (spec storefront 4: "Data prefetch retries up to 3 times and then errors"); a
 * 4xx is final and carries the API's `{error}` text.
 */
export interface FetchJsonOptions {
  /**
   * The merchandiser token, sent as `Authorization: Bearer`: the calls only the build makes
   * (GET /api/products/bulk and the change feed) need it.
   */
  token?: string;
  retries?: number;
  /** Wait before retry n (1-based), in ms. */
  delay?: (attempt: number) => number;
  fetch?: typeof fetch;
}

/** The spec's message once the retries are used up (storefront 8). */
export const PREFETCH_FAILED = 'Failed to prefetch data after multiple retries.';

export class ApiError extends Error {
  readonly status: number;
  readonly url: string;
  constructor(status: number, url: string, message: string) {
    super(message);
    this.status = status;
    this.url = url;
  }
}

const retryable = (status: number) => status === 429 || status >= 500;

export async function fetchJson<T = unknown>(
  url: string | URL,
  {
    token,
    retries = 3,
    delay = (attempt) => 250 * 2 ** attempt,
    fetch: doFetch = fetch,
  }: FetchJsonOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  let lastProblem = '';
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, delay(attempt)));
    let response: Response;
    try {
      response = await doFetch(url, { headers });
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
      continue;
    }
    if (retryable(response.status)) {
      lastProblem = `HTTP ${response.status}`;
      await response.body?.cancel();
      continue;
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(response.status, String(url), `${String(url)} did not answer JSON`);
    }
    if (!response.ok) {
      const message =
        body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
          ? body.error
          : `HTTP ${response.status}`;
      throw new ApiError(response.status, String(url), message);
    }
    return body as T;
  }
  throw new Error(`${PREFETCH_FAILED} (${String(url)}: ${lastProblem})`);
}
