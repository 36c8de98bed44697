import { describe, expect, it } from 'vitest';
import { Browser, customerAppPerTest } from '../testing/accounts.ts';
import { AUTH_LIMITS, BOT_CHECK_NEEDED, LOGIN_FAILED } from './auth.ts';

// "No lockout by strangers": failures slow the address and the pair that
// made them, and after several an account's sign-ins ask for the bot check; none refuses the
// owner, from their own address, with the right password.

const OWNER = 'ada@example.com';
const PASSWORD = 'correct horse 1';

describe('POST /api/auth/login under attack', () => {
  const ctx = customerAppPerTest({
    start: '2026-11-22T12:00:00Z',
    email: OWNER,
    password: PASSWORD,
  });

  const login = (address: string, body: Record<string, unknown>) =>
    new Browser(ctx.app, address).call('POST', '/api/auth/login', body);
  const botToken = () => new Browser(ctx.app).botCheckToken();

  it("lets the owner in from their address after a stranger's failures from everywhere", async () => {
    // The scenario and worse: many failures from many addresses, and one address
    // failing as often as its limit allows.
    for (let i = 0; i < 12; i += 1) {
      expect((await login(`10.0.0.${i}`, { email: OWNER, password: 'guess' })).status).toBe(401);
    }
    for (let i = 0; i < AUTH_LIMITS.login.max; i += 1) {
      await login('6.6.6.6', { email: OWNER, password: 'guess' });
    }
    // Without a bot-check token the owner is asked for one, not refused...
    const asked = await login('192.0.2.10', { email: OWNER, password: PASSWORD });
    expect(asked.status).toBe(401);
    expect(asked.body).toEqual({ error: BOT_CHECK_NEEDED, botCheckRequired: true });
    expect(asked.res.headers.get('retry-after')).toBeNull();
    // ...and with one gets in at once.
    const owner = new Browser(ctx.app, '192.0.2.10');
    const signedIn = await owner.call('POST', '/api/auth/login', {
      email: OWNER,
      password: PASSWORD,
      botCheckToken: await botToken(),
    });
    expect(signedIn.status).toBe(200);
    expect((await owner.call('GET', '/api/user')).body.user).toMatchObject({ email: OWNER });
  });

  it('tries no password without a passing token once the bot check is asked', async () => {
    for (let i = 0; i < 5; i += 1) await login(`10.0.1.${i}`, { email: OWNER, password: 'x' });
    // The right password without a token, or with a used or made-up one, is not tried.
    const token = await botToken();
    expect((await login('10.0.2.1', { email: OWNER, password: PASSWORD })).body).toEqual({
      error: BOT_CHECK_NEEDED,
      botCheckRequired: true,
    });
    expect(
      (await login('10.0.2.1', { email: OWNER, password: 'wrong', botCheckToken: token })).body,
    ).toEqual({ error: LOGIN_FAILED, botCheckRequired: true });
    for (const botCheckToken of [token, 'made-up-token-0123456789abcdef']) {
      const reply = await login('10.0.2.1', { email: OWNER, password: PASSWORD, botCheckToken });
      expect(reply.body).toEqual({ error: BOT_CHECK_NEEDED, botCheckRequired: true });
    }
  });

  it('makes a pair wait, growing, and no one else', async () => {
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await login(attacker, { email: OWNER, password: 'guess' })).status);
    }
    expect(statuses).toEqual([401, 401, 401]);
    const waiting = await login(attacker, { email: OWNER, password: PASSWORD });
    expect(waiting.status).toBe(429);
    expect(waiting.res.headers.get('retry-after')).toBe('1');
    // The same address on another account, and the owner's own address, are not slowed.
    expect((await login(attacker, { email: 'bob@example.com', password: 'x' })).status).toBe(401);
    expect((await login('192.0.2.10', { email: OWNER, password: PASSWORD })).status).toBe(200);
    // After the wait, one more failure doubles it.
    ctx.now += 1000;
    expect((await login(attacker, { email: OWNER, password: 'guess' })).status).toBe(401);
    const longer = await login(attacker, { email: OWNER, password: 'guess' });
    expect(longer.status).toBe(429);
    expect(longer.res.headers.get('retry-after')).toBe('2');
  });

  it('answers an unknown email exactly as a known one, bot check included', async () => {
    const run = async (email: string, address: string) => {
      const replies: unknown[] = [];
      for (let i = 0; i < 7; i += 1) {
        const reply = await login(`${address}${String(i)}`, { email, password: 'guess' });
        replies.push([reply.status, reply.body]);
      }
      return replies;
    };
    const known = await run(OWNER, '10.1.0.');
    const unknown = await run('nobody@example.com', '10.2.0.');
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual([401, { error: BOT_CHECK_NEEDED, botCheckRequired: true }]);
  });
});
