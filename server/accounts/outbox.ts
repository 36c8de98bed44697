import type { Database } from '../db/open.ts';

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

/**
 * "Sends" an email: the reference API has no mail server, so every message lands in the
 * outbox table, which GET /api/admin/outbox lists (tests read links from it).
 */
export function sendEmail(
  db: Database,
  email: { to: string; kind: string; subject: string; body: string; link?: string },
  now: number,
): void {
  db.prepare(
    'INSERT INTO outbox (to_address, kind, subject, body, link, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(email.to, email.kind, email.subject, email.body, email.link ?? '', now);
}

/** The newest emails first, optionally only those to one address. */
export function listOutbox(db: Database, to: string | undefined, limit = 100): OutboxEmail[] {
  const rows = (to === undefined
    ? db.prepare('SELECT * FROM outbox ORDER BY id DESC LIMIT ?').all(limit)
    : db
        .prepare(
          'SELECT * FROM outbox WHERE to_address = ? COLLATE NOCASE ORDER BY id DESC LIMIT ?',
        )
        .all(to, limit)) as unknown as {
    id: number;
    to_address: string;
    kind: string;
    subject: string;
    body: string;
    link: string;
    created_at: number;
  }[];
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
