import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { BotVerifier } from '../accounts/bot-check.ts';
import { requireCustomerId, sameOriginJson } from '../accounts/guard.ts';
import { mailRefused } from '../accounts/mail-budget.ts';
import { mailSettings, siteLink } from '../accounts/mailer.ts';
import { clientAddress, RateLimiter, rateLimit, type Limit } from '../accounts/rate-limit.ts';
import { sessionCustomerId } from '../accounts/session.ts';
import { consumeToken, issueToken, revokeTokens, TOKEN_TTL_MS } from '../accounts/tokens.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { idempotency } from '../http/idempotency.ts';
import { readJson } from '../http/input.ts';

/** Limit of the two recovery-email calls that write or mail, per client address. */
export const RECOVERY_EMAIL_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };

const PutBody = z.object({
  token: z.string().max(4000),
  recoveryEmail: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ message: 'Enter a valid email address.' })),
});
const VerifyBody = z.object({ token: z.string().max(4000) });

async function checkBot(bot: BotVerifier, c: Context, token: string): Promise<void> {
  if (!(await bot.verify(token, clientAddress(c)))) {
    throw new HttpError(403, 'The bot check failed. Please try again.');
  }
}

/**
 * The recovery email (spec: account-and-shell 2.5, 4, 7); both writes carry a bot-check token
 * (server/routes/bot-check.ts hands out the challenges):
 * - GET /api/user/recoveryEmail -> {recoveryEmail, recoveryEmailVerified};
 * - PUT /api/user/recoveryEmail {token, recoveryEmail} -> {success}; a new address is unverified;
 * - POST /api/user/recoveryEmail/verify {token} -> {success}; mails a verification link;
 * - GET /api/user/recoveryEmail/confirm?token= (the mailed link) -> marks it verified and
 *   redirects to /recovery-email.
 * PUT and verify honour Idempotency-Key per customer: a retried verify mails once. Verify
 * spends the mail budgets (429 with Retry-After past them) and posts to the mail queue.
 */
export function recoveryEmailRoutes(deps: Deps): Hono {
  const { db } = deps;
  const { queue, budget, siteUrl } = mailSettings(deps);
  const { botCheck } = deps;
  const app = new Hono();
  const csrf = sameOriginJson();
  const limiter = new RateLimiter(deps.now);
  const limited = rateLimit(limiter, 'recovery-email', RECOVERY_EMAIL_LIMIT);
  const once = idempotency({
    db,
    now: deps.now,
    scope: (c) => `recovery-email:${sessionCustomerId(c, db, deps.now()) ?? '-'}`,
  });

  app.get('/', (c) => {
    const customerId = requireCustomerId(deps, c);
    const row = db
      .prepare('SELECT email, verified FROM recovery_emails WHERE customer_id = ?')
      .get(customerId) as { email: string; verified: number } | undefined;
    c.header('Cache-Control', 'no-store');
    return c.json({
      recoveryEmail: row?.email ?? null,
      recoveryEmailVerified: row?.verified === 1,
    });
  });

  app.put('/', csrf, once, limited, async (c) => {
    const customerId = requireCustomerId(deps, c);
    const body = await readJson(c, PutBody);
    await checkBot(botCheck, c, body.token);
    const now = deps.now();
    // The same address keeps its verified mark; another one starts unverified.
    db.prepare(
      `INSERT INTO recovery_emails (customer_id, email, verified, updated_at) VALUES (?, ?, 0, ?)
       ON CONFLICT (customer_id) DO UPDATE SET
         verified = CASE WHEN email = excluded.email COLLATE NOCASE THEN verified ELSE 0 END,
         email = excluded.email, updated_at = excluded.updated_at`,
    ).run(customerId, body.recoveryEmail, now);
    return c.json({ success: true });
  });

  app.post('/verify', csrf, once, limited, async (c) => {
    const customerId = requireCustomerId(deps, c);
    const body = await readJson(c, VerifyBody);
    await checkBot(botCheck, c, body.token);
    const row = db
      .prepare('SELECT email, verified FROM recovery_emails WHERE customer_id = ?')
      .get(customerId) as { email: string; verified: number } | undefined;
    if (row === undefined) throw new HttpError(422, 'Add a recovery email first.');
    if (row.verified === 1) throw new HttpError(422, 'Your recovery email is already verified.');
    // The mail budgets every mailing route shares (server/accounts/mail-budget.ts).
    const wait = budget.take(clientAddress(c), row.email);
    if (wait > 0) return mailRefused(c, wait);
    const now = deps.now();
    revokeTokens(db, customerId, 'recovery', now);
    const token = issueToken(db, customerId, 'recovery', now, row.email);
    // on SITE_URL, whatever Host or X-Forwarded-Host the request named.
    const link = siteLink(siteUrl, `/api/user/recoveryEmail/confirm?token=${token}`);
    queue.post({
      to: row.email,
      kind: 'verify-recovery-email',
      subject: 'Verify your recovery email',
      body: `Open this link within 48 hours to use this address as your recovery email: ${link}`,
      link,
      expiresAt: now + TOKEN_TTL_MS.recovery,
    });
    return c.json({ success: true });
  });

  app.get('/confirm', (c) => {
    const used = consumeToken(db, c.req.query('token'), 'recovery', deps.now());
    if (used === undefined) return c.redirect('/recovery-email?verified=expired', 303);
    // Only the address the link was mailed to becomes verified (it may have changed since).
    db.prepare(
      'UPDATE recovery_emails SET verified = 1 WHERE customer_id = ? AND email = ? COLLATE NOCASE',
    ).run(used.customerId, used.detail);
    return c.redirect('/recovery-email?verified=1', 303);
  });

  return app;
}
