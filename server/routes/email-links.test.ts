import { beforeEach, describe, expect, it } from 'vitest';
import { listOutbox } from '../accounts/outbox.ts';
import { createApp } from '../app.ts';
import { openDatabase, type Database } from '../db/open.ts';
import { addCustomer, Browser, solveBotCheck } from '../testing/accounts.ts';
import { TEST_ADMIN_TOKEN, testApp } from '../testing/app.ts';

// "Links in emails come from SITE_URL, never from Host or Origin": every
// mailer, asked by a caller naming attacker.example in Host, Origin and X-Forwarded-Host
// (with and without the web server's secret), mails links on SITE_URL.

const SECRET = 'proxy-secret-for-tests-0123456789abcdef';
const SITE = 'https://shop.example.com';
const ATTACKER = {
  host: 'attacker.example',
  origin: 'http://attacker.example',
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'http',
};

describe('links in emails', () => {
  let app: ReturnType<typeof testApp>['app'];
  let db: Database;
  beforeEach(async () => {
    ({ app, db } = testApp({ siteUrl: SITE, proxySecret: SECRET }));
    await addCustomer(db, 'ada@example.com');
  });

  /** A caller on attacker.example: directly, or through the web server that believes it. */
  const attacker = (viaProxy: boolean) => {
    const browser = new Browser(app, '203.0.113.9');
    const headers = { ...ATTACKER, ...(viaProxy ? { 'x-proxy-secret': SECRET } : {}) };
    return {
      browser,
      // Direct, the Host header makes the request URL http://attacker.example/...
      call: (method: string, path: string, body?: unknown) =>
        browser.call(method, viaProxy ? path : `http://attacker.example${path}`, body, headers),
    };
  };
  const links = () =>
    db.prepare("SELECT link, body FROM outbox WHERE link != ''").all() as {
      link: string;
      body: string;
    }[];

  for (const viaProxy of [false, true]) {
    it(`are on SITE_URL for a request naming another host (${viaProxy ? 'via the proxy' : 'direct'})`, async () => {
      const { call } = attacker(viaProxy);
      // The request reaches the API as http://attacker.example, so its own Origin matches.
      const recover = await call('POST', '/api/auth/recoverAccount', { email: 'ada@example.com' });
      expect(recover.status).toBe(200);
      const register = await call('POST', '/api/auth/register', {
        email: 'new@example.com',
        password: 'correct horse 1',
        firstName: 'N',
        lastName: 'E',
      });
      expect(register.status).toBe(202);
      await call('POST', '/api/auth/register', {
        email: 'ada@example.com',
        password: 'correct horse 1',
        firstName: 'N',
        lastName: 'E',
      });
      const [reset] = listOutbox(db, 'ada@example.com').filter((m) => m.kind === 'reset-password');
      expect(reset?.link).toMatch(/^https:\/\/shop\.example\.com\/reset-password\?token=[\w-]+$/);
      const mailed = links();
      expect(mailed.map((m) => new URL(m.link).origin)).toEqual(mailed.map(() => SITE));
      for (const { body } of mailed) expect(body).not.toContain('attacker.example');
    });
  }

  it('for the recovery email and a re-sent verification too', async () => {
    const id = await addCustomer(db, 'old@example.com');
    db.prepare('UPDATE customer_credentials SET verified_at = NULL WHERE customer_id = ?').run(id);
    const { browser, call } = attacker(true);
    await call('POST', '/api/auth/startVerification', { email: 'old@example.com' });
    await call('POST', '/api/auth/login', {
      email: 'ada@example.com',
      password: 'correct horse 1',
    });
    expect(browser.cookies.size).toBeGreaterThan(0);
    const token = async () => solveBotCheck(await call('GET', '/api/botCheck/challenge'));
    await call('PUT', '/api/user/recoveryEmail', {
      token: await token(),
      recoveryEmail: 'backup@example.com',
    });
    const verify = await call('POST', '/api/user/recoveryEmail/verify', { token: await token() });
    expect(verify.status).toBe(200);
    const [recovery] = listOutbox(db, 'backup@example.com');
    expect(recovery?.link).toMatch(
      /^https:\/\/shop\.example\.com\/api\/user\/recoveryEmail\/confirm\?token=/,
    );
    const [verification] = listOutbox(db, 'old@example.com');
    expect(verification?.link).toMatch(/^https:\/\/shop\.example\.com\/verify-account\?token=/);
  });
});

describe('the outbox', () => {
  it('exists only with the outbox transport', async () => {
    const withOutbox = testApp().app;
    const auth = { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } };
    expect((await withOutbox.request('http://localhost/api/admin/outbox', auth)).status).toBe(200);
    const smtp = testApp({ mailer: { send: () => Promise.resolve() } }).app;
    const gone = await smtp.request('http://localhost/api/admin/outbox', auth);
    expect(gone.status).toBe(404);
  });

  it('cannot be read with the documented example token: an app has no default', async () => {
    const app = createApp({ db: openDatabase(':memory:') });
    const res = await app.request('http://localhost/api/admin/outbox', {
      headers: { authorization: 'Bearer local-merchandiser-token-change-me' },
    });
    expect(res.status).toBe(401);
  });
});
