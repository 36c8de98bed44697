import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/open.ts';

/** What a mailed or linked token is for (account_tokens.purpose). */
export type TokenPurpose = 'verify' | 'reset' | 'recovery' | 'add_payment';

/** How long each kind of token stays valid, in milliseconds. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify: 48 * 3_600_000,
  reset: 3_600_000,
  recovery: 48 * 3_600_000,
  add_payment: 30 * 60_000,
};

/** A new random token: 32 bytes, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** sha256 of a token; the database keeps only this, so a leaked table grants nothing. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** Issues a single-use token for a customer; the plain token is returned once. */
export function issueToken(
  db: Database,
  customerId: number,
  purpose: TokenPurpose,
  now: number,
  detail = '',
): string {
  const token = newToken();
  db.prepare(
    `INSERT INTO account_tokens (token_hash, customer_id, purpose, detail, expires_at)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(hashToken(token), customerId, purpose, detail, now + TOKEN_TTL_MS[purpose]);
  return token;
}

/** A usable token: this hash, for this purpose, not used yet and not expired. */
const USABLE = 'token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?';

/** A token's owner and detail, as a use or a look-up finds them. */
interface TokenOwner {
  customerId: number;
  detail: string;
}

/**
 * A reader of usable tokens that runs `sql` (whose condition ends with USABLE, after the
 * `leading` parameters) for a well-formed token and returns its owner and detail.
 */
function usableTokens(sql: string, leading: (now: number) => number[]) {
  return (
    db: Database,
    token: unknown,
    purpose: TokenPurpose,
    now: number,
  ): TokenOwner | undefined => {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) return undefined;
    const row = db.prepare(sql).get(...leading(now), hashToken(token), purpose, now) as
      { customer_id: number; detail: string } | undefined;
    return row && { customerId: row.customer_id, detail: row.detail };
  };
}

/**
 * Uses a token: returns its customer and detail and marks it used, or undefined when it is
 * unknown, expired, already used or meant for something else. Atomic: two concurrent uses
 * of the same token cannot both succeed.
 */
export const consumeToken = usableTokens(
  `UPDATE account_tokens SET used_at = ? WHERE ${USABLE} RETURNING customer_id, detail`,
  (now) => [now],
);

/** Whether a token is currently usable, without using it (the add-payment page's GET). */
export const peekToken = usableTokens(
  `SELECT customer_id, detail FROM account_tokens WHERE ${USABLE}`,
  () => [],
);

/** Voids every open token of one purpose for a customer (a new reset link replaces old ones). */
export function revokeTokens(
  db: Database,
  customerId: number,
  purpose: TokenPurpose,
  now: number,
): void {
  db.prepare(
    'UPDATE account_tokens SET used_at = ? WHERE customer_id = ? AND purpose = ? AND used_at IS NULL',
  ).run(now, customerId, purpose);
}
