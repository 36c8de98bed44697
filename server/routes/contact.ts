import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { CONTACT_LIMITS } from '../../shared/contracts/contact-message.ts';
import { limitedText, senderFields } from '../http/sender-fields.ts';
import { isSameOrigin, sameOriginJson } from '../accounts/guard.ts';
import { clientAddress, RateLimiter, type Limit } from '../accounts/rate-limit.ts';
import type { Deps } from '../deps.ts';
import { clientKey } from '../http/client-key.ts';
import { jsonError } from '../http/errors.ts';
import { queryInt, readJson } from '../http/input.ts';
import { merchandiserApp } from '../http/merchandiser-auth.ts';

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

/** A message as the contact form sends it (shared/contracts/contact-message.ts). */
export const contactMessageSchema = z.object({
  ...senderFields(CONTACT_LIMITS),
  message: limitedText(CONTACT_LIMITS.message).min(1, 'is required'),
});

type ContactMessage = z.output<typeof contactMessageSchema>;

/** What became of a message left: stored, the same as one stored before, or refused. */
type Left = { kind: 'stored' | 'repeat'; id: number } | { kind: 'limited'; wait: number };

/** The largest message body read, as JSON or as a form. */
const FORM_BYTES = 16 * 1024;

const FORM_TYPE = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * Where the form without JavaScript goes back to: the page it names, a path of this site
 * (never another host: `//evil.example` and `/\evil.example` are not paths), else home.
 * @example pageBack('/contact-us') // '/contact-us'
 */
export function pageBack(path: string | undefined): string {
  return path !== undefined && /^\/(?:[\w-]+\/?)*$/.test(path) ? path : '/';
}

/** The 429 of a requester past CONTACT_LIMIT, with when to try again. */
function tooMany(c: Context, wait: number): Response {
  c.header('Retry-After', String(wait));
  return jsonError(c, 429, TOO_MANY_MESSAGES);
}

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
 * past CONTACT_LIMIT. POST /form takes the same form posted without JavaScript and answers 303
 * back to its page with #contact-sent, #contact-invalid or #contact-limited. Stored only; the
 * merchandiser reads them with contactAdminRoutes.
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

  /** Stores a message unless it repeats one or its requester is past the limit. */
  function leave(key: string, message: ContactMessage): Left {
    const wait = limiter.peek(key, CONTACT_LIMIT);
    if (wait > 0) return { kind: 'limited', wait };
    const at = now();
    const since = new Date(at - DUPLICATE_WINDOW_MS).toISOString();
    const before = repeat.get(message.email, message.message, since) as { id: number } | undefined;
    if (before) return { kind: 'repeat', id: before.id };
    limiter.take(key, CONTACT_LIMIT);
    const result = insert.run(
      message.name,
      message.email,
      message.phone,
      message.message,
      new Date(at).toISOString(),
    );
    return { kind: 'stored', id: Number(result.lastInsertRowid) };
  }

  // Only the store's own form may leave a message in a shopper's name.
  app.post('/', sameOriginJson(), async (c) => {
    const key = clientKey(clientAddress(c));
    const wait = limiter.peek(key, CONTACT_LIMIT);
    if (wait > 0) return tooMany(c, wait);
    const left = leave(key, await readJson(c, contactMessageSchema, { maxBytes: FORM_BYTES }));
    if (left.kind === 'limited') return tooMany(c, left.wait);
    return c.json({ success: true, id: left.id }, left.kind === 'stored' ? 201 : 200);
  });

  // The same form without JavaScript: posted as a form, answered with a redirect back to the
  // page it came from, whose outcome line the address's fragment shows (ContactForm.astro).
  app.post(
    '/form',
    bodyLimit({
      maxSize: FORM_BYTES,
      onError: (c) => jsonError(c, 413, 'The message is too long.'),
    }),
    async (c) => {
      if (!FORM_TYPE.test(c.req.header('content-type') ?? '')) {
        return jsonError(c, 415, 'Send the contact form as a form.');
      }
      if (!isSameOrigin(c))
        return jsonError(c, 403, 'This request must come from the store itself.');
      const form = await c.req.parseBody();
      const field = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined);
      const back = pageBack(field('back'));
      const parsed = contactMessageSchema.safeParse({
        name: field('name') ?? '',
        email: field('email') ?? '',
        phone: field('phone'),
        message: field('message') ?? '',
      });
      if (!parsed.success) return c.redirect(`${back}#contact-invalid`, 303);
      const left = leave(clientKey(clientAddress(c)), parsed.data);
      if (left.kind === 'limited') return c.redirect(`${back}#contact-limited`, 303);
      return c.redirect(`${back}#contact-sent`, 303);
    },
  );

  return app;
}

/**
 * GET /api/admin/contactMessages[?limit=&before=] -> `{ messages }`, newest first: what came
 * in through the contact form; `before` (an id) pages back. Merchandiser token required.
 */
export function contactAdminRoutes(deps: Pick<Deps, 'db' | 'adminToken' | 'tokenFailures'>): Hono {
  const { db } = deps;
  const list = db.prepare(
    `SELECT id, name, email, phone, message, created_at AS createdAt FROM contact_messages
     WHERE id < ? ORDER BY id DESC LIMIT ?`,
  );
  const app = merchandiserApp(deps);
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
