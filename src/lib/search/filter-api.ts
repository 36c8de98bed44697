import { ApiError, getJson as apiGetJson } from '../api/client.ts';
import {
  parseFilterReply,
  parsePageInfo,
  parseProductsReply,
  type ApiCard,
  type FilterReply,
  type PageInfo,
} from './filter-reply.ts';
import { filterQuery, type SearchParams } from './search-params.ts';

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
async function getJson(url: string, signal: AbortSignal | undefined): Promise<unknown> {
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

/** GET /api/products/filter for the search state (spec storefront 7). */
export async function fetchFilter(
  params: SearchParams,
  defaultLimit: number,
  signal?: AbortSignal,
): Promise<FilterReply> {
  const query = filterQuery(params, defaultLimit);
  return parseFilterReply(await getJson(`/api/products/filter?${query.toString()}`, signal));
}

/**
 * The filter panel's choices for a list whose cards are already on the page (a prerendered
 * collection page): the same call, for the smallest page the API serves and card ids only.
 */
export async function fetchChoices(params: SearchParams, signal?: AbortSignal): Promise<PageInfo> {
  const query = filterQuery({ ...params, page: 0 }, 4);
  query.set('limit', '4');
  query.set('fields', 'id');
  return parsePageInfo(await getJson(`/api/products/filter?${query.toString()}`, signal));
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
