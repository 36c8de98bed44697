import { fetchFilter } from './filter-api.ts';
import type { FilterReply } from './filter-reply.ts';
import {
  filterQuery,
  parseSearchParams,
  shouldSearch,
  type SearchParams,
} from './search-params.ts';

/**
 * /search.php's first filter call, started by the page's own small script as soon as the
 * page is parsed instead of after React has loaded and hydrated the results list
 * (the results, and the largest picture among them, came late on a phone). The list
 * takes the reply when its first call asks for the same query; any other call goes out as
 * usual. One reply, taken once.
 */
let early: { query: string; reply: Promise<FilterReply> } | undefined;

const keyOf = (params: SearchParams, defaultLimit: number): string =>
  filterQuery(params, defaultLimit).toString();

/** Starts the call for the address's search, when there is one to make. */
export function startEarlyFilter(search: string, defaultLimit: number): void {
  const params = parseSearchParams(search);
  if (new URLSearchParams(search).has('cat') || !shouldSearch(params)) return;
  const reply = fetchFilter(params, defaultLimit);
  // The list reports a failure when it takes the reply; nobody may take it at all.
  reply.catch(() => undefined);
  early = { query: keyOf(params, defaultLimit), reply };
}

/** The early reply for this call, if it is the one started; taken only once. */
export function takeEarlyFilter(
  params: SearchParams,
  defaultLimit: number,
): Promise<FilterReply> | undefined {
  if (!early || early.query !== keyOf(params, defaultLimit)) return undefined;
  const { reply } = early;
  early = undefined;
  return reply;
}
