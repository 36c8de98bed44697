import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../db/open.ts';
import { isHttps } from '../http/forwarded.ts';

// One reading of the forwarded headers for the whole API (server/http/forwarded.ts); cart
// code and the account guard import the shopper's origin from here.
export { isHttps, publicOrigin } from '../http/forwarded.ts';

/** Name of the HttpOnly cookie that finds the visitor's checkout (checkouts). */
export const CHECKOUT_COOKIE = 'checkout_id';

/** How long the cart cookie lives: 60 days, renewed by every change of the cart. */
const COOKIE_MAX_AGE_SECONDS = 60 * 24 * 60 * 60;

const CHECKOUT_ID = /^[A-Za-z0-9_-]{20,64}$/;

/** A new checkout id: 32 characters of URL-safe randomness (192 bits), unguessable. */
export function newCheckoutId(): string {
  return randomBytes(24).toString('base64url');
}

/** True for a string shaped like a checkout id (path segments and cookies are untrusted). */
export function isCheckoutId(value: string | undefined): value is string {
  return value !== undefined && CHECKOUT_ID.test(value);
}

/** Whether a checkout with this id exists. */
export function checkoutExists(db: Database, id: string): boolean {
  return db.prepare('SELECT 1 FROM checkouts WHERE id = ?').get(id) !== undefined;
}

// Checkouts created while a request runs, so that the idempotency middleware can also file
// the reply under the new checkout's scope (server/http/idempotency.ts).
const created = new WeakMap<Request, string>();

/**
 * The id of the caller's existing checkout: the cookie's, when it names a checkout that
 * exists, or one created earlier in this same request; undefined otherwise.
 */
export function currentCheckoutId(c: Context, db: Database): string | undefined {
  const fresh = created.get(c.req.raw);
  if (fresh !== undefined) return fresh;
  const id = getCookie(c, CHECKOUT_COOKIE);
  return isCheckoutId(id) && checkoutExists(db, id) ? id : undefined;
}

/** Inserts an empty checkout and returns its id. */
export function insertCheckout(db: Database): string {
  const id = newCheckoutId();
  db.prepare('INSERT INTO checkouts (id) VALUES (?)').run(id);
  return id;
}

/** Makes a checkout created by this request the request's own (once it is committed). */
export function rememberCheckout(c: Context, id: string): void {
  created.set(c.req.raw, id);
}

/**
 * Sets the cart cookie: HttpOnly (scripts never see the id), SameSite=Lax, Path=/ (the
 * external checkout page under /api reads it too), Secure only over https so that plain
 * http on localhost keeps working.
 */
export function setCheckoutCookie(c: Context, id: string): void {
  setCookie(c, CHECKOUT_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: COOKIE_MAX_AGE_SECONDS,
    secure: isHttps(c),
  });
}

/** Removes the cart cookie (after the checkout became an order). */
export function clearCheckoutCookie(c: Context): void {
  deleteCookie(c, CHECKOUT_COOKIE, { path: '/', secure: isHttps(c) });
}
