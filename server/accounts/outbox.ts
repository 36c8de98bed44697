import type { Database } from '../db/open.ts';
import type { Email, EmailRow, Mailer } from './email.ts';

/** One email the store sent (a row of the outbox table). */
export interface OutboxEmail {
  id: number;
  to: string;
  kind: string;
  subject: string;
  body: string;
  link: string;
  createdAt: number;
}

/** The outbox transport: a mailer that also lists what it "sent". */
export interface OutboxMailer extends Mailer {
  readonly list: (to: string | undefined, limit?: number) => OutboxEmail[];
}

/**
 * The development and test transport: every email lands in the outbox table, which
 * GET /api/admin/outbox lists (tests and the end-to-end journeys read links from it). Never
 * for production, where the outbox would hand anyone with the merchandiser token every
 * customer's password-reset link; server/config/production.ts refuses to
 * start without SMTP_URL, and the outbox route exists only with this transport.
 */
export function outboxMailer(db: Database, now: () => number): OutboxMailer {
  const insert = db.prepare(
    'INSERT INTO outbox (to_address, kind, subject, body, link, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const write = (email: Email) => {
    insert.run(email.to, email.kind, email.subject, email.body, email.link ?? '', now());
  };
  return {
    send: (email) => {
      write(email);
      return Promise.resolve();
    },
    // The mail queue writes here in the request, so a reply's emails are in the table with it.
    sendNow: write,
    list: (to, limit) => listOutbox(db, to, limit),
  };
}

/** Whether a mailer is the outbox (and so whether the outbox route may exist). */
export function isOutbox(mailer: Mailer): mailer is OutboxMailer {
  return typeof (mailer as Partial<OutboxMailer>).list === 'function';
}

/** The newest emails first, optionally only those to one address. */
export function listOutbox(db: Database, to: string | undefined, limit = 100): OutboxEmail[] {
  const rows = (to === undefined
    ? db.prepare('SELECT * FROM outbox ORDER BY id DESC LIMIT ?').all(limit)
    : db
        .prepare(
          'SELECT * FROM outbox WHERE to_address = ? COLLATE NOCASE ORDER BY id DESC LIMIT ?',
        )
        .all(to, limit)) as unknown as (EmailRow & { created_at: number })[];
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    kind: row.kind,
    subject: row.subject,
    body: row.body,
    link: row.link,
    createdAt: row.created_at,
  }));
}
