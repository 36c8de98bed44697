import type { Context } from 'hono';
import type { Database } from '../db/open.ts';
import { queryInt } from '../http/input.ts';

/** Paging of a list reply, the shape the storefront reads (spec: account-and-shell 3, page info). */
export interface PageInfo {
  page: number;
  limitPerPage: number;
  totalObjects: number;
  totalPages: number;
}

/** Where one page of a list starts and how long it is. */
export interface Paging {
  page: number;
  limit: number;
  offset: number;
}

/** The highest zero-based page any list accepts; past it the request is refused with a 400. */
export const MAX_PAGE = 100_000;

/**
 * Reads `limit` (1..`max`) and zero-based `page` from the query; a value that is not a whole
 * number in range is a 400 with `{error}` (bad input never crashes the server).
 *
 * @example const { limit, offset } = readPaging(c, { fallback: 20 });
 */
export function readPaging(
  c: Context,
  { fallback, max = 100 }: { fallback: number; max?: number },
): Paging {
  const limit = queryInt(c, 'limit', { fallback, min: 1, max });
  const page = queryInt(c, 'page', { fallback: 0, min: 0, max: MAX_PAGE });
  return { page, limit, offset: page * limit };
}

/** The pageInfo of a list reply for `total` rows split into pages of `paging.limit`. */
export function pageInfo(paging: Paging, total: number): PageInfo {
  return {
    page: paging.page,
    limitPerPage: paging.limit,
    totalObjects: total,
    totalPages: Math.ceil(total / paging.limit),
  };
}

/**
 * A numeric record id from a path segment, or null when it cannot be one (the caller answers
 * 404: an id that cannot exist is not found, not a bad request).
 */
export function numericId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

/** Longest handle looked up; a longer one cannot exist and is answered 404 without a query. */
export const MAX_HANDLE_LENGTH = 255;

/** A handle from a path segment, or null when it is empty or too long to exist. */
export function handleParam(value: string | undefined): string | null {
  if (value === undefined || value === '' || value.length > MAX_HANDLE_LENGTH) return null;
  return value;
}

/**
 * The row `sql` (with the handle as its one parameter) finds for a handle from the path, or
 * undefined when there is none or the handle is malformed: no query for a handle that cannot
 * exist.
 */
export function rowByHandle(db: Database, sql: string, raw: string | undefined): unknown {
  const handle = handleParam(raw);
  return handle === null ? undefined : db.prepare(sql).get(handle);
}
