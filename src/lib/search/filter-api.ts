import { getJson } from './api-read.ts';
import {
  parseFilterReply,
  parsePageInfo,
  type FilterReply,
  type PageInfo,
} from './filter-reply.ts';
import { filterQuery, type SearchParams } from './search-params.ts';

export { ApiUnreachableError } from './api-read.ts';

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
