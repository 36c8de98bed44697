import { Hono } from 'hono';
import { z } from 'zod';
import { CONTACT_LIMITS } from '../../src/lib/shell/contact-message.ts';
import { sameOriginJson } from '../accounts/guard.ts';
import { requesterKey } from '../accounts/mail-budget.ts';
import { clientAddress, RateLimiter, type Limit } from '../accounts/rate-limit.ts';
import type { Deps } from '../deps.ts';
import { jsonError } from '../http/errors.ts';
import { queryInt, readJson } from '../http/input.ts';
import { merchandiserAuth } from '../http/merchandiser-auth.ts';

const HOUR = 60 * 60_000;

/**
 * Messages one requester (a client address, an IPv6 address's /64) may leave an hour. Only
 * stored messages count: a shopper is never refused for a form the API sent back.
 */
export const CONTACT_LIMIT: Limit = { max: 10, windowMs: HOUR };

/**
 * The same text from the same email within this time is the same message sent again (a
 * second click, a retry after a reply that never came): answered with its id, stored once.
 */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;

export const TOO_MANY_MESSAGES =
  'You have sent us several messages in the last hour. Please wait before sending another, or call us.';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** A message as the contact form sends it (src/lib/shell/contact-message.ts). */
export const contactMessageSchema = z.object({
  name: text(CONTACT_LIMITS.name).min(1, 'is required'),
  email: z.email('must be an email address').max(CONTACT_LIMITS.email),
  phone: text(CONTACT_LIMITS.phone).default(''),
  message: text(CONTACT_LIMITS.message).min(1, 'is required'),
});

/** A stored message as the merchandiser reads it. */
export interface StoredContactMessage {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  createdAt: string;
}

/**
 * The contact form's messages (issue 29: with no chat provider configured, every page offers
 * the phone and this form), mounted at /api/contactMessages: POST / with the form as JSON ->
 * 201 `{ success: true, id }`, 200 with the first one's id for a repeat, 429 with Retry-After
 * past CONTACT_LIMIT. Stored only; the merchandiser reads them with contactAdminRoutes.
 */
export function contactRoutes({ db, now }: Pick<Deps, 'db' | 'now'>): Hono {
  const limiter = new RateLimiter(now);
  const insert = db.prepare(
    `INSERT INTO contact_messages (name, email, phone, message, created_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const repeat = db.prepare(
    `SELECT id FROM contact_messages WHERE email = ? AND message = ? AND created_at >= ?
     ORDER BY id DESC LIMIT 1`,
  );
  const app = new Hono();

  // Only the store's own form may leave a message in a shopper's name.
  app.post('/', sameOriginJson(), async (c) => {
    const key = requesterKey(clientAddress(c));
    const wait = limiter.peek(key, CONTACT_LIMIT);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return jsonError(c, 429, TOO_MANY_MESSAGES);
    }
    const message = await readJson(c, contactMessageSchema, { maxBytes: 16 * 1024 });
    const at = now();
    const since = new Date(at - DUPLICATE_WINDOW_MS).toISOString();
    const before = repeat.get(message.email, message.message, since) as { id: number } | undefined;
    if (before) return c.json({ success: true, id: before.id }, 200);
    limiter.take(key, CONTACT_LIMIT);
    const result = insert.run(
      message.name,
      message.email,
      message.phone,
      message.message,
      new Date(at).toISOString(),
    );
    return c.json({ success: true, id: Number(result.lastInsertRowid) }, 201);
  });

  return app;
}

/**
 * GET /api/admin/contactMessages[?limit=&before=] -> `{ messages }`, newest first: what came
 * in through the contact form; `before` (an id) pages back. Merchandiser token required.
 */
export function contactAdminRoutes({
  db,
  adminToken,
  tokenFailures,
}: Pick<Deps, 'db' | 'adminToken' | 'tokenFailures'>): Hono {
  const list = db.prepare(
    `SELECT id, name, email, phone, message, created_at AS createdAt FROM contact_messages
     WHERE id < ? ORDER BY id DESC LIMIT ?`,
  );
  const app = new Hono();
  app.use('*', merchandiserAuth({ token: adminToken, failures: tokenFailures }));
  app.get('/', (c) => {
    const limit = queryInt(c, 'limit', { fallback: 100, min: 1, max: 1000 });
    const before = queryInt(c, 'before', {
      fallback: Number.MAX_SAFE_INTEGER,
      min: 1,
      max: Number.MAX_SAFE_INTEGER,
    });
    c.header('Cache-Control', 'no-store');
    const messages = list.all(before, limit) as unknown as StoredContactMessage[];
    return c.json({ messages });
  });
  return app;
}
