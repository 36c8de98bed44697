// zod's small build: this runs in the browser, where the full build costs about 25 kB gzipped.
import { z } from 'zod/mini';
import { manifestEmpty, manifestShards, SHARDS_FILE, shardDir } from './pagefind-shards.ts';
import { holdsEveryWord } from './term-match.ts';
import type { SearchHit } from './search-box.ts';

/** The part of Pagefind's browser API (pagefind.js) the results list's fallback uses. */
export interface PagefindApi {
  options?: (options: Record<string, unknown>) => Promise<void>;
  init?: () => Promise<void>;
  mergeIndex?: (path: string, options?: Record<string, unknown>) => Promise<void>;
  search: (
    term: string,
    options?: { filters?: Record<string, string> },
  ) => Promise<{ results: { data: () => Promise<unknown> }[] } | null>;
}

/**
 * Where the build writes the products' index (publisher/search-index.ts), in shards
 * (./pagefind-shards.ts) merged into one runtime. Only the results list reads it, when the API
 * cannot be reached; the search box reads the suggestion index (./suggest-format.ts).
 */
const PAGEFIND_BASE = '/pagefind/';
export const PAGEFIND_URL = `${PAGEFIND_BASE}pagefind.js`;
export const SHARDS_URL = `${PAGEFIND_BASE}${SHARDS_FILE}`;

const fragment = z.object({
  url: z.string(),
  content: z.optional(z.string()),
  meta: z.object({
    title: z.string(),
    image: z.optional(z.string()),
    price: z.optional(z.string()),
    partNumber: z.optional(z.string()),
  }),
});

/** A Pagefind result's data as a hit, or null for a record of another shape. */
export function toHit(data: unknown): SearchHit | null {
  const parsed = fragment.safeParse(data);
  if (!parsed.success) return null;
  const { url, meta } = parsed.data;
  return {
    url,
    title: meta.title,
    image: meta.image ?? '',
    price: meta.price,
    partNumber: meta.partNumber,
  };
}

export type PagefindLoader = () => Promise<PagefindApi>;

const importIndex = (url: string) => () => import(/* @vite-ignore */ url) as Promise<PagefindApi>;

const OPTIONS = { excerptLength: 0 };

/**
 * Loads a pagefind.js once, on first use, then runs `merge` (the products' other shards); a
 * failed load or merge is tried again on the next search.
 */
export function lazyPagefind(
  load: PagefindLoader = importIndex(PAGEFIND_URL),
  merge: (api: PagefindApi) => Promise<void> = () => Promise.resolve(),
): PagefindLoader {
  let loading: Promise<PagefindApi> | undefined;
  return () => {
    loading ??= load()
      .then(async (api) => {
        await api.options?.(OPTIONS);
        await api.init?.();
        await merge(api);
        return api;
      })
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
}

/**
 * Merges the products' shards 1 to n-1 (src/lib/search/pagefind-shards.ts) into the runtime
 * of shard 0. No manifest (404) is an index from before sharding, one shard; any other
 * failure fails the load, so that a search never quietly misses most of the catalogue.
 */
export async function mergeShards(
  api: PagefindApi,
  // eslint-disable-next-line no-restricted-globals -- the static Pagefind index, not /api
  get: (url: string) => Promise<Response> = (url) => fetch(url),
): Promise<void> {
  const reply = await get(SHARDS_URL);
  if (reply.status === 404) return;
  if (!reply.ok) throw new Error(`${SHARDS_URL} answered ${String(reply.status)}`);
  const manifest: unknown = await reply.json();
  const empty = manifestEmpty(manifest);
  const merged = Array.from({ length: manifestShards(manifest) }, (_, shard) => shard).filter(
    (shard) => shard > 0 && !empty.has(shard),
  );
  const mergeIndex = api.mergeIndex?.bind(api);
  if (!merged.length) return;
  if (!mergeIndex) throw new Error('This pagefind.js cannot merge the index shards.');
  // A load tried again gets the same module back: a shard merged before is not merged twice.
  const done = mergedShards.get(api) ?? new Set<string>();
  mergedShards.set(api, done);
  await Promise.all(
    merged
      .map((shard) => `${PAGEFIND_BASE}${shardDir(shard)}`)
      .filter((path) => !done.has(path))
      .map(async (path) => {
        await mergeIndex(path, OPTIONS);
        done.add(path);
      }),
  );
}

const mergedShards = new WeakMap<PagefindApi, Set<string>>();

/**
 * Whether a result's data holds every query word (./term-match.ts): a result that Pagefind
 * found by backing off in a shard without the word does not. Data without content passes.
 */
export function holdsWords(data: unknown, words: readonly string[]): boolean {
  const parsed = fragment.safeParse(data);
  const content = parsed.success ? parsed.data.content : undefined;
  return content === undefined || holdsEveryWord(words, content);
}

/** The products index, loaded once per page, when the results list's fallback needs it. */
export const productIndex = lazyPagefind(importIndex(PAGEFIND_URL), mergeShards);
