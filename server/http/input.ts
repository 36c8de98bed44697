import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from './errors.ts';

/** Largest JSON body any route accepts, in bytes. */
export const MAX_JSON_BYTES = 256 * 1024;

/**
 * Reads and validates a JSON body: 415 without a JSON content type, 413 past `maxBytes`,
 * 400 for malformed JSON or a body the schema refuses.
 */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  { maxBytes = MAX_JSON_BYTES }: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
  }
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > maxBytes) throw new HttpError(413, 'The request body is too large.');
  const raw = await c.req.text();
  if (Buffer.byteLength(raw) > maxBytes) throw new HttpError(413, 'The request body is too large.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new HttpError(400, `${where}${issue?.message ?? 'invalid request'}`);
  }
  return result.data;
}

/**
 * A positive integer id from a path segment, or a 404 (an id that cannot exist is not found).
 */
export function pathId(value: string | undefined, what = 'record'): number {
  if (value === undefined || !/^\d{1,10}$/.test(value) || Number(value) < 1) {
    throw new HttpError(404, `The ${what} was not found.`);
  }
  return Number(value);
}

/**
 * An optional integer query parameter within bounds; `fallback` when absent, 400 when not a
 * whole number in range.
 */
export function queryInt(
  c: Context,
  name: string,
  { fallback, min = 0, max = 1_000_000 }: { fallback: number; min?: number; max?: number },
): number {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d{1,10}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new HttpError(400, `${name} must be a whole number from ${min} to ${max}.`);
  }
  return Number(raw);
}
