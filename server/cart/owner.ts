import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../db/open.ts';
import { currentCheckoutId, isHttps } from './session.ts';

/**
 * Name of the HttpOnly cookie that tells apart callers who have no checkout yet, so that their
 * Idempotency-Key records are theirs alone.
 */
export const CART_OWNER_COOKIE = 'cart_owner';

/** As long as the cart cookie: 60 days. */
const MAX_AGE_SECONDS = 60 * 24 * 60 * 60;
const CART_OWNER = /^[A-Za-z0-9_-]{32}$/;

// Owners given out while a request runs, so that every read in one request sees the same one.
const given = new WeakMap<Request, string>();

/**
 * The caller's cart owner: 192 random bits from its `cart_owner` cookie, or, when it has none
 * (or a malformed one), a new one set on this reply: HttpOnly, SameSite=Lax, Path=/api/checkouts,
 * Secure over https. The cart store reads GET /api/checkouts before its first change
 * (src/stores/cart.ts queues them), so a browser holds its owner before it makes a checkout.
 */
export function cartOwner(c: Context): string {
  const known = given.get(c.req.raw);
  if (known !== undefined) return known;
  const cookie = getCookie(c, CART_OWNER_COOKIE);
  let owner = cookie;
  if (owner === undefined || !CART_OWNER.test(owner)) {
    owner = randomBytes(24).toString('base64url');
    setCookie(c, CART_OWNER_COOKIE, owner, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/checkouts',
      maxAge: MAX_AGE_SECONDS,
      secure: isHttps(c),
    });
  }
  given.set(c.req.raw, owner);
  return owner;
}

/**
 * The idempotency scope of a cart call: the caller's checkout id, or, before the caller has
 * one, its cart owner (hashed, since scopes are stored).
 *
 * every caller without a checkout used to share one scope, so a stranger who
 * replayed someone's key (and body) got their reply, with the Set-Cookie of their new checkout.
 * Now a key is found again only by the browser holding the same owner cookie, which is what
 * the retry of a lost first reply is: the checkout cookie never arrived, the owner cookie came
 * on an earlier reply, so the retry replays and there is one checkout. A caller with neither
 * cookie gets a fresh owner, so its record is nobody else's; if that reply is lost, its retry
 * cannot be told from a stranger's and makes a second checkout (the first is left orphaned,
 * never shown) rather than hand the first to whoever asks.
 *
 * @example app.post('/lineItems', idempotency({ db, scope: cartScope(db) }), handler)
 */
export function cartScope(db: Database): (c: Context) => string {
  return (c) =>
    currentCheckoutId(c, db) ??
    `owner:${createHash('sha256').update(cartOwner(c)).digest('base64url')}`;
}
