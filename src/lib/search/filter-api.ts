import {
  parseFilterReply,
  parseProductsReply,
  type ApiCard,
  type FilterReply,
} from './filter-reply.ts';
import { filterQuery, type SearchParams } from './search-params.ts';

/**
 * The API could not be reached: the network failed, or the proxy in front of the API
 * answered 502, 503 or 504 for it. The results list falls back to the static Pagefind
 * index on this error (DESIGN, Search); any other failure is shown as an error.
 */
export class ApiUnreachableError extends Error {
  constructor(message = 'The store could not be reached.') {
    super(message);
    this.name = 'ApiUnreachableError';
  }
}

/** Statuses a proxy or CDN answers when the origin API is down. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/** The error text of a failed reply: the server's `error`, else the status. */
async function replyError(response: Response): Promise<Error> {
  if (UNREACHABLE_STATUSES.has(response.status)) return new ApiUnreachableError();
  let message = `The store answered ${response.status}.`;
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) message = body.error;
  } catch {
    // Not JSON: keep the status text.
  }
  return new Error(message);
}

async function getJson(url: string, signal: AbortSignal | undefined): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiUnreachableError();
  }
  if (!response.ok) throw await replyError(response);
  try {
    return await response.json();
  } catch {
    return undefined; // parse* turns this into the malformed-reply error
  }
}

/** GET /api/products/filter for the search state (spec storefront 7). */
export async function fetchFilter(
  params: SearchParams,
  defaultLimit: number,
  signal?: AbortSignal,
): Promise<FilterReply> {
  const query = filterQuery(params, defaultLimit);
  return parseFilterReply(await getJson(`/api/products/filter?${query.toString()}`, signal));
}

/** GET /api/products?productIds= (spec storefront 7): the comparison page's products. */
export async function fetchProductsByIds(
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<ApiCard[]> {
  const query = new URLSearchParams({ productIds: ids.join(',') });
  return parseProductsReply(await getJson(`/api/products?${query.toString()}`, signal));
}

/**
 * GET /api/collections/{id or handle}: the handle of the collection a `cat` parameter
 * names (spec storefront 2, search results page).
 */
export async function fetchCollectionHandle(
  idOrHandle: string,
  signal?: AbortSignal,
): Promise<string> {
  const path = `/api/collections/${encodeURIComponent(idOrHandle)}`;
  const body = (await getJson(path, signal)) as { collection?: { handle?: unknown } } | undefined;
  const handle = body?.collection?.handle;
  if (typeof handle !== 'string' || !handle) throw new Error('That category was not found.');
  return handle;
}
