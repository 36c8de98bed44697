import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { jsonError } from './errors.ts';
import { MAX_JSON_BYTES } from './input.ts';

/** A path prefix allowed a larger body. */
export interface LargerBody {
  /** The prefix, which covers itself and everything below it: '/api/admin'. */
  prefix: string;
  maxBytes: number;
  /**
   * Runs before a byte of the body is read, and may answer instead (a 401 without the
   * merchandiser token, say), so that only callers entitled to the larger limit can make the
   * server hold that much.
   */
  guard?: MiddlewareHandler;
}

/** Options of {@link bodyLimits}. */
export interface BodyLimitsOptions {
  /** Largest request body, in bytes, on every path not under a `larger` prefix. */
  maxBytes?: number;
  larger?: LargerBody[];
}

/**
 * Refuses a request body past its limit with 413 `{error}` as the bytes arrive (
 * item 6: a 100 MB chunked POST used to be buffered whole before readJson's 413). A declared
 * Content-Length past the limit is refused before any byte is read; a chunked body is counted
 * by Hono's bodyLimit and abandoned at the first byte over. The 413 closes the connection, so
 * Node does not read on through the rest of the upload. Routes keep their own smaller limits
 * (readJson's `maxBytes`).
 *
 * @example app.use('*', bodyLimits({ larger: [{ prefix: '/api/admin', maxBytes, guard }] }))
 */
export function bodyLimits({
  maxBytes = MAX_JSON_BYTES,
  larger = [],
}: BodyLimitsOptions = {}): MiddlewareHandler {
  const limiter = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        c.header('Connection', 'close');
        return jsonError(c, 413, 'The request body is too large.');
      },
    });
  const general = limiter(maxBytes);
  const special = larger.map(({ prefix, maxBytes: bytes, guard }) => {
    const check = limiter(bytes);
    const run: MiddlewareHandler = guard
      ? async (c, next) => {
          const refusal = await guard(c, async () => {
            // bodyLimit answers its 413 as a Response; after next() it has nothing to add.
            const answer: unknown = await check(c, next);
            if (answer instanceof Response) c.res = answer;
          });
          return refusal ?? undefined;
        }
      : check;
    return { prefix, run };
  });
  return createMiddleware(async (c, next) => {
    const path = c.req.path;
    const match = special.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
    return (match?.run ?? general)(c, next);
  });
}
