import type { ChangeEntity } from '../shared/contracts/publish.ts';
import type { PendingChange } from './types.ts';

/** The commerce API's change feed, read with the merchandiser token (server/routes/changes.ts). */
export interface FeedClient {
  apiUrl: string;
  adminToken: string;
}

/** Changes listed per page of the feed, and pages read at most to count what is pending. */
const PAGE = 1000;
const MAX_PAGES = 20;
/** Changes the overview lists one by one. */
export const LISTED_CHANGES = 100;

/** A GET of the catalogue API with the merchandiser token (the feed, the pending list's names). */
export async function catalogueGet<T>(feed: FeedClient, path: string): Promise<T> {
  const response = await fetch(new URL(path, feed.apiUrl), {
    headers: { authorization: `Bearer ${feed.adminToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    throw new Error(`The catalogue API answered ${String(response.status)} to ${path}.`);
  }
  return (await response.json()) as T;
}

/** The newest sequence number of the change feed. */
export function feedCursor(feed: FeedClient): Promise<{ cursor: number }> {
  return catalogueGet(feed, '/api/changes/cursor');
}

/**
 * The changes after `since` (the live release's cursor): how many (up to 20,000 counted;
 * `more` when there are further ones) and the latest 100 of those, newest first: what a
 * merchandiser just did is what they look for.
 */
export async function changesSince(
  feed: FeedClient,
  since: number,
): Promise<{ count: number; changes: PendingChange[]; more: boolean }> {
  const listed: PendingChange[] = [];
  let count = 0;
  for await (const { changes, hasMore } of feedPages(feed, since)) {
    count += changes.length;
    listed.push(...changes);
    listed.splice(0, Math.max(0, listed.length - LISTED_CHANGES));
    if (!hasMore) return { count, changes: listed.reverse(), more: false };
  }
  return { count, changes: listed.reverse(), more: true };
}

/** The feed's pages after `since`, up to MAX_PAGES of them. */
async function* feedPages(
  feed: FeedClient,
  since: number,
): AsyncGenerator<{ changes: PendingChange[]; hasMore: boolean }> {
  let cursor = since;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await catalogueGet<{
      changes: PendingChange[];
      cursor: number;
      hasMore: boolean;
    }>(feed, `/api/changes?since=${String(cursor)}&limit=${String(PAGE)}`);
    yield answer;
    if (!answer.hasMore) return;
    cursor = answer.cursor;
  }
}

/**
 * The kinds of change the warm renderer follows (publisher/warm): a product's, which it brings
 * into its store, and a machine model's (issue 31), which no page shows but through the
 * records of the products that fit it, each of them logged as changed with it
 * (server/db/migrations/0013-machines.ts); collections (issue 33, item 9) and content
 * (item 12: articles, help answers, pages, questions), which the warm renderer reads again
 * whole on every publish (publisher/warm/worker.ts readLists), its pages' keys following what
 * they show. A collection's edit logs the collection alone: the pages take its title, handle
 * and chain from the collection list, and its products' pages include its trail
 * (src/data/trails.ts); a delete logs its members too, whose collections change
 * (server/routes/admin-collections.ts). A kind added to the feed must be given its answer here
 * (the type asks for every kind).
 */
const WARM: Readonly<Record<ChangeEntity, boolean>> = {
  product: true,
  machine: true,
  collection: true,
  article: true,
  help: true,
  page: true,
  question: true,
};

/**
 * Whether every change after `since` is one the warm renderer follows (WARM); more changes
 * than are read here need a full build.
 */
export async function onlyWarmChanges(feed: FeedClient, since: number): Promise<boolean> {
  for await (const { changes, hasMore } of feedPages(feed, since)) {
    if (changes.some((change) => WARM[change.entity] !== true)) return false;
    if (!hasMore) return true;
  }
  return false;
}
