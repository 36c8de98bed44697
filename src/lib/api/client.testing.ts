import { createApiClient, type ApiClient, type ClientDeps } from './client.ts';

/**
 * TEST-ONLY: a client over a fake `fetch`, with no waits, for the unit tests of modules that
 * take the client's functions as a parameter (the account calls, the sidebar, the media pages).
 * @example await fetchList(testClient(() => Promise.resolve(new Response('{}'))).requestJson, ...)
 */
export function testClient(
  fetch: (input: string, init: RequestInit) => Promise<Response>,
  overrides: Partial<ClientDeps> = {},
): ApiClient {
  let keys = 0;
  return createApiClient({
    fetch,
    sleep: () => Promise.resolve(),
    now: () => 0,
    newKey: () => `key-${String(++keys)}`,
    retryStepMs: () => 0,
    attemptTimeoutMs: 1000,
    retryBudgetMs: 60_000,
    stillTryingAfterMs: 8000,
    ...overrides,
  });
}
