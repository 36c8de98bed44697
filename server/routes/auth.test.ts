import { beforeEach, describe, expect, it } from 'vitest';
import { listOutbox } from '../accounts/outbox.ts';
import { SESSION_COOKIE } from '../accounts/session.ts';
import type { Database } from '../db/open.ts';
import { addCustomer, Browser, connectedFrom } from '../testing/accounts.ts';
import { jsonInit, TEST_ADMIN_TOKEN, testApp } from '../testing/app.ts';
import {
  ACCOUNT_CREATED,
  AUTH_LIMITS,
  LOGIN_FAILED,
  RECOVERY_SENT,
  REGISTRATION_SENT,
} from './auth.ts';

type App = ReturnType<typeof testApp>['app'];

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('/api/auth', () => {
  let app: App;
  let db: Database;
  let clock: number;
  beforeEach(() => {
    clock = Date.parse('2026-11-22T12:00:00Z');
    ({ app, db } = testApp({ now: () => clock }));
  });

  it('registers through the mailed link, which signs in with an HttpOnly SameSite=Lax cookie', async () => {
    const browser = new Browser(app);
    const reply = await browser.call('POST', '/api/auth/register', {
      email: 'ada@example.com',
      password: 'correct horse 1',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ success: true, message: REGISTRATION_SENT });
    expect(reply.res.headers.getSetCookie()).toEqual([]);
    expect((await browser.call('GET', '/api/user')).body.user).toBeNull();
    const link = await browser.mailedLink('ada@example.com', 'verify-account');
    expect(link).toMatch(/^https:\/\/shop\.example\.test\/verify-account\?token=/);
    const opened = await browser.call('POST', '/api/auth/verifyAccount', { token: tokenOf(link) });
    expect(opened.body).toEqual({ success: true, message: ACCOUNT_CREATED });
    const cookie = opened.res.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(new RegExp(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // plain http on localhost
    const user = await browser.call('GET', '/api/user');
    expect(user.body.user).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      verified: true,
    });
    const customer = await browser.call('GET', '/api/customer');
    expect(customer.body.customer).toMatchObject({ MailingAddresses: [] });
    // The link works once, and the password given at registration signs in.
    const again = await new Browser(app).call('POST', '/api/auth/verifyAccount', {
      token: tokenOf(link),
    });
    expect(again.status).toBe(400);
    const login = await new Browser(app).login('ada@example.com', 'correct horse 1');
    expect(login.status).toBe(200);
  });

  it('stores a salted scrypt hash, never the password', async () => {
    await new Browser(app).register('a@example.com', 'same password');
    await new Browser(app).register('b@example.com', 'same password');
    const hashes = db.prepare('SELECT password_hash FROM customer_credentials').all() as {
      password_hash: string;
    }[];
    expect(hashes).toHaveLength(2);
    for (const { password_hash } of hashes) {
      expect(password_hash).toMatch(/^scrypt\$/);
      expect(password_hash).not.toContain('same password');
    }
    expect(hashes[0]?.password_hash).not.toBe(hashes[1]?.password_hash);
  });

  it('marks the cookie Secure behind https and for a public host', async () => {
    const secret = 'proxy-secret-for-tests-0123456789abcdef';
    const behind = testApp({ proxySecret: secret });
    await addCustomer(behind.db, 's@example.com');
    const credentials = { email: 's@example.com', password: 'correct horse 1' };
    const viaProxy = await new Browser(behind.app, '127.0.0.1').call(
      'POST',
      '/api/auth/login',
      credentials,
      {
        'x-proxy-secret': secret,
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'shop.example.com',
        origin: 'https://shop.example.com',
      },
    );
    expect(viaProxy.status).toBe(200);
    expect(viaProxy.res.headers.getSetCookie().join()).toMatch(/Secure/);
    // Plain http, but not this machine: still Secure (the browser then drops it, by design).
    const publicHost = await behind.app.request(
      'http://shop.example.com/api/auth/login',
      jsonInit('POST', credentials, { origin: 'http://shop.example.com' }),
    );
    expect(publicHost.status).toBe(200);
    expect(publicHost.headers.getSetCookie().join()).toMatch(/Secure/);
  });

  it.each([
    ['a short password', { email: 'x@example.com', password: 'short' }, /at least 8/],
    ['a malformed email', { email: 'not-an-email', password: 'correct horse 1' }, undefined],
  ])('refuses bad registration input: %s', async (_case, fields, error) => {
    const reply = await new Browser(app).call('POST', '/api/auth/register', {
      ...fields,
      firstName: 'A',
      lastName: 'L',
    });
    expect(reply.status).toBe(400);
    if (error) expect(reply.body.error).toMatch(error);
  });

  it('signs in with a NEW session id each time and signs out for good', async () => {
    await new Browser(app).register('ada@example.com');
    const browser = new Browser(app);
    browser.cookies.set(SESSION_COOKIE, 'planted-by-an-attacker-0123456789abcdefghijklmnop');
    const first = await browser.login('ada@example.com', 'correct horse 1');
    expect(first.status).toBe(200);
    const firstId = browser.cookies.get(SESSION_COOKIE);
    expect(firstId).not.toBe('planted-by-an-attacker-0123456789abcdefghijklmnop');
    await browser.login('ada@example.com', 'correct horse 1');
    const secondId = browser.cookies.get(SESSION_COOKIE);
    expect(secondId).not.toBe(firstId);
    // The old id no longer works.
    const stale = new Browser(app);
    stale.cookies.set(SESSION_COOKIE, firstId ?? '');
    expect((await stale.call('GET', '/api/user')).body.user).toBeNull();

    const copy = new Browser(app);
    copy.cookies.set(SESSION_COOKIE, secondId ?? '');
    const out = await browser.call('POST', '/api/auth/logout', {});
    expect(out.body).toEqual({ success: true });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await copy.call('GET', '/api/user')).body.user).toBeNull();
  });

  it('answers a wrong password and an unknown email alike', async () => {
    await new Browser(app).register('ada@example.com');
    const wrong = await new Browser(app).login('ada@example.com', 'wrong password');
    const unknown = await new Browser(app).login('nobody@example.com', 'wrong password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: LOGIN_FAILED });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('rate limits sign-in per address with 429 and Retry-After', async () => {
    const browser = new Browser(app, '10.9.9.9');
    // Every attempt counts, even a malformed one (which is refused quickly, without a hash).
    for (let i = 0; i < AUTH_LIMITS.login.max; i += 1) {
      const r = await browser.call('POST', '/api/auth/login', { email: `u${i}@example.com` });
      expect(r.status).toBe(400);
    }
    const over = await browser.login('z@example.com', 'x');
    expect(over.status).toBe(429);
    expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await new Browser(app, '10.2.2.2').login('z@example.com', 'x');
    expect(other.status).toBe(401);
    // The window passes.
    clock += AUTH_LIMITS.login.windowMs + 1;
    const later = await browser.login('z@example.com', 'x');
    expect(later.status).toBe(401);
  });

  it('rate limits registration and recovery', async () => {
    const browser = new Browser(app, '10.3.3.3');
    for (let i = 0; i < AUTH_LIMITS.register.max; i += 1) {
      await browser.call('POST', '/api/auth/register', { email: 'bad' });
    }
    expect((await browser.call('POST', '/api/auth/register', { email: 'bad' })).status).toBe(429);
    for (let i = 0; i < AUTH_LIMITS.recover.max; i += 1) {
      await browser.call('POST', '/api/auth/recoverAccount', { email: 'n@example.com' });
    }
    const over = await browser.call('POST', '/api/auth/recoverAccount', { email: 'n@example.com' });
    expect(over.status).toBe(429);
    expect(over.res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('verifies an older, unverified account with its mailed link, once', async () => {
    const id = await addCustomer(db, 'ada@example.com');
    db.prepare('UPDATE customer_credentials SET verified_at = NULL WHERE customer_id = ?').run(id);
    const browser = new Browser(app);
    await browser.login('ada@example.com', 'correct horse 1');
    expect((await browser.call('GET', '/api/user')).body.user).toMatchObject({ verified: false });
    await browser.call('POST', '/api/auth/startVerification', { email: 'ada@example.com' });
    const [mail] = listOutbox(db, 'ada@example.com');
    expect(mail?.kind).toBe('verify-account');
    expect(mail?.link).toMatch(/^https:\/\/shop\.example\.test\/verify-account\?token=/);
    const token = tokenOf(mail?.link ?? '');
    expect((await browser.call('POST', '/api/auth/verifyAccount', { token })).body).toEqual({
      success: true,
    });
    expect((await browser.call('GET', '/api/user')).body.user).toMatchObject({ verified: true });
    const again = await browser.call('POST', '/api/auth/verifyAccount', { token });
    expect(again.status).toBe(400);
  });

  it('start-verification answers alike and mails only unverified accounts', async () => {
    const id = await addCustomer(db, 'ada@example.com');
    db.prepare('UPDATE customer_credentials SET verified_at = NULL WHERE customer_id = ?').run(id);
    await addCustomer(db, 'done@example.com');
    const ask = (email: string) =>
      new Browser(app).call('POST', '/api/auth/startVerification', { email });
    const known = await ask('ada@example.com');
    const unknown = await ask('no@example.com');
    const verified = await ask('done@example.com');
    await ask('ada@example.com');
    expect(known.body).toEqual(unknown.body);
    expect(verified.body).toEqual(unknown.body);
    expect(listOutbox(db, 'ada@example.com')).toHaveLength(2);
    expect(listOutbox(db, 'no@example.com')).toHaveLength(0);
    expect(listOutbox(db, 'done@example.com')).toHaveLength(0);
    // The first link was replaced by the second.
    const [newest, oldest] = listOutbox(db, 'ada@example.com');
    const browser = new Browser(app);
    expect(
      (
        await browser.call('POST', '/api/auth/verifyAccount', {
          token: tokenOf(oldest?.link ?? ''),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await browser.call('POST', '/api/auth/verifyAccount', {
          token: tokenOf(newest?.link ?? ''),
        })
      ).status,
    ).toBe(200);
  });

  it('recovers an account: same answer for unknown emails, reset ends every session', async () => {
    const signedIn = new Browser(app);
    await signedIn.register('ada@example.com');
    const known = await new Browser(app).call('POST', '/api/auth/recoverAccount', {
      email: 'ada@example.com',
    });
    const unknown = await new Browser(app).call('POST', '/api/auth/recoverAccount', {
      email: 'ghost@example.com',
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: RECOVERY_SENT });
    expect(unknown.body).toEqual(known.body);
    expect(listOutbox(db, 'ghost@example.com')).toHaveLength(0);
    const [mail] = listOutbox(db, 'ada@example.com');
    expect(mail?.kind).toBe('reset-password');
    const token = tokenOf(mail?.link ?? '');
    const reset = await new Browser(app).call('POST', '/api/auth/resetPassword', {
      token,
      password: 'new password 2',
    });
    expect(reset.body).toEqual({ success: true });
    expect((await signedIn.call('GET', '/api/user')).body.user).toBeNull();
    expect(
      (
        await new Browser(app).call('POST', '/api/auth/resetPassword', {
          token,
          password: 'new password 3',
        })
      ).status,
    ).toBe(400);
    const login = await new Browser(app).login('ada@example.com', 'new password 2');
    expect(login.status).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    await new Browser(app).register('ada@example.com');
    await new Browser(app).call('POST', '/api/auth/recoverAccount', { email: 'ada@example.com' });
    const [mail] = listOutbox(db, 'ada@example.com');
    clock += 2 * 3_600_000;
    const reply = await new Browser(app).call('POST', '/api/auth/resetPassword', {
      token: tokenOf(mail?.link ?? ''),
      password: 'new password 2',
    });
    expect(reply.status).toBe(400);
  });

  it('replays a retried recovery request instead of mailing twice', async () => {
    await new Browser(app).register('ada@example.com');
    const browser = new Browser(app);
    const key = { 'idempotency-key': 'recover-1' };
    await browser.call('POST', '/api/auth/recoverAccount', { email: 'ada@example.com' }, key);
    const retry = await browser.call(
      'POST',
      '/api/auth/recoverAccount',
      { email: 'ada@example.com' },
      key,
    );
    expect(retry.res.headers.get('idempotent-replayed')).toBe('true');
    expect(
      listOutbox(db, 'ada@example.com').filter((m) => m.kind === 'reset-password'),
    ).toHaveLength(1);
  });

  it('changes the password with the current one, ending other sessions', async () => {
    const browser = new Browser(app);
    await browser.register('ada@example.com');
    const other = new Browser(app);
    await other.login('ada@example.com', 'correct horse 1');
    const before = browser.cookies.get(SESSION_COOKIE);
    const wrong = await browser.call('POST', '/api/auth/changePassword', {
      currentPassword: 'nope nope',
      newPassword: 'brand new pass',
    });
    expect(wrong.status).toBe(400);
    const ok = await browser.call('POST', '/api/auth/changePassword', {
      currentPassword: 'correct horse 1',
      newPassword: 'brand new pass',
    });
    expect(ok.body).toEqual({ success: true });
    expect(browser.cookies.get(SESSION_COOKIE)).not.toBe(before);
    expect((await browser.call('GET', '/api/user')).body.user).not.toBeNull();
    expect((await other.call('GET', '/api/user')).body.user).toBeNull();
    const guest = await new Browser(app).call('POST', '/api/auth/changePassword', {
      currentPassword: 'x',
      newPassword: 'brand new pass',
    });
    expect(guest.status).toBe(401);
  });

  it('refuses cross-site and non-JSON posts (CSRF)', async () => {
    const browser = new Browser(app);
    await browser.register('ada@example.com');
    const evil = await browser.call(
      'POST',
      '/api/auth/logout',
      {},
      { origin: 'https://evil.example' },
    );
    expect(evil.status).toBe(403);
    const noOrigin = await app.request('http://localhost/api/auth/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: browser.cookieHeader },
    });
    expect(noOrigin.status).toBe(403);
    const form = await browser.call('POST', '/api/auth/logout', 'a=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect((await browser.call('GET', '/api/user')).body.user).not.toBeNull();
  });

  it('lists the outbox for the merchandiser token only', async () => {
    await new Browser(app).register('ada@example.com');
    const anonymous = await app.request('http://localhost/api/admin/outbox');
    expect(anonymous.status).toBe(401);
    const res = await app.request('http://localhost/api/admin/outbox?to=ada@example.com', {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { emails: { to: string; kind: string }[] };
    expect(body.emails).toEqual([
      expect.objectContaining({ to: 'ada@example.com', kind: 'verify-account' }),
    ]);
  });

  it('counts recovery calls per socket address, whatever X-Forwarded-For says (item 5)', async () => {
    // Another email each time, so that only the route's limit counts, not the mail budgets.
    const recover = (email: string, headers: Record<string, string>, socket = '198.51.100.1') =>
      app.request(
        'http://localhost/api/auth/recoverAccount',
        jsonInit('POST', { email }, { origin: 'http://localhost', ...headers }),
        connectedFrom(socket),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const reply = await recover(`ada${i}@example.com`, { 'x-forwarded-for': `10.0.0.${i}` });
      statuses.push(reply.status);
    }
    expect(statuses.slice(0, AUTH_LIMITS.recover.max)).toEqual(
      Array<number>(AUTH_LIMITS.recover.max).fill(200),
    );
    expect(statuses.slice(AUTH_LIMITS.recover.max)).toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it("counts the web server's forwarded addresses apart when it vouches for them", async () => {
    const secret = 'proxy-secret-for-tests-0123456789abcdef';
    const behind = testApp({ proxySecret: secret }).app;
    // Everything arrives from the web server on 127.0.0.1. Another email each time, so that
    // only the route's limit counts, not the mail budgets.
    let sent = 0;
    const recover = (address: string) =>
      behind.request(
        'http://localhost/api/auth/recoverAccount',
        jsonInit(
          'POST',
          { email: `ada${String((sent += 1))}@example.com` },
          { origin: 'http://localhost', 'x-forwarded-for': address, 'x-proxy-secret': secret },
        ),
        connectedFrom('127.0.0.1'),
      );
    for (let i = 0; i < 8; i += 1) expect((await recover(`10.0.0.${i}`)).status).toBe(200);
    for (let i = 0; i < AUTH_LIMITS.recover.max; i += 1) {
      expect((await recover('10.0.0.99')).status).toBe(200);
    }
    expect((await recover('10.0.0.99')).status).toBe(429);
  });
});
