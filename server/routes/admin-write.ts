import type { Context } from 'hono';
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
import { readJson } from '../http/input.ts';

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
