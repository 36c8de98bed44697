import type { StatementSync } from 'node:sqlite';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { asActor } from '../catalog/change-actor.ts';
import {
  checkRecord,
  describeIssues,
  fieldPath,
  MAX_FIELD_ISSUES,
  type FieldIssue,
} from '../catalog/field-issues.ts';
import { InvalidRecordError } from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import { handleError, HttpError } from '../http/errors.ts';
import { pathId, readJson } from '../http/input.ts';
import type { AdminEnv } from './admin-actor.ts';

/**
 * A refusal that names its fields: `error` as every refusal has it, and
 * `issues` with each field's path and message, e.g.
 * `{ "error": "variants[0].price: must be 0 or more", "issues": [{ "path": "variants[0].price", "message": "must be 0 or more" }] }`.
 */
export class FieldErrors extends HttpError {
  readonly issues: readonly FieldIssue[];
  constructor(status: ContentfulStatusCode, issues: readonly FieldIssue[]) {
    super(status, describeIssues(issues));
    this.issues = issues.slice(0, MAX_FIELD_ISSUES);
  }
}

/**
 * Reads a merchandiser's JSON body against a catalogue schema: the 415/413/400 of readJson
 * for the body itself; 422 naming each field the schema does not have (a misspelt field
 * would otherwise be dropped without a word, and its value lost); 400 naming each value the
 * schema refuses.
 */
export async function readRecord<S extends z.ZodType>(
  c: Context,
  schema: S,
  {
    maxBytes,
    unknownMessage,
  }: { maxBytes?: number; unknownMessage?: (path: readonly PropertyKey[]) => string } = {},
): Promise<z.output<S>> {
  const body = await readJson(c, z.unknown(), maxBytes === undefined ? {} : { maxBytes });
  const checked = checkRecord(schema, body, unknownMessage);
  if (!checked.ok) throw new FieldErrors(checked.kind === 'unknown' ? 422 : 400, checked.issues);
  return checked.data;
}

/**
 * A database constraint failure as a 422 (the record conflicts with another one); any
 * other error unchanged. write.ts checks the known conflicts itself; this is the backstop.
 */
export function asConflict(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_SQLITE_ERROR' && error instanceof Error && /constraint/i.test(error.message)) {
    return new HttpError(422, 'The change conflicts with another record of the catalogue.');
  }
  return error;
}

/** One merchandiser write: one transaction, its change-feed rows labelled with `actor`. */
export function writeAs<T>(db: Database, actor: string, work: () => T): T {
  try {
    return asActor(db, actor, work);
  } catch (error) {
    throw asConflict(error);
  }
}

/**
 * The merchandiser routes' error handler: refusals with fields get `issues` beside `error`;
 * everything else as the app's handler answers it.
 */
export function adminErrors(error: Error, c: Context) {
  if (error instanceof FieldErrors) {
    return c.json({ error: error.message, issues: error.issues }, error.status);
  }
  if (error instanceof InvalidRecordError && error.path.length > 0) {
    const issues = [{ path: fieldPath(error.path), message: error.message }];
    return c.json({ error: describeIssues(issues), issues }, 422);
  }
  return handleError(error, c);
}

/**
 * A kind's records as the merchandiser routes find them, each missing one a 404: `read` in
 * the admin format (for GET and PATCH), `existing` its id and handle (a write checks no more
 * than that it exists), and the statements createAndReplace checks ids and handles with.
 */
export function adminRecords<R>(
  db: Database,
  kind: 'product' | 'collection',
  readRecordById: (db: Database, id: number) => R | undefined,
) {
  const byId = db.prepare(`SELECT id, handle FROM ${kind}s WHERE id = ?`);
  const byHandle = db.prepare(`SELECT id FROM ${kind}s WHERE handle = ?`);
  const notFound = () => new HttpError(404, `The ${kind} was not found.`);
  return {
    byId,
    byHandle,
    read: (id: number | undefined): R => {
      const found = id === undefined ? undefined : readRecordById(db, id);
      if (!found) throw notFound();
      return found;
    },
    existing: (id: number): { id: number; handle: string } => {
      const row = byId.get(id) as { id: number; handle: string } | undefined;
      if (!row) throw notFound();
      return row;
    },
  };
}

/** Catalogue records can be large (descriptions, reviews); merchandisers may send up to 4 MB. */
export const ADMIN_MAX_JSON_BYTES = 4 * 1024 * 1024;

/**
 * POST / creates a record, refusing an id or handle another record has (201 with its id and
 * handle); PUT /:id replaces an existing one, the path's id winning over one in the body
 * (merchandiser API). `app` is the kind's own
 * sub-app (/api/admin/products, /api/admin/collections).
 */
export function createAndReplace<S extends z.ZodType<{ id?: number | undefined; handle: string }>>(
  app: Hono<AdminEnv>,
  db: Database,
  kind: 'product' | 'collection',
  schema: S,
  write: {
    byId: StatementSync;
    byHandle: StatementSync;
    existing: (id: number) => unknown;
    upsert: (db: Database, input: z.output<S>) => number;
  },
): void {
  const limit = { maxBytes: ADMIN_MAX_JSON_BYTES };
  app.post('/', async (c) => {
    const input = await readRecord(c, schema, limit);
    const id = writeAs(db, c.get('actor'), () => {
      if (input.id !== undefined && write.byId.get(input.id)) {
        throw new InvalidRecordError(`${kind} ${input.id} already exists; change it with PUT`, [
          'id',
        ]);
      }
      if (write.byHandle.get(input.handle)) {
        throw new InvalidRecordError(`handle "${input.handle}" belongs to another ${kind}`, [
          'handle',
        ]);
      }
      return write.upsert(db, input);
    });
    return c.json({ [kind]: { id, handle: input.handle } }, 201);
  });

  app.put('/:id', async (c) => {
    const id = pathId(c.req.param('id'), kind);
    const input = await readRecord(c, schema, limit);
    writeAs(db, c.get('actor'), () => {
      write.existing(id);
      write.upsert(db, { ...input, id });
    });
    return c.json({ [kind]: { id, handle: input.handle } });
  });
}
