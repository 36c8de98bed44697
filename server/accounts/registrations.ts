import { transaction, type Database } from '../db/open.ts';
import { hashToken, newToken } from './tokens.ts';

/** How long the link that finishes a registration works. */
export const REGISTRATION_TTL_MS = 48 * 3_600_000;

/** What a registration asked for; the password only as its hash. */
export interface Registration {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
}

/**
 * Keeps a registration until its link is opened and returns the link's token (stored only as
 * its sha256, like every mailed token). Several may wait for one email; each link makes the
 * account with its own password, and the first opened wins.
 */
export function savePendingRegistration(db: Database, registration: Registration, now: number) {
  const token = newToken();
  db.prepare('DELETE FROM pending_registrations WHERE expires_at <= ?').run(now);
  db.prepare(
    `INSERT INTO pending_registrations
       (token_hash, email, first_name, last_name, password_hash, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    hashToken(token),
    registration.email,
    registration.firstName,
    registration.lastName,
    registration.passwordHash,
    now + REGISTRATION_TTL_MS,
  );
  return token;
}

/** Outcome of opening a registration link. */
export type Completion =
  | { result: 'created'; customerId: number }
  /** The email got an account meanwhile (another link, or the other tab). */
  | { result: 'exists' }
  /** Not a registration link, used already, or expired. */
  | { result: 'unknown' };

/**
 * Opens a registration link: the account is created, verified (the link proves the
 * mailbox), with the password given at registration. Single use and atomic.
 */
export function completeRegistration(db: Database, token: unknown, now: number): Completion {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) {
    return { result: 'unknown' };
  }
  return transaction(db, (): Completion => {
    const row = db
      .prepare(
        `DELETE FROM pending_registrations WHERE token_hash = ? AND expires_at > ?
         RETURNING email, first_name, last_name, password_hash`,
      )
      .get(hashToken(token), now) as
      { email: string; first_name: string; last_name: string; password_hash: string } | undefined;
    if (row === undefined) return { result: 'unknown' };
    if (db.prepare('SELECT 1 FROM customers WHERE email = ?').get(row.email)) {
      return { result: 'exists' };
    }
    const { id } = db
      .prepare('INSERT INTO customers (email, first_name, last_name) VALUES (?, ?, ?) RETURNING id')
      .get(row.email, row.first_name, row.last_name) as { id: number };
    db.prepare(
      `INSERT INTO customer_credentials (customer_id, password_hash, verified_at)
       VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
    ).run(id, row.password_hash);
    return { result: 'created', customerId: id };
  });
}
