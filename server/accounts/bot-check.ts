/** What GET /api/botCheck/challenge answers. */
export interface Challenge {
  /** `pow1.<expires at, ms>.<difficulty>.<random id>.<HMAC of the rest>`. */
  challenge: string;
  /** Leading zero bits the token's SHA-256 must have. */
  difficulty: number;
  /** Seconds until the challenge expires (relative, so a client's wrong clock does not matter). */
  expiresInSeconds: number;
}

/**
 * A bot check (spec: account-and-shell 7: the recovery-email calls carry "token (from a
 * bot-check challenge)"; sign-in asks for one after repeated failures). Which one runs is
 * chosen by BOT_CHECK: the API's own proof of work (server/accounts/proof-of-work.ts) or
 * Google reCAPTCHA.
 */
export interface BotVerifier {
  /** What the browser needs to obtain a token: the provider, and its difficulty or site key. */
  readonly client:
    { provider: 'proof-of-work'; difficulty: number } | { provider: 'recaptcha'; siteKey: string };
  /** Issues a challenge (proof of work only; reCAPTCHA tokens come from Google's widget). */
  issue?: () => Challenge;
  /** True when the token passes; a token passes at most once. */
  verify: (token: unknown, remoteIp: string) => Promise<boolean>;
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
