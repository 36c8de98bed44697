import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { clientAddress, RateLimiter, tooMany, type Limit } from '../accounts/rate-limit.ts';

/**
 * Wrong merchandiser tokens one client address may send before it is refused for the rest of
 * the window, right token or not (issue 28: 300 wrong tokens in a row were never slowed
 * down). A merchandiser who mistypes has ten tries; a guesser gets 40 an hour.
 */
export const WRONG_TOKEN_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };

/** Options of {@link merchandiserAuth}. */
export interface MerchandiserAuthOptions {
  /** The merchandiser token (ADMIN_TOKEN); empty refuses everyone. */
  token: string;
  /** The 401's `error` text. */
  message?: string;
  /**
   * The wrong-token counter, shared by every route that takes the token (createApp passes
   * one), so that a guesser's tries add up whichever path they use.
   */
  failures?: RateLimiter | undefined;
  limit?: Limit;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * `Authorization: Bearer <token>` through Hono's bearerAuth: every refusal is the API's 401
 * `{ error }`, the comparison constant-time (both sides hashed first), and a client address
 * past {@link WRONG_TOKEN_LIMIT} wrong tokens gets 429 with Retry-After before its token is
 * looked at, so guessing on stops paying. A request without the header counts as no guess.
 * @example app.use('*', merchandiserAuth({ token: deps.adminToken, failures: deps.tokenFailures }))
 */
export function merchandiserAuth({
  token,
  message = 'Sign in as a merchandiser to change the catalogue.',
  failures = new RateLimiter(() => Date.now()),
  limit = WRONG_TOKEN_LIMIT,
}: MerchandiserAuthOptions): MiddlewareHandler {
  const expected = sha256(token);
  const key = (c: Context) => `merchandiser-token|${clientAddress(c)}`;
  const refuse = (c: Context) => c.json({ error: message }, 401);
  const check: MiddlewareHandler = bearerAuth({
    realm: 'merchandiser',
    verifyToken: (given, c) => {
      const right = token.length > 0 && timingSafeEqual(sha256(given), expected);
      if (!right) failures.take(key(c), limit);
      return right;
    },
    noAuthenticationHeader: { message: refuse },
    invalidAuthenticationHeader: { message: refuse },
    invalidToken: { message: refuse },
  });
  return createMiddleware(async (c, next) => {
    const wait = failures.peek(key(c), limit);
    if (wait > 0) return tooMany(c, wait);
    try {
      await check(c, next);
      return undefined;
    } catch (error) {
      // bearerAuth throws its refusals; the response in them is ours (`refuse`).
      if (error instanceof HTTPException) return error.getResponse();
      throw error;
    }
  });
}

/**
 * A sub-app every route of which needs the merchandiser token (401 `{ error: message }`
 * without it): the admin lists and the build's feeds each start from one, taking the token
 * and the shared wrong-token counter from the app's deps.
 * @example const app = merchandiserApp(deps); app.get('/', (c) => c.json({ reports }));
 */
export function merchandiserApp(
  { adminToken, tokenFailures }: { adminToken: string; tokenFailures?: RateLimiter | undefined },
  message?: string,
): Hono {
  const app = new Hono();
  app.use(
    '*',
    merchandiserAuth({
      token: adminToken,
      failures: tokenFailures,
      ...(message === undefined ? {} : { message }),
    }),
  );
  return app;
}
