import type { Loader } from 'astro/loaders';
import { fetchJson, type FetchJsonOptions } from './fetch-json.ts';
import { productRecordDigest } from '../lib/product/cache-key.ts';
import type { ChangeEntity } from '../../shared/contracts/publish.ts';
import {
  parseProductRecord,
  productRecordSchema,
  type ProductRecord,
} from '../../shared/contracts/product-record.ts';

/** Products per bulk page; the API allows up to 1000. */
export const BULK_PAGE_SIZE = 500;
/** Past this many changed products, a full reload is cheaper than fetching by id. */
export const MAX_INCREMENTAL_CHANGES = 20_000;

interface BulkPage {
  products: unknown[];
  pageInfo?: { nextAfterId: number | null };
}
interface ChangesPage {
  changes: {
    entity: ChangeEntity;
    id: number;
    op: 'upsert' | 'delete';
  }[];
  cursor: number;
  hasMore: boolean;
}

/** The slice of Astro's loader context the sync needs (so tests can pass plain maps). */
export interface SyncTarget {
  get: (id: string) => { digest?: string | number } | undefined;
  set: (entry: { id: string; data: ProductRecord; digest: string }) => void;
  delete: (id: string) => void;
  keys: () => string[];
  getMeta: (key: string) => string | undefined;
  setMeta: (key: string, value: string) => void;
  digest: (data: Record<string, unknown>) => string;
  warn: (message: string) => void;
  info: (message: string) => void;
}

export interface SyncResult {
  mode: 'full' | 'incremental';
  written: number;
  unchanged: number;
  deleted: number;
  skipped: number;
  cursor: number;
}

/**
 * Brings the store up to date with the API. The first run reads every product page by
 * page; later runs read the change feed since the recorded cursor and fetch only what
 * changed (DESIGN, build pipeline 6). A record whose digest is unchanged is not re-parsed.
 * A product that fails validation is skipped with a warning naming its id and field, and
 * never rendered half-broken.
 *
 * Writes reach the target only after the last page was read: Astro saves its content store
 * 500 ms after the last write, so writes spread over a slow read would save the growing
 * store again and again (each save serialises every product), and a read that fails half
 * way leaves the store as it was.
 */
export async function syncProducts(
  apiUrl: string,
  store: SyncTarget,
  fetchOptions: FetchJsonOptions = {},
): Promise<SyncResult> {
  const writes: (() => void)[] = [];
  const target: SyncTarget = {
    ...store,
    set: (entry) => writes.push(() => store.set(entry)),
    delete: (id) => writes.push(() => store.delete(id)),
    // The cursor is recorded with the products it covers, never before them.
    setMeta: (key, value) => writes.push(() => store.setMeta(key, value)),
  };
  const result = await readProducts(apiUrl, target, fetchOptions);
  for (const write of writes) write();
  return result;
}

