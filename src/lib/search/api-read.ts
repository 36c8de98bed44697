import { ApiError, getJson as apiGetJson } from '../api/client.ts';

/**
 * The API could not be reached: the network failed, or the proxy in front of the API
 * answered 502, 503 or 504 for it. The results list falls back to the static Pagefind
 * index on this error (DESIGN, Search); any other failure is shown as an error.
 */
export class ApiUnreachableError extends Error {
  constructor(message = 'The store could not be reached.', options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiUnreachableError';
  }
}

/** Statuses a proxy or CDN answers when the origin API is down. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/**
 * A read through the project's one API client (src/lib/api): the API's own `error` text on
 * a refusal; a network failure or a 502/503/504 from the proxy becomes ApiUnreachableError;
 * a reply that is not JSON reads as nothing (parse* then names it malformed).
 */
export async function getJson(url: string, signal: AbortSignal | undefined): Promise<unknown> {
  try {
    return await apiGetJson<unknown>(url, signal ? { signal } : {});
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!(error instanceof ApiError)) throw error;
    if (error.status === undefined || UNREACHABLE_STATUSES.has(error.status)) {
      throw new ApiUnreachableError(undefined, { cause: error });
    }
    if (error.fromServer || error.status >= 400) {
      const message = error.fromServer ? error.message : `The store answered ${error.status}.`;
      throw new Error(message, { cause: error });
    }
    return undefined;
  }
}
