import { Hono } from 'hono';
import { clientAddress, RateLimiter, tooMany, type Limit } from '../accounts/rate-limit.ts';
import type { Deps } from '../deps.ts';

/**
 * Challenges one client address may take. As many as its sign-in attempts (AUTH_LIMITS.login):
 * a shopper past the bot-check wall needs one per try, and the recovery-email page one per
 * call; a script asking for more gets 429 instead of free challenges to stockpile.
 */
export const CHALLENGE_LIMIT: Limit = { max: 30, windowMs: 15 * 60_000 };

/**
 * The bot check's own calls (spec: account-and-shell 7, "token (from a bot-check challenge)"):
 * - GET /api/botCheck -> {provider: 'proof-of-work', difficulty} or {provider: 'recaptcha',
 *   siteKey}: what the page must do to get a token;
 * - GET /api/botCheck/challenge -> {challenge, difficulty, expiresInSeconds} with the proof of
 *   work (404 with reCAPTCHA); 429 with Retry-After past CHALLENGE_LIMIT. The page solves it
 *   (src/lib/account/bot-token.ts) and sends the token with the call that needs one.
 */
export function botCheckRoutes(deps: Deps): Hono {
  const { botCheck } = deps;
  const limiter = new RateLimiter(deps.now);
  const app = new Hono();

  app.get('/', (c) => c.json(botCheck.client));
  app.get('/challenge', (c) => {
    if (botCheck.issue === undefined) {
      return c.json({ error: 'Tokens come from the reCAPTCHA widget.' }, 404);
    }
    const wait = limiter.take(`challenge|${clientAddress(c)}`, CHALLENGE_LIMIT);
    if (wait > 0) return tooMany(c, wait);
    return c.json(botCheck.issue());
  });
  return app;
}