async function readProducts(
  apiUrl: string,
  target: SyncTarget,
  fetchOptions: FetchJsonOptions,
): Promise<SyncResult> {
  const get = <T>(path: string) => fetchJson<T>(new URL(path, apiUrl), fetchOptions);
  const result: SyncResult = {
    mode: 'full',
    written: 0,
    unchanged: 0,
    deleted: 0,
    skipped: 0,
    cursor: 0,
  };

  const accept = (raw: unknown, seen?: Set<string>) => {
    const id = rawId(raw);
    seen?.add(id);
    const digest = productRecordDigest(raw as Record<string, unknown>, target.digest);
    if (target.get(id)?.digest === digest) {
      result.unchanged += 1;
      return;
    }
    const parsed = parseProductRecord(raw);
    for (const warning of parsed.warnings) target.warn(`Product ${id}: ${warning}`);
    if (!parsed.ok) {
      result.skipped += 1;
      target.warn(`Skipped product ${id}: ${parsed.problem}`);
      if (target.get(id)) target.delete(id);
      return;
    }
    target.set({ id, data: parsed.product, digest });
    result.written += 1;
  };

  // The cursor is read first, so a change made during a full read is seen next time.
  const now = await get<{ cursor: number; databaseId?: string }>('/api/changes/cursor');
  const databaseId = now.databaseId ?? '';
  const recorded = Number(target.getMeta('cursor') ?? NaN);
  const sameDatabase = target.getMeta('databaseId') === databaseId;
  if (sameDatabase && Number.isInteger(recorded) && target.keys().length > 0) {
    const changed = await readChanges(get, recorded);
    if (changed && changed.upserts.size + changed.deletes.size <= MAX_INCREMENTAL_CHANGES) {
      result.mode = 'incremental';
      for (const id of changed.deletes) {
        if (target.get(String(id))) {
          target.delete(String(id));
          result.deleted += 1;
        }
      }
      const ids = [...changed.upserts];
      for (let i = 0; i < ids.length; i += BULK_PAGE_SIZE) {
        const chunk = ids.slice(i, i + BULK_PAGE_SIZE);
        const page = await get<BulkPage>(`/api/products/bulk?ids=${chunk.join(',')}`);
        const found = new Set<string>();
        for (const raw of page.products) accept(raw, found);
        // Changed, then deleted before we asked: gone.
        for (const id of chunk.map(String)) {
          if (!found.has(id) && target.get(id)) {
            target.delete(id);
            result.deleted += 1;
          }
        }
      }
      result.cursor = changed.cursor;
      target.setMeta('cursor', String(changed.cursor));
      return result;
    }
  }

  const seen = new Set<string>();
  let afterId: number | null = 0;
  while (afterId !== null) {
    const page: BulkPage = await get<BulkPage>(
      `/api/products/bulk?afterId=${afterId}&limit=${BULK_PAGE_SIZE}`,
    );
    for (const raw of page.products) accept(raw, seen);
    afterId = page.pageInfo?.nextAfterId ?? null;
  }
  for (const id of target.keys()) {
    if (!seen.has(id)) {
      target.delete(id);
      result.deleted += 1;
    }
  }
  result.cursor = now.cursor;
  target.setMeta('cursor', String(now.cursor));
  target.setMeta('databaseId', databaseId);
  return result;
}

function rawId(raw: unknown): string {
  const id = raw && typeof raw === 'object' && 'id' in raw ? raw.id : undefined;
  if (typeof id !== 'number' && typeof id !== 'string') {
    throw new Error(
      `The API returned a product without an id: ${JSON.stringify(raw).slice(0, 200)}`,
    );
  }
  return String(id);
}

async function readChanges(
  get: <T>(path: string) => Promise<T>,
  since: number,
): Promise<{ upserts: Set<number>; deletes: Set<number>; cursor: number } | undefined> {
  const upserts = new Set<number>();
  const deletes = new Set<number>();
  let cursor = since;
  for (;;) {
    const page = await get<ChangesPage>(`/api/changes?since=${cursor}&limit=1000`);
    for (const change of page.changes) {
      if (change.entity !== 'product') continue;
      if (change.op === 'delete') {
        upserts.delete(change.id);
        deletes.add(change.id);
      } else {
        deletes.delete(change.id);
        upserts.add(change.id);
      }
    }
    cursor = page.cursor;
    if (upserts.size + deletes.size > MAX_INCREMENTAL_CHANGES) return undefined;
    if (!page.hasMore) return { upserts, deletes, cursor };
  }
}

/**
 * The Astro content loader for the `products` collection. `token` is the merchandiser token
 * (env ADMIN_TOKEN): the bulk and change-feed calls it reads are the build's alone.
 */
export function productsLoader({ apiUrl, token }: { apiUrl: string; token: string }): Loader {
  return {
    name: 'commerce-api-products',
    schema: productRecordSchema,
    load: async (context) => {
      const { store, meta, logger } = context;
      const started = Date.now();
      const result = await syncProducts(
        apiUrl,
        {
          get: (id) => store.get(id),
          set: (entry) => {
            store.set(entry);
          },
          delete: (id) => store.delete(id),
          keys: () => store.keys(),
          getMeta: (key) => meta.get(key),
          setMeta: (key, value) => meta.set(key, value),
          digest: (data) => context.generateDigest(data),
          warn: (message) => logger.warn(message),
          info: (message) => logger.info(message),
        },
        { token },
      );
      logger.info(
        `${result.mode} sync: ${result.written} written, ${result.unchanged} unchanged, ` +
          `${result.deleted} deleted, ${result.skipped} skipped in ${Date.now() - started} ms`,
      );
    },
  };
}
