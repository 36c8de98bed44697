import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { sameOriginJson, requireCustomerId } from '../accounts/guard.ts';
import { sendEmail } from '../accounts/outbox.ts';
import {
  decoyHash,
  hashPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  verifyPassword,
} from '../accounts/password.ts';
import { RateLimiter, rateLimit, tooMany, type Limit } from '../accounts/rate-limit.ts';
import { endAllSessions, endSession, startSession } from '../accounts/session.ts';
import { consumeToken, issueToken, revokeTokens } from '../accounts/tokens.ts';
import { publicOrigin } from '../cart/session.ts';
import type { Deps } from '../deps.ts';
import { transaction } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import { idempotency } from '../http/idempotency.ts';
import { readJson } from '../http/input.ts';
import { findUser } from './user.ts';

/** Limits of the sign-in, registration and recovery calls (per client address). */
export const AUTH_LIMITS = {
  login: { max: 30, windowMs: 15 * 60_000 },
  /**
   * Failed sign-ins per email address as well, so guesses at one account from many addresses
   * are slowed; successful ones do not count (a shop's staff share one address).
   */
  loginPerEmail: { max: 10, windowMs: 15 * 60_000 },
  register: { max: 20, windowMs: 60 * 60_000 },
  recover: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address.' }));
const password = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters for the password.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters for the password.`);
const name = z.string().trim().min(1).max(100);
const token = z.string().min(1).max(200);

const RegisterBody = z.object({
  email,
  password,
  firstName: name,
  lastName: name,
});
const LoginBody = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(PASSWORD_MAX),
});
const EmailBody = z.object({ email });
const TokenBody = z.object({ token });
const ResetBody = z.object({ token, password });
const ChangeBody = z.object({
  currentPassword: z.string().max(PASSWORD_MAX),
  newPassword: password,
});

/** The same words for a wrong password and an unknown email (no account enumeration). */
export const LOGIN_FAILED = 'The email or password is incorrect.';
/** Recovery answers these words whether or not the email has an account. */
export const RECOVERY_SENT =
  'If an account exists for that email, we have sent a link to reset the password.';
export const VERIFICATION_SENT =
  'If that email has an account that is not verified yet, we have sent a new verification link.';

function sendVerification(deps: Deps, c: Context, customerId: number, to: string): void {
  const now = deps.now();
  revokeTokens(deps.db, customerId, 'verify', now);
  const link = `${publicOrigin(c)}/verify-account?token=${issueToken(deps.db, customerId, 'verify', now)}`;
  sendEmail(
    deps.db,
    {
      to,
      kind: 'verify-account',
      subject: 'Verify your account',
      body: `Welcome! Confirm your email address by opening this link within 48 hours: ${link}`,
      link,
    },
    now,
  );
}

/**
 * Sign-in and account lifecycle under /api/auth (spec 2.1 routes /login.asp, /register,
 * /recover-account, /reset-password, /start-verification, /verify-account,
 * /change-password; the API paths are ours and listed in README "Routes we added"):
 * - POST /register {email, password, firstName, lastName} -> 201 {user}, signed in, a
 *   verification link mailed; 409 when the email has an account.
 * - POST /login {email, password} -> {user} and a new session cookie; 401 otherwise.
 * - POST /logout -> {success} and the session ended.
 * - POST /startVerification {email} -> {success, message}, alike for every email.
 * - POST /verifyAccount {token} -> {success}.
 * - POST /recoverAccount {email} -> {success, message}, alike for every email.
 * - POST /resetPassword {token, password} -> {success}; every session ends.
 * - POST /changePassword {currentPassword, newPassword} (signed in) -> {success}; other
 *   sessions end and this one gets a new id.
 * All are JSON from the store's own origin (CSRF); login, register and the two mailers
 * are rate limited (429 with Retry-After).
 */
export function authRoutes(deps: Deps): Hono {
  const { db } = deps;
  const limiter = new RateLimiter(deps.now);
  const once = idempotency({ db, scope: () => 'auth', now: deps.now });
  const app = new Hono();
  app.use('*', sameOriginJson());

  app.post('/register', rateLimit(limiter, 'register', AUTH_LIMITS.register), async (c) => {
    const body = await readJson(c, RegisterBody);
    const hash = await hashPassword(body.password);
    const id = transaction(db, () => {
      if (db.prepare('SELECT 1 FROM customers WHERE email = ?').get(body.email)) {
        throw new HttpError(409, 'An account already exists for this email. Sign in instead.');
      }
      const row = db
        .prepare(
          'INSERT INTO customers (email, first_name, last_name) VALUES (?, ?, ?) RETURNING id',
        )
        .get(body.email, body.firstName, body.lastName) as { id: number };
      db.prepare('INSERT INTO customer_credentials (customer_id, password_hash) VALUES (?, ?)').run(
        row.id,
        hash,
      );
      return row.id;
    });
    sendVerification(deps, c, id, body.email);
    startSession(c, db, id, deps.now());
    return c.json({ user: findUser(deps, id) }, 201);
  });

  app.post('/login', rateLimit(limiter, 'login', AUTH_LIMITS.login), async (c) => {
    const body = await readJson(c, LoginBody);
    const emailKey = `login-email|${body.email.toLowerCase()}`;
    const wait = limiter.peek(emailKey, AUTH_LIMITS.loginPerEmail);
    if (wait > 0) return tooMany(c, wait);
    const row = db
      .prepare(
        `SELECT c.id, cc.password_hash FROM customers c
         JOIN customer_credentials cc ON cc.customer_id = c.id WHERE c.email = ?`,
      )
      .get(body.email) as { id: number; password_hash: string } | undefined;
    // An unknown email still costs one hash, so the reply time does not tell it apart.
    const ok = await verifyPassword(body.password, row?.password_hash ?? (await decoyHash()));
    if (row === undefined || !ok) {
      limiter.take(emailKey, AUTH_LIMITS.loginPerEmail);
      throw new HttpError(401, LOGIN_FAILED);
    }
    startSession(c, db, row.id, deps.now());
    return c.json({ user: findUser(deps, row.id) });
  });

  app.post('/logout', (c) => {
    endSession(c, db);
    return c.json({ success: true });
  });

  app.post(
    '/startVerification',
    once,
    rateLimit(limiter, 'recover', AUTH_LIMITS.recover),
    async (c) => {
      const body = await readJson(c, EmailBody);
      const row = db
        .prepare(
          `SELECT c.id, c.email FROM customers c JOIN customer_credentials cc ON cc.customer_id = c.id
           WHERE c.email = ? AND cc.verified_at IS NULL`,
        )
        .get(body.email) as { id: number; email: string } | undefined;
      if (row !== undefined) sendVerification(deps, c, row.id, row.email);
      return c.json({ success: true, message: VERIFICATION_SENT });
    },
  );

  app.post('/verifyAccount', async (c) => {
    const body = await readJson(c, TokenBody);
    const used = consumeToken(db, body.token, 'verify', deps.now());
    if (used === undefined) {
      throw new HttpError(
        400,
        'This verification link is invalid or has expired. Ask for a new one.',
      );
    }
    db.prepare(
      "UPDATE customer_credentials SET verified_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE customer_id = ? AND verified_at IS NULL",
    ).run(used.customerId);
    return c.json({ success: true });
  });

  app.post(
    '/recoverAccount',
    once,
    rateLimit(limiter, 'recover', AUTH_LIMITS.recover),
    async (c) => {
      const body = await readJson(c, EmailBody);
      const row = db
        .prepare(
          `SELECT c.id, c.email FROM customers c JOIN customer_credentials cc ON cc.customer_id = c.id
         WHERE c.email = ?`,
        )
        .get(body.email) as { id: number; email: string } | undefined;
      if (row !== undefined) {
        const now = deps.now();
        revokeTokens(db, row.id, 'reset', now);
        const link = `${publicOrigin(c)}/reset-password?token=${issueToken(db, row.id, 'reset', now)}`;
        sendEmail(
          db,
          {
            to: row.email,
            kind: 'reset-password',
            subject: 'Reset your password',
            body: `Someone asked to reset the password of your account. If it was you, open this link within an hour: ${link}. If not, ignore this email.`,
            link,
          },
          now,
        );
      }
      return c.json({ success: true, message: RECOVERY_SENT });
    },
  );

  app.post('/resetPassword', rateLimit(limiter, 'recover', AUTH_LIMITS.recover), async (c) => {
    const body = await readJson(c, ResetBody);
    const hash = await hashPassword(body.password);
    const used = consumeToken(db, body.token, 'reset', deps.now());
    if (used === undefined) {
      throw new HttpError(400, 'This reset link is invalid or has expired. Ask for a new one.');
    }
    db.prepare('UPDATE customer_credentials SET password_hash = ? WHERE customer_id = ?').run(
      hash,
      used.customerId,
    );
    endAllSessions(db, used.customerId);
    return c.json({ success: true });
  });

  app.post('/changePassword', rateLimit(limiter, 'login', AUTH_LIMITS.login), async (c) => {
    const customerId = requireCustomerId(deps, c);
    const body = await readJson(c, ChangeBody);
    const row = db
      .prepare('SELECT password_hash FROM customer_credentials WHERE customer_id = ?')
      .get(customerId) as { password_hash: string } | undefined;
    if (row === undefined || !(await verifyPassword(body.currentPassword, row.password_hash))) {
      throw new HttpError(400, 'The current password is incorrect.');
    }
    db.prepare('UPDATE customer_credentials SET password_hash = ? WHERE customer_id = ?').run(
      await hashPassword(body.newPassword),
      customerId,
    );
    endAllSessions(db, customerId);
    startSession(c, db, customerId, deps.now());
    return c.json({ success: true });
  });

  return app;
}
