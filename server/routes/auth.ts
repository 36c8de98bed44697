import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { sameOriginJson, requireCustomerId } from '../accounts/guard.ts';
import { LoginThrottle } from '../accounts/login-throttle.ts';
import { mailRefused } from '../accounts/mail-budget.ts';
import { mailSettings, siteLink } from '../accounts/mailer.ts';
import {
  decoyHash,
  hashPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  verifyPassword,
} from '../accounts/password.ts';
import {
  clientAddress,
  RateLimiter,
  rateLimit,
  tooMany,
  type Limit,
} from '../accounts/rate-limit.ts';
import {
  completeRegistration,
  REGISTRATION_TTL_MS,
  savePendingRegistration,
} from '../accounts/registrations.ts';
import { endAllSessions, endSession, startSession } from '../accounts/session.ts';
import { consumeToken, issueToken, revokeTokens, TOKEN_TTL_MS } from '../accounts/tokens.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { idempotency } from '../http/idempotency.ts';
import { readJson } from '../http/input.ts';
import { findUser } from './user.ts';

/** Limits of the sign-in, registration and recovery calls (per client address). */
export const AUTH_LIMITS = {
  /** Every sign-in attempt from one address, right or wrong: a guesser's own address. */
  login: { max: 30, windowMs: 15 * 60_000 },
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
  /** Needed once the email failed several times (the reply said botCheckRequired). */
  botCheckToken: z.string().max(4000).optional(),
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
/** A sign-in of an email that failed several times, without a passing bot-check token. */
export const BOT_CHECK_NEEDED = 'Please confirm you are not a robot, then sign in again.';
/** Recovery answers these words whether or not the email has an account. */
export const RECOVERY_SENT =
  'If an account exists for that email, we have sent a link to reset the password.';
export const VERIFICATION_SENT =
  'If that email has an account that is not verified yet, we have sent a new verification link.';
/** Registration answers these words whether or not the email has an account (item 4). */
export const REGISTRATION_SENT =
  'Check your email: we have sent a link to finish creating your account.';
/** The registration link was opened: the account exists and the caller is signed in. */
export const ACCOUNT_CREATED = 'Your account is ready, and you are signed in.';

/**
 * Sign-in and account lifecycle under /api/auth (spec 2.1 routes /login.asp, /register,
 * /recover-account, /reset-password, /start-verification, /verify-account,
 * /change-password; the API paths are ours and listed in docs/api.md, "Routes we added"):
 * - POST /register {email, password, firstName, lastName} -> 202 {success, message}, the
 *   same for every email: a new email is mailed a link that creates the
 *   account; an email with an account is mailed a notice instead. Nobody is signed in.
 * - POST /verifyAccount {token} -> {success, message?}: a registration link creates the
 *   account and signs in; a verification link of an older account marks it verified.
 * - POST /login {email, password, botCheckToken?} -> {user} and a new session cookie; 401
 *   otherwise, with botCheckRequired: true once the email needs a bot-check token (item 3).
 * - POST /logout -> {success} and the session ended.
 * - POST /startVerification {email} -> {success, message}, alike for every email.
 * - POST /recoverAccount {email} -> {success, message}, alike for every email.
 * - POST /resetPassword {token, password} -> {success}; every session ends.
 * - POST /changePassword {currentPassword, newPassword} (signed in) -> {success}; other
 *   sessions end and this one gets a new id.
 * All are JSON from the store's own origin (CSRF); login, register and the mailers are rate
 * limited per client address (429 with Retry-After). Register, startVerification and
 * recoverAccount also spend the mail budgets (server/accounts/mail-budget.ts), decided from the
 * email named and the client address alone: past them the reply is 429 with Retry-After and
 * words saying no email was sent, alike for every email. Mails go to the mail queue in the
 * request, so "we have sent" stands on a queued row. Links in emails are on SITE_URL.
 */
export function authRoutes(deps: Deps): Hono {
  const limiter = new RateLimiter(deps.now);
  const auth: Auth = {
    deps,
    mail: mailSettings(deps),
    throttle: new LoginThrottle({ now: deps.now }),
  };
  const once = idempotency({ db: deps.db, scope: () => 'auth', now: deps.now });
  const limit = (name: keyof typeof AUTH_LIMITS) => rateLimit(limiter, name, AUTH_LIMITS[name]);
  return new Hono()
    .use('*', sameOriginJson())
    .post('/register', limit('register'), (c) => register(auth, c))
    .post('/verifyAccount', (c) => verifyAccount(auth, c))
    .post('/login', limit('login'), (c) => login(auth, c))
    .post('/logout', (c) => {
      endSession(c, deps.db);
      return c.json({ success: true });
    })
    .post('/startVerification', once, limit('recover'), (c) =>
      mailToAccount(auth, c, { unverifiedOnly: true, message: VERIFICATION_SENT }, (row) =>
        sendVerification(auth, row.id, row.email),
      ),
    )
    .post('/recoverAccount', once, limit('recover'), (c) =>
      mailToAccount(auth, c, { unverifiedOnly: false, message: RECOVERY_SENT }, (row) =>
        sendReset(auth, row),
      ),
    )
    .post('/resetPassword', limit('recover'), (c) => resetPassword(auth, c))
    .post('/changePassword', limit('login'), (c) => changePassword(auth, c));
}

/** What the handlers of authRoutes share: the store, its mail settings and the throttle. */
interface Auth {
  deps: Deps;
  mail: ReturnType<typeof mailSettings>;
  throttle: LoginThrottle;
}

/**
 * Spends the mail budget of a request naming `to`, whether or not a mail will follow (so
 * the reply tells nothing about accounts): undefined when it may go on, else the 429.
 */
function overBudget({ mail }: Auth, c: Context, to: string): Response | undefined {
  const wait = mail.budget.take(clientAddress(c), to);
  return wait > 0 ? mailRefused(c, wait) : undefined;
}

/** Mails a fresh verification link to an account made before registration links. */
function sendVerification({ deps, mail }: Auth, customerId: number, to: string): void {
  const now = deps.now();
  revokeTokens(deps.db, customerId, 'verify', now);
  const link = siteLink(
    mail.siteUrl,
    `/verify-account?token=${issueToken(deps.db, customerId, 'verify', now)}`,
  );
  mail.queue.post({
    to,
    kind: 'verify-account',
    subject: 'Verify your account',
    body: `Confirm your email address by opening this link within 48 hours: ${link}`,
    link,
    expiresAt: now + TOKEN_TTL_MS.verify,
  });
}

/** Mails a password reset link, the older ones revoked. */
function sendReset({ deps, mail }: Auth, row: { id: number; email: string }): void {
  const now = deps.now();
  revokeTokens(deps.db, row.id, 'reset', now);
  const link = siteLink(
    mail.siteUrl,
    `/reset-password?token=${issueToken(deps.db, row.id, 'reset', now)}`,
  );
  mail.queue.post({
    to: row.email,
    kind: 'reset-password',
    subject: 'Reset your password',
    body: `Someone asked to reset the password of your account. If it was you, open this link within an hour: ${link}. If not, ignore this email.`,
    link,
    expiresAt: now + TOKEN_TTL_MS.reset,
  });
}

/** POST /register: a link to finish the account, or a notice that one exists; the same reply. */
async function register(auth: Auth, c: Context): Promise<Response> {
  const { deps, mail } = auth;
  const body = await readJson(c, RegisterBody);
  const refused = overBudget(auth, c, body.email);
  if (refused !== undefined) return refused;
  // Both cases below pay for this hash, so the reply time does not tell them apart either.
  const passwordHash = await hashPassword(body.password);
  const existing = deps.db
    .prepare('SELECT email FROM customers WHERE email = ?')
    .get(body.email) as { email: string } | undefined;
  const now = deps.now();
  if (existing === undefined) {
    const link = siteLink(
      mail.siteUrl,
      `/verify-account?token=${savePendingRegistration(deps.db, { ...body, passwordHash }, now)}`,
    );
    mail.queue.post({
      to: body.email,
      kind: 'verify-account',
      subject: 'Finish creating your account',
      body: `Someone, hopefully you, asked for an account with this email address. Open this link within 48 hours to finish: ${link}. If it was not you, ignore this email: without the link no account is made.`,
      link,
      expiresAt: now + REGISTRATION_TTL_MS,
    });
  } else {
    const link = siteLink(mail.siteUrl, '/login.asp');
    mail.queue.post({
      to: existing.email,
      kind: 'account-exists',
      subject: 'You already have an account',
      body: `Someone tried to create an account with this email address, which already has one. If it was you, sign in at ${link}, or reset your password at ${siteLink(mail.siteUrl, '/recover-account')}. If not, ignore this email: nothing has changed.`,
      link,
    });
  }
  return c.json({ success: true, message: REGISTRATION_SENT }, 202);
}

/** POST /login: a session for the right password; the throttle and the bot check first. */
async function login(auth: Auth, c: Context): Promise<Response> {
  const { deps } = auth;
  const body = await readJson(c, LoginBody);
  const address = clientAddress(c);
  const wait = auth.throttle.waitSeconds(body.email, address);
  if (wait > 0) return tooMany(c, wait);
  // Asked before the password is tried, so a guess without a passing token learns nothing.
  if (
    auth.throttle.needsBotCheck(body.email) &&
    !(await deps.botCheck.verify(body.botCheckToken, address))
  ) {
    return c.json({ error: BOT_CHECK_NEEDED, botCheckRequired: true }, 401);
  }
  const row = deps.db
    .prepare(
      `SELECT c.id, cc.password_hash FROM customers c
       JOIN customer_credentials cc ON cc.customer_id = c.id WHERE c.email = ?`,
    )
    .get(body.email) as { id: number; password_hash: string } | undefined;
  // An unknown email still costs one hash, so the reply time does not tell it apart.
  const ok = await verifyPassword(body.password, row?.password_hash ?? (await decoyHash()));
  if (row === undefined || !ok) {
    auth.throttle.failed(body.email, address);
    const botCheckRequired = auth.throttle.needsBotCheck(body.email);
    return c.json({ error: LOGIN_FAILED, ...(botCheckRequired && { botCheckRequired }) }, 401);
  }
  auth.throttle.succeeded(body.email, address);
  startSession(c, deps.db, row.id, deps.now());
  return c.json({ user: findUser(deps, row.id) });
}

/** POST /verifyAccount: a registration link makes the account; an older link verifies one. */
async function verifyAccount({ deps }: Auth, c: Context): Promise<Response> {
  const body = await readJson(c, TokenBody);
  const now = deps.now();
  const registration = completeRegistration(deps.db, body.token, now);
  if (registration.result === 'created') {
    startSession(c, deps.db, registration.customerId, now);
    return c.json({ success: true, message: ACCOUNT_CREATED });
  }
  if (registration.result === 'exists') {
    // Only the mailbox's owner holds this link, so saying so tells nobody else anything.
    throw new HttpError(409, 'An account already exists for this email. Sign in instead.');
  }
  // Accounts made before registration links verify with a token of their own.
  const used = consumeToken(deps.db, body.token, 'verify', now);
  if (used === undefined) {
    throw new HttpError(
      400,
      'This verification link is invalid or has expired. Ask for a new one.',
    );
  }
  deps.db
    .prepare(
      "UPDATE customer_credentials SET verified_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE customer_id = ? AND verified_at IS NULL",
    )
    .run(used.customerId);
  return c.json({ success: true });
}

/** POST /resetPassword: the new password for a valid link, every session ended. */
async function resetPassword({ deps }: Auth, c: Context): Promise<Response> {
  const body = await readJson(c, ResetBody);
  const hash = await hashPassword(body.password);
  const used = consumeToken(deps.db, body.token, 'reset', deps.now());
  if (used === undefined) {
    throw new HttpError(400, 'This reset link is invalid or has expired. Ask for a new one.');
  }
  deps.db
    .prepare('UPDATE customer_credentials SET password_hash = ? WHERE customer_id = ?')
    .run(hash, used.customerId);
  endAllSessions(deps.db, used.customerId);
  return c.json({ success: true });
}

/** POST /changePassword: signed in, with the current password; other sessions end. */
async function changePassword({ deps }: Auth, c: Context): Promise<Response> {
  const customerId = requireCustomerId(deps, c);
  const body = await readJson(c, ChangeBody);
  const row = deps.db
    .prepare('SELECT password_hash FROM customer_credentials WHERE customer_id = ?')
    .get(customerId) as { password_hash: string } | undefined;
  if (row === undefined || !(await verifyPassword(body.currentPassword, row.password_hash))) {
    throw new HttpError(400, 'The current password is incorrect.');
  }
  deps.db
    .prepare('UPDATE customer_credentials SET password_hash = ? WHERE customer_id = ?')
    .run(await hashPassword(body.newPassword), customerId);
  endAllSessions(deps.db, customerId);
  startSession(c, deps.db, customerId, deps.now());
  return c.json({ success: true });
}

/**
 * A route that takes an email and answers the same whether or not an account matches it
 * (so it tells nobody which emails have accounts), mailing the match when there is one;
 * `unverifiedOnly` leaves out accounts already verified.
 */
async function mailToAccount(
  auth: Auth,
  c: Context,
  { unverifiedOnly, message }: { unverifiedOnly: boolean; message: string },
  send: (row: { id: number; email: string }) => void,
): Promise<Response> {
  const body = await readJson(c, EmailBody);
  const refused = overBudget(auth, c, body.email);
  if (refused !== undefined) return refused;
  const row = auth.deps.db
    .prepare(
      `SELECT c.id, c.email FROM customers c JOIN customer_credentials cc ON cc.customer_id = c.id
       WHERE c.email = ?${unverifiedOnly ? ' AND cc.verified_at IS NULL' : ''}`,
    )
    .get(body.email) as { id: number; email: string } | undefined;
  if (row !== undefined) send(row);
  return c.json({ success: true, message });
}
