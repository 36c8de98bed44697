import type { Database } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import {
  COLLECTION_COLUMNS,
  COLLECTION_FIELDS,
  collectionRecords,
  project,
  type CollectionField,
  type CollectionRecord,
  type CollectionRow,
} from './collections-read.ts';
import { loadCollectionTree } from './collections-tree.ts';

/** Orders a collection list may take (`sortBy=`); every one ends on id, so pages are stable. */
export const COLLECTION_SORTS = {
  position: 'c.position, c.id',
  title_asc: 'c.title COLLATE NOCASE, c.id',
  title_desc: 'c.title COLLATE NOCASE DESC, c.id',
  id_asc: 'c.id',
} as const;

export type CollectionSort = keyof typeof COLLECTION_SORTS;

/** The query of GET /api/collections, validated. */
export interface CollectionListQuery {
  /** A parent id, or 'root' for the top level. */
  parentId?: number | 'root';
  handle?: string;
  ids?: number[];
  isFeatured?: boolean;
  limit: number;
  page: number;
  sortBy: CollectionSort;
  /** The keys to keep (id is always kept); null for every field. */
  fields: ReadonlySet<CollectionField> | null;
}

export const MAX_LIST_LIMIT = 1000;
const MAX_IDS = 1000;

const bad = (message: string) => new HttpError(400, message);
const isId = (value: string) => /^\d{1,10}$/.test(value) && Number(value) >= 1;

function wholeNumber(raw: string | undefined, name: string, min: number, max: number) {
  if (raw === undefined || raw === '') return undefined;
  if (!/^-?\d{1,10}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw bad(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return Number(raw);
}

/**
 * Reads the list query (spec storefront 7, "GET api/collections?{query params}&fields="):
 * parentId (an id or `root`), handle, ids (comma list), isFeatured (true/false), limit
 * (1..1000, default 100), zero-based page, sortBy and fields. Bad values are a 400; unknown
 * field names are ignored, so a projection never fails on a field this API lacks.
 */
export function parseCollectionListQuery(query: Record<string, string>): CollectionListQuery {
  const parsed: CollectionListQuery = {
    limit: wholeNumber(query.limit, 'limit', 1, MAX_LIST_LIMIT) ?? 100,
    page: wholeNumber(query.page, 'page', 0, 1_000_000) ?? 0,
    sortBy: 'position',
    fields: null,
  };
  const { parentId, handle, ids, isFeatured, sortBy, fields } = query;
  if (parentId !== undefined && parentId !== '') {
    if (parentId !== 'root' && !isId(parentId)) throw bad('parentId must be an id or "root".');
    parsed.parentId = parentId === 'root' ? 'root' : Number(parentId);
  }
  if (handle !== undefined && handle !== '') {
    if (handle.length > 200) throw bad('handle is too long.');
    parsed.handle = handle;
  }
  if (ids !== undefined && ids !== '') {
    const list = ids.split(',').map((id) => id.trim());
    if (list.length > MAX_IDS) throw bad(`ids may list at most ${MAX_IDS} ids.`);
    if (!list.every(isId)) throw bad('ids must be a comma-separated list of ids.');
    parsed.ids = list.map(Number);
  }
  if (isFeatured !== undefined && isFeatured !== '') {
    if (isFeatured !== 'true' && isFeatured !== 'false') {
      throw bad('isFeatured must be true or false.');
    }
    parsed.isFeatured = isFeatured === 'true';
  }
  if (sortBy !== undefined && sortBy !== '') {
    if (!Object.hasOwn(COLLECTION_SORTS, sortBy)) {
      throw bad(`sortBy must be one of ${Object.keys(COLLECTION_SORTS).join(', ')}.`);
    }
    parsed.sortBy = sortBy as CollectionSort;
  }
  if (fields !== undefined && fields.trim() !== '') {
    const names = new Set(fields.split(',').map((name) => name.trim()));
    parsed.fields = new Set(COLLECTION_FIELDS.filter((name) => names.has(name) || name === 'id'));
  }
  return parsed;
}

/** One page of GET /api/collections: `{ collections, pageInfo }`. */
export interface CollectionPage {
  collections: (Partial<CollectionRecord> & { id: number })[];
  pageInfo: { limitPerPage: number; page: number; totalObjects: number; totalPages: number };
}

/** Runs a validated list query: one page of records, projected to the fields asked for. */
export function listCollections(db: Database, query: CollectionListQuery): CollectionPage {
  const where: string[] = [];
  const params: (number | string)[] = [];
  if (query.parentId === 'root') where.push('c.parent_id IS NULL');
  else if (query.parentId !== undefined) {
    where.push('c.parent_id = ?');
    params.push(query.parentId);
  }
  if (query.handle !== undefined) {
    where.push('c.handle = ?');
    params.push(query.handle);
  }
  if (query.ids !== undefined) {
    where.push('c.id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(query.ids));
  }
  if (query.isFeatured !== undefined) {
    where.push('c.is_featured = ?');
    params.push(query.isFeatured ? 1 : 0);
  }
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const total = (
    db.prepare(`SELECT COUNT(*) AS n FROM collections c ${filter}`).get(...params) as { n: number }
  ).n;
  const rows = db
    .prepare(
      `SELECT ${COLLECTION_COLUMNS} FROM collections c ${filter}
       ORDER BY ${COLLECTION_SORTS[query.sortBy]} LIMIT ? OFFSET ?`,
    )
    .all(...params, query.limit, query.page * query.limit) as unknown as CollectionRow[];
  const records = collectionRecords(db, loadCollectionTree(db), rows, query.fields);
  const { fields } = query;
  return {
    collections: fields ? records.map((record) => project(record, fields)) : records,
    pageInfo: {
      limitPerPage: query.limit,
      page: query.page,
      totalObjects: total,
      totalPages: Math.ceil(total / query.limit),
    },
  };
}
