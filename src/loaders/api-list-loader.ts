import type { Loader } from 'astro/loaders';
import type { z } from 'zod';
import { urlCleaners } from '../../shared/contracts/record-urls.ts';
import { fetchJson, type FetchJsonOptions } from './fetch-json.ts';

/** How a collection reads its records from the API. */
export interface ApiListSource {
  /** Path and query of the list call, without page and limit: '/api/articles'. */
  path: string;
  /** The reply key that holds the records: 'articles'. */
  key: string;
  /** Page size when the call is paged (zero-based `page` and `limit` are added). */
  pageSize?: number;
  /** A detail call per record, when the list leaves fields out: id => '/api/articles/355'. */
  detailPath?: (listed: Record<string, unknown>) => string;
  /** The reply key of the detail call: 'article'. */
  detailKey?: string;
  /** The entry id of a record; its `id` field by default. */
  idOf?: (record: Record<string, unknown>) => string;
}

/** Stops a paged read that never ends (an API that ignores `page`). */
const MAX_PAGES = 10_000;

/** What the read needs of Astro's loader context, so tests can pass plain maps. */
export interface ListTarget {
  set: (entry: { id: string; data: Record<string, unknown>; digest: string }) => void;
  clear: () => void;
  digest: (data: Record<string, unknown>) => string;
  warn: (message: string) => void;
}

/**
 * Reads every record of a list call (page by page when paged), validates each against the
 * collection's schema and replaces the collection with the valid ones. A record that does
 * not validate is skipped with a warning naming its id and field (DESIGN, build pipeline 2).
 * Returns how many records were kept and skipped.
 */
export async function readApiList<S extends z.ZodType>(
  apiUrl: string,
  source: ApiListSource,
  schema: S,
  target: ListTarget,
  fetchOptions: FetchJsonOptions = {},
): Promise<{ kept: number; skipped: number }> {
  const get = (path: string) =>
    fetchJson<Record<string, unknown>>(new URL(path, apiUrl), fetchOptions);
  const idOf = source.idOf ?? ((record) => String(record['id']));
  const raw: Record<string, unknown>[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const separator = source.path.includes('?') ? '&' : '?';
    const url = source.pageSize
      ? `${source.path}${separator}limit=${source.pageSize}&page=${page}`
      : source.path;
    const reply = await get(url);
    const records = reply[source.key];
    if (!Array.isArray(records)) {
      throw new Error(`${url} answered without a "${source.key}" list`);
    }
    raw.push(...(records as Record<string, unknown>[]));
    if (!source.pageSize || records.length < source.pageSize) break;
  }

  const records: Record<string, unknown>[] = [];
  for (const listed of raw) {
    if (source.detailPath && source.detailKey) {
      const reply = await get(source.detailPath(listed));
      records.push(reply[source.detailKey] as Record<string, unknown>);
    } else {
      records.push(listed);
    }
  }

  target.clear();
  let kept = 0;
  let skipped = 0;
  const clean = urlCleaners.get(schema)?.clean;
  for (const record of records) {
    const id = record && typeof record === 'object' ? idOf(record) : 'unknown';
    // Bad URLs are dropped first, each with a warning (shared/contracts/record-urls.ts).
    const cleaned = clean ? clean(record) : { record, warnings: [] };
    for (const warning of cleaned.warnings) {
      target.warn(`${source.key} record ${id}: ${warning}`);
    }
    const parsed = schema.safeParse(cleaned.record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      target.warn(
        `Skipped ${source.key} record ${id}: ${issue?.path.join('.') || '(record)'}: ${issue?.message ?? 'invalid'}`,
      );
      skipped += 1;
      continue;
    }
    target.set({
      id,
      data: parsed.data as Record<string, unknown>,
      digest: target.digest(record),
    });
    kept += 1;
  }
  return { kept, skipped };
}

/** An Astro content loader over one API list call (see readApiList). */
export function apiListLoader<S extends z.ZodType>(options: {
  apiUrl: string;
  source: ApiListSource;
  schema: S;
}): Loader {
  return {
    name: `commerce-api-${options.source.key}`,
    schema: options.schema,
    load: async (context) => {
      const { store, logger } = context;
      const { kept, skipped } = await readApiList(options.apiUrl, options.source, options.schema, {
        set: (entry) => {
          store.set(entry);
        },
        clear: () => store.clear(),
        digest: (data) => context.generateDigest(data),
        warn: (message) => logger.warn(message),
      });
      logger.info(`${kept} records${skipped ? `, ${skipped} skipped` : ''}`);
    },
  };
}
