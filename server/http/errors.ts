import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { InvalidRecordError, NotFoundError } from '../catalog/write.ts';

/** An error with the HTTP status and the shopper-readable text the reply carries. */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(status: ContentfulStatusCode, message: string) {
    super(message);
    this.status = status;
  }
}

/** Every refusal has this shape: `{ "error": "..." }` ("Stock"). */
export function jsonError(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ error: message }, status);
}

/** Words for a zod failure: "variants.0.price: must have at most 2 decimals". */
export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}

/**
 * The app's error handler: known errors become 4xx with `{error}`; anything else is logged
 * and answered with a generic 500 that leaks nothing.
 */
export function handleError(error: Error, c: Context) {
  if (error instanceof HttpError) return jsonError(c, error.status, error.message);
  if (error instanceof ZodError) return jsonError(c, 400, describeZodError(error));
  if (error instanceof NotFoundError) return jsonError(c, 404, error.message);
  if (error instanceof InvalidRecordError) return jsonError(c, 422, error.message);
  console.error(`[api] ${c.req.method} ${c.req.path} failed:`, error);
  return jsonError(c, 500, 'Something went wrong. Please try again.');
}
