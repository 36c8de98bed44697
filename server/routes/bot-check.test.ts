import { describe, expect, it } from 'vitest';
import { nonceSearcher, tokenOf } from '../../shared/proof-of-work.ts';
import { recaptchaVerifier } from '../accounts/bot-check.ts';
import { Browser, customerAppPerTest } from '../testing/accounts.ts';
import { testApp } from '../testing/app.ts';
import { BOT_CHECK_NEEDED, LOGIN_FAILED } from './auth.ts';
import { CHALLENGE_LIMIT } from './bot-check.ts';

// Issue 28 item 3: the local bot check handed out free tokens (8,188 in 20 s, a database row
// each) and 60 of 60 scripted password guesses past the sign-in wall were checked. Now every
// token is a solved challenge, challenges are rate limited, and each passes once.

const OWNER = 'ada@example.com';
const PASSWORD = 'correct horse 1';

/** A token for the challenge with a nonce that does not meet its difficulty: no work done. */
function unsolved(challenge: string, difficulty: number): string {
  const searcher = nonceSearcher(challenge);
  const solution = searcher.search(difficulty, 0, 1 << 20) ?? 0;
  return tokenOf(challenge, solution === 0 ? 1 : 0);
}

describe('the bot check', () => {
  const ctx = customerAppPerTest({
    start: '2026-11-28T12:00:00Z',
    email: OWNER,
    password: PASSWORD,
  });

  it('is a proof of work at the BOT_CHECK_DIFFICULTY of the environment (8 in the tests)', async () => {
    const browser = new Browser(ctx.app);
    expect((await browser.call('GET', '/api/botCheck')).body).toEqual({
      provider: 'proof-of-work',
      difficulty: 8,
    });
    const asked = await browser.call('GET', '/api/botCheck/challenge');
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ difficulty: 8, expiresInSeconds: 300 });
    expect(asked.res.headers.get('cache-control')).toBe('no-store');
  });

  it('hands out no free tokens: the old route is gone and nothing unsolved passes', async () => {
    const ada = new Browser(ctx.app);
    await ada.login(OWNER, PASSWORD);
    expect((await ada.call('GET', '/api/botCheck/token')).status).toBe(404);
    const { challenge } = (await ada.call('GET', '/api/botCheck/challenge')).body as {
      challenge: string;
    };
    for (const token of ['made-up-token-0123456789abcdef', challenge, unsolved(challenge, 8)]) {
      const put = await ada.call('PUT', '/api/user/recoveryEmail', {
        token,
        recoveryEmail: 'backup@example.com',
      });
      expect(put.status, token).toBe(403);
    }
    const put = await ada.call('PUT', '/api/user/recoveryEmail', {
      token: await ada.botCheckToken(),
      recoveryEmail: 'backup@example.com',
    });
    expect(put.status).toBe(200);
  });

  it('refuses challenges past the limit of an address with 429 and Retry-After', async () => {
    const script = new Browser(ctx.app, '203.0.113.5');
    for (let i = 0; i < CHALLENGE_LIMIT.max; i += 1) {
      expect((await script.call('GET', '/api/botCheck/challenge')).status).toBe(200);
    }
    const refused = await script.call('GET', '/api/botCheck/challenge');
    expect(refused.status).toBe(429);
    expect(refused.res.headers.get('retry-after')).toBe(String(CHALLENGE_LIMIT.windowMs / 1000));
    // Another address is not held back; the script's address is again after the window.
    expect(
      (await new Browser(ctx.app, '192.0.2.7').call('GET', '/api/botCheck/challenge')).status,
    ).toBe(200);
    ctx.now += CHALLENGE_LIMIT.windowMs;
    expect((await script.call('GET', '/api/botCheck/challenge')).status).toBe(200);
  });

  it('needs fresh work for every password guess past the sign-in wall', async () => {
    const login = (address: string, body: Record<string, unknown>) =>
      new Browser(ctx.app, address).call('POST', '/api/auth/login', body);
    for (let i = 0; i < 5; i += 1) await login(`10.0.3.${i}`, { email: OWNER, password: 'x' });
    const script = new Browser(ctx.app, '198.51.100.1');
    const tried: unknown[] = [];
    const tokens: string[] = [];
    for (let guess = 0; guess < 3; guess += 1) {
      const botCheckToken = await script.botCheckToken();
      tokens.push(botCheckToken);
      const reply = await login(`198.51.100.${guess + 2}`, {
        email: OWNER,
        password: `guess-${guess}`,
        botCheckToken,
      });
      tried.push(reply.body);
    }
    // Each solved challenge bought one guess...
    expect(tried).toEqual(Array(3).fill({ error: LOGIN_FAILED, botCheckRequired: true }));
    // ...and no second one: not with a used token, nor with a challenge left unsolved, even
    // with the right password.
    const { challenge, difficulty } = (await script.call('GET', '/api/botCheck/challenge'))
      .body as { challenge: string; difficulty: number };
    for (const botCheckToken of [...tokens, unsolved(challenge, difficulty)]) {
      const reply = await login('198.51.100.9', {
        email: OWNER,
        password: PASSWORD,
        botCheckToken,
      });
      expect(reply.body).toEqual({ error: BOT_CHECK_NEEDED, botCheckRequired: true });
    }
  });

  it('has no challenges to hand out with reCAPTCHA', async () => {
    const botCheck = recaptchaVerifier({ secret: 's', siteKey: 'site-key' });
    const browser = new Browser(testApp({ botCheck }).app);
    expect((await browser.call('GET', '/api/botCheck')).body).toEqual({
      provider: 'recaptcha',
      siteKey: 'site-key',
    });
    expect((await browser.call('GET', '/api/botCheck/challenge')).status).toBe(404);
  });
});
