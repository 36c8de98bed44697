import type { Database } from '../db/open.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * A bot check (spec: account-and-shell 7: the recovery-email calls carry "token (from a
 * bot-check challenge)"). Which one runs is chosen by BOT_CHECK in the environment.
 */
export interface BotVerifier {
  /** What the browser needs to obtain a token: the provider and, for reCAPTCHA, its site key. */
  readonly client: { provider: 'local' } | { provider: 'recaptcha'; siteKey: string };
  /** Issues a token (local provider only; reCAPTCHA tokens come from Google's widget). */
  issue?: () => string;
  /** True when the token passes; a token passes at most once. */
  verify: (token: unknown, remoteIp: string) => Promise<boolean>;
}

/** How long a local bot-check token stays valid. */
export const LOCAL_TOKEN_TTL_MS = 10 * 60_000;

/**
 * The local verifier for development and tests: GET /api/botCheck/token hands out a random
 * single-use token (stored hashed); verify accepts it once, within 10 minutes. It keeps
 * scripts that do not fetch a token out; it is not a defence against a determined bot,
 * which is what reCAPTCHA is for in production.
 */
export function localBotVerifier(db: Database, now: () => number): BotVerifier {
  return {
    client: { provider: 'local' },
    issue: () => {
      const token = newToken();
      db.prepare('DELETE FROM bot_check_tokens WHERE expires_at <= ?').run(now());
      db.prepare('INSERT INTO bot_check_tokens (token_hash, expires_at) VALUES (?, ?)').run(
        hashToken(token),
        now() + LOCAL_TOKEN_TTL_MS,
      );
      return token;
    },
    verify: (token) => {
      if (typeof token !== 'string' || token.length < 20 || token.length > 200) {
        return Promise.resolve(false);
      }
      const used = db
        .prepare('DELETE FROM bot_check_tokens WHERE token_hash = ? AND expires_at > ?')
        .run(hashToken(token), now());
      return Promise.resolve(used.changes === 1);
    },
  };
}

/** Google's verification endpoint for reCAPTCHA tokens. */
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/**
 * reCAPTCHA (v2 checkbox or v3) for production: the token is posted with the secret to
 * Google, which answers `{ success, score? }`. A v3 score below `minScore` fails. Network
 * failures fail closed (the call is refused, the shopper may retry).
 */
export function recaptchaVerifier(options: {
  secret: string;
  siteKey: string;
  minScore?: number;
  fetch?: typeof fetch;
}): BotVerifier {
  const { secret, siteKey, minScore = 0.5, fetch: doFetch = fetch } = options;
  return {
    client: { provider: 'recaptcha', siteKey },
    verify: async (token, remoteIp) => {
      if (typeof token !== 'string' || token.length === 0 || token.length > 4000) return false;
      const body = new URLSearchParams({ secret, response: token });
      if (remoteIp !== 'unknown') body.set('remoteip', remoteIp);
      try {
        const response = await doFetch(RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) return false;
        const reply = (await response.json()) as { success?: unknown; score?: unknown };
        if (reply.success !== true) return false;
        return typeof reply.score !== 'number' || reply.score >= minScore;
      } catch (error) {
        console.error('[api] reCAPTCHA verification failed:', error);
        return false;
      }
    },
  };
}
