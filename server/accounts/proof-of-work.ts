import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { leadingZeroBits } from '../../shared/proof-of-work.ts';
import type { Database } from '../db/open.ts';
import type { BotVerifier, Challenge } from './bot-check.ts';

export type { Challenge };
import { hashToken } from './tokens.ts';

/** How long a challenge may be solved and its token used. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** `<challenge>.<nonce>`, each part in the shape issue() writes it. */
const TOKEN = /^pow1\.(\d{1,15})\.(\d{1,2})\.([\w-]{22})\.([\w-]{43})\.\d{1,16}$/;

/** Options of {@link proofOfWorkVerifier}. */
export interface ProofOfWorkOptions {
  /** Where used challenges are remembered until they expire (bot_check_tokens). */
  db: Database;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now: () => number;
  /** Leading zero bits a token's hash must have (BOT_CHECK_DIFFICULTY). */
  difficulty: number;
}

/**
 * The API's own bot check: a proof of work. GET /api/botCheck/challenge hands out a challenge
 * signed with a key only this verifier holds (random per process), carrying its expiry and
 * difficulty, so issuing one writes nothing. The client tries nonces until SHA-256 of
 * `<challenge>.<nonce>` starts with `difficulty` zero bits (shared/proof-of-work.ts)
 * and sends that token. verify checks the signature, the expiry, the difficulty and the work,
 * then records the challenge as used until it expires: each token is one challenge's work,
 * and passes once. A restart makes a new key, so challenges issued before it fail, as their
 * used-records would not be trusted otherwise; the shopper's page simply asks again.
 */
export function proofOfWorkVerifier({ db, now, difficulty }: ProofOfWorkOptions): BotVerifier {
  const key = randomBytes(32);
  const sign = (body: string): string => createHmac('sha256', key).update(body).digest('base64url');
  const forget = db.prepare('DELETE FROM bot_check_tokens WHERE expires_at <= ?');
  const remember = db.prepare(
    'INSERT INTO bot_check_tokens (token_hash, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );

  const passes = (token: unknown): { id: string; expiresAt: number } | undefined => {
    if (typeof token !== 'string') return undefined;
    const match = TOKEN.exec(token);
    if (match === null) return undefined;
    const [, expires = '', bits = '', id = '', mac = ''] = match;
    const body = `pow1.${expires}.${bits}.${id}`;
    // Compared as the text issue() wrote: decoded, two spellings of the last character match.
    if (!timingSafeEqual(Buffer.from(mac), Buffer.from(sign(body)))) return undefined;
    // The signature vouches for the difficulty too: this verifier issues only its own.
    const expiresAt = Number(expires);
    if (expiresAt <= now()) return undefined;
    const digest = createHash('sha256').update(token, 'utf8').digest();
    if (leadingZeroBits(digest) < Number(bits)) return undefined;
    return { id, expiresAt };
  };

  return {
    client: { provider: 'proof-of-work', difficulty },
    issue: () => {
      const expiresAt = now() + CHALLENGE_TTL_MS;
      const body = `pow1.${expiresAt}.${difficulty}.${randomBytes(16).toString('base64url')}`;
      return {
        challenge: `${body}.${sign(body)}`,
        difficulty,
        expiresInSeconds: CHALLENGE_TTL_MS / 1000,
      };
    },
    verify: (token) => {
      const solved = passes(token);
      if (solved === undefined) return Promise.resolve(false);
      // Used-records live only as long as their challenge could pass; cleared as they go.
      forget.run(now());
      const first = remember.run(hashToken(solved.id), solved.expiresAt);
      return Promise.resolve(first.changes === 1);
    },
  };
}
