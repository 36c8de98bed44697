import { browserError, requestJson, type JsonReply, type RequestJson } from '../api/client.ts';

/**
 * The words of an account reply (spec: account-and-shell 7, 8): the reply itself when it is a
 * JSON object without `error`; otherwise an Error with the server's words, its status, or
 * what was wrong with the reply.
 */
export function accountReply<T = Record<string, unknown>>(reply: JsonReply): T {
  if (!reply.readable) {
    throw new Error(`The server answered ${reply.status} without a readable reply.`);
  }
  const body = reply.body;
  const error =
    body !== null && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'string' && error.length > 0) throw new Error(error);
  if (!reply.ok) throw new Error(`The server answered ${reply.status}.`);
  if (body === null || typeof body !== 'object') {
    throw new Error('The server sent an unexpected reply.');
  }
  return body as T;
}

/**
 * The account pages' calls to the API (spec: account-and-shell 7, 8), through the one client
 * (src/lib/api): JSON from this origin with the session cookie; mutations send Content-Type:
 * application/json even without a body (the API's CSRF rule); `idempotent` adds an
 * Idempotency-Key (the call is still made once). A reply with `error` or a failing status
 * throws an Error with the server's words; a network failure throws the browser's message.
 */
export async function accountCall<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: { idempotent?: boolean; headers?: Record<string, string> } = {},
  request: RequestJson = requestJson,
): Promise<T> {
  let reply: JsonReply;
  try {
    reply = await request(method, path, {
      ...(body === undefined ? {} : { body }),
      ...(options.idempotent ? { idempotent: true } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    });
  } catch (error) {
    throw browserError(error);
  }
  return accountReply<T>(reply);
}

/** The error's message for a notice (spec 8: exceptions show their message). */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}

/** A notice line (spec 8: server errors show as danger notices; successes as success). */
export interface NoticeState {
  variant: 'danger' | 'success' | 'info';
  message: string;
}

/** The danger notice of a failed call: the server's words or the browser's. */
export const dangerNotice = (error: unknown): NoticeState => ({
  variant: 'danger',
  message: messageOf(error),
});
