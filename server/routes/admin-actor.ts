import { createMiddleware } from 'hono/factory';
import { HttpError } from '../http/errors.ts';

/** The Hono environment of the merchandiser routes: who is making the request. */
export interface AdminEnv {
  Variables: {
    /** The change feed's actor for this request's writes: 'admin' or 'admin:Jane Doe'. */
    actor: string;
  };
}

/** The holder of ADMIN_TOKEN, the one merchandiser token there is today. */
export const ADMIN_ACTOR = 'admin';

/** The optional header naming the person behind the token, for the change feed. */
export const MERCHANDISER_HEADER = 'X-Merchandiser';

const NAME = /^[A-Za-z0-9 .@_-]{1,64}$/;

/**
 * The actor recorded for a merchandiser's request (every change "with who
 * made it"): the token's holder, then `:` and the X-Merchandiser name when one is sent.
 * The name is an audit label among staff who all hold the token, not a sign-in: it is only
 * read after the bearer check passed (the middleware runs behind bearerAuth), and `:` is
 * outside what a name may hold, so the token holder before it cannot be forged.
 * @example actorOf('Jane Doe') // 'admin:Jane Doe'; actorOf(undefined) // 'admin'
 */
export function actorOf(header: string | undefined, holder = ADMIN_ACTOR): string {
  const name = (header ?? '').trim();
  if (name === '') return holder;
  if (!NAME.test(name)) {
    throw new HttpError(
      400,
      `${MERCHANDISER_HEADER}: use 1 to 64 letters, digits, spaces and . @ _ - (ASCII only)`,
    );
  }
  return `${holder}:${name}`;
}

/** Sets `actor` from X-Merchandiser; 400 for a name outside the allowed characters. */
export const merchandiserActor = () =>
  createMiddleware<AdminEnv>(async (c, next) => {
    c.set('actor', actorOf(c.req.header(MERCHANDISER_HEADER)));
    await next();
  });
