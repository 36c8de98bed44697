/**
 * The account pages' calls to the API (spec: account-and-shell 7, 8). Every call is JSON
 * from this origin with the session cookie; mutations send Content-Type: application/json
 * even without a body (the API's CSRF rule). A reply with `error` or a failing status
 * throws an Error with the server's words; a network failure throws the browser's message.
 */
export async function accountCall<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  doFetch: typeof fetch = fetch,
): Promise<T> {
  const response = await doFetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  let reply: unknown;
  try {
    reply = await response.json();
  } catch {
    throw new Error(`The server answered ${response.status} without a readable reply.`);
  }
  const error =
    reply !== null && typeof reply === 'object' ? (reply as { error?: unknown }).error : undefined;
  if (typeof error === 'string' && error.length > 0) throw new Error(error);
  if (!response.ok) throw new Error(`The server answered ${response.status}.`);
  if (reply === null || typeof reply !== 'object') {
    throw new Error('The server sent an unexpected reply.');
  }
  return reply as T;
}

/** A new Idempotency-Key for one call and its retries. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The error's message for a notice (spec 8: exceptions show their message). */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}
