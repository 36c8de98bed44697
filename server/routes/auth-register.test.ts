import { performance } from 'node:perf_hooks';
import { beforeEach, describe, expect, it } from 'vitest';
import { listOutbox } from '../accounts/outbox.ts';
import { hashPassword } from '../accounts/password.ts';
import type { Database } from '../db/open.ts';
import { addCustomer, Browser } from '../testing/accounts.ts';
import { testApp } from '../testing/app.ts';
import { REGISTRATION_SENT } from './auth.ts';

// "No account enumeration": registering with an email that has an account
// answers as for a new one and mails the owner instead.

type App = ReturnType<typeof testApp>['app'];
const registration = (email: string) => ({
  email,
  password: 'another password 9',
  firstName: 'Eve',
  lastName: 'Mallory',
});

describe('POST /api/auth/register', () => {
  let app: App;
  let db: Database;
  beforeEach(async () => {
    ({ app, db } = testApp());
    await addCustomer(db, 'ada@example.com', 'correct horse 1');
  });

  it('answers an existing email exactly as a new one, and signs nobody in', async () => {
    const fresh = new Browser(app);
    const taken = new Browser(app);
    const forNew = await fresh.call('POST', '/api/auth/register', registration('new@example.com'));
    const forTaken = await taken.call(
      'POST',
      '/api/auth/register',
      registration('ADA@example.com'),
    );
    for (const reply of [forNew, forTaken]) {
      expect(reply.status).toBe(202);
      expect(reply.body).toEqual({ success: true, message: REGISTRATION_SENT });
      expect(reply.res.headers.getSetCookie()).toEqual([]);
    }
    expect([...forTaken.res.headers.keys()]).toEqual([...forNew.res.headers.keys()]);
    expect((await taken.call('GET', '/api/user')).body.user).toBeNull();
  });

  it('mails the existing owner a notice, changing nothing of the account', async () => {
    await new Browser(app).call('POST', '/api/auth/register', registration('Ada@Example.com'));
    const [notice] = listOutbox(db, 'ada@example.com');
    expect(notice).toMatchObject({
      to: 'ada@example.com',
      kind: 'account-exists',
      link: 'https://shop.example.test/login.asp',
    });
    expect(notice?.body).toMatch(/sign in at https:\/\/shop\.example\.test\/login\.asp/);
    expect(notice?.body).toMatch(/https:\/\/shop\.example\.test\/recover-account/);
    expect(notice?.body).not.toMatch(/token=/);
    // The caller's password and names went nowhere.
    const owner = db
      .prepare("SELECT first_name FROM customers WHERE email = 'ada@example.com'")
      .get() as { first_name: string };
    expect(owner.first_name).toBe('Ada');
    const intruder = await new Browser(app).login('ada@example.com', 'another password 9');
    expect(intruder.status).toBe(401);
    const real = await new Browser(app).login('ada@example.com', 'correct horse 1');
    expect(real.status).toBe(200);
  });

  it('creates the account only when the mailed link is opened, and only once', async () => {
    const browser = new Browser(app);
    await browser.call('POST', '/api/auth/register', registration('eve@example.com'));
    const other = new Browser(app);
    await other.call('POST', '/api/auth/register', registration('eve@example.com'));
    // No account yet: signing in fails as for any unknown email.
    const early = await new Browser(app).login('eve@example.com', 'another password 9');
    expect(early.status).toBe(401);
    const [second, first] = listOutbox(db, 'eve@example.com');
    const tokenOf = (link = '') => new URL(link).searchParams.get('token');
    const opened = await browser.call('POST', '/api/auth/verifyAccount', {
      token: tokenOf(first?.link),
    });
    expect(opened.status).toBe(200);
    // The other tab's link finds the account made.
    const late = await other.call('POST', '/api/auth/verifyAccount', {
      token: tokenOf(second?.link),
    });
    expect(late.status).toBe(409);
    expect((await other.call('GET', '/api/user')).body.user).toBeNull();
    const count = db
      .prepare("SELECT count(*) AS n FROM customers WHERE email = 'eve@example.com'")
      .get() as { n: number };
    expect(count.n).toBe(1);
  });

  it('spends a password hash on an existing email too (reply time alike)', async () => {
    const timed = async (work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      return performance.now() - start;
    };
    // The shortest of three: a busy machine only makes the other measurements longer.
    const hashes = [];
    for (let i = 0; i < 3; i += 1) hashes.push(await timed(() => hashPassword('x y z 1 2 3')));
    const oneHash = Math.min(...hashes);
    const taken = await timed(() =>
      new Browser(app, '10.0.0.2').call('POST', '/api/auth/register', {
        ...registration('ada@example.com'),
      }),
    );
    expect(taken).toBeGreaterThan(oneHash * 0.5);
  });

  it('does not let one address fill a mailbox by registering (the rest: mail-budget.test.ts)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const reply = await new Browser(app, '10.0.3.1').call(
        'POST',
        '/api/auth/register',
        registration('ada@example.com'),
      );
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    expect(listOutbox(db, 'ada@example.com')).toHaveLength(3);
  });
});
