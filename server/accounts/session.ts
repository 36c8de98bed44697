import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../db/open.ts';
import { isHttps, isLocalHost } from '../http/forwarded.ts';
import { hashToken, newToken } from './tokens.ts';

/** Name of the HttpOnly cookie that carries the sign-in session. */
export const SESSION_COOKIE = 'session';

/** A session lasts 30 days from sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 3_600_000;

const SESSION_TOKEN = /^[A-Za-z0-9_-]{40,64}$/;

/** Secure unless the shopper is on plain http on this machine (localhost development). */
function secureCookie(c: Context): boolean {
  return isHttps(c) || !isLocalHost(c);
}

/** The customer id of the request's session, or undefined (no cookie, unknown or expired). */
export function sessionCustomerId(c: Context, db: Database, now: number): number | undefined {
  const token = getCookie(c, SESSION_COOKIE);
  if (token === undefined || !SESSION_TOKEN.test(token)) return undefined;
  const row = db
    .prepare('SELECT customer_id FROM sessions WHERE id_hash = ? AND expires_at > ?')
    .get(hashToken(token), now) as { customer_id: number } | undefined;
  return row?.customer_id;
}

/**
 * Signs a customer in: ends the session the browser had (if any) and always issues a NEW id,
 * so a session id planted before sign-in is worthless after it (session fixation).
 */
export function startSession(c: Context, db: Database, customerId: number, now: number): void {
  endSession(c, db);
  const token = newToken();
  db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now);
  db.prepare(
    'INSERT INTO sessions (id_hash, customer_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  ).run(hashToken(token), customerId, now, now + SESSION_TTL_MS);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
    secure: secureCookie(c),
  });
}

/** Signs out: deletes the session row and the cookie. */
export function endSession(c: Context, db: Database): void {
  const token = getCookie(c, SESSION_COOKIE);
  if (token !== undefined && SESSION_TOKEN.test(token)) {
    db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(hashToken(token));
  }
  if (token !== undefined) deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secureCookie(c) });
}

/** Ends every session of a customer (after a password change or reset). */
export function endAllSessions(db: Database, customerId: number): void {
  db.prepare('DELETE FROM sessions WHERE customer_id = ?').run(customerId);
}
