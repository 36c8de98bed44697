import { describe, expect, it } from 'vitest';
import { MAIL_BUDGET, recipientKey } from '../accounts/mail-budget.ts';
import { listOutbox } from '../accounts/outbox.ts';
import { addCustomer, Browser, customerAppPerTest } from '../testing/accounts.ts';
import { AUTH_LIMITS, RECOVERY_SENT, REGISTRATION_SENT, VERIFICATION_SENT } from './auth.ts';

// Attacks on the mail budgets (issue 28, item 2): a stranger must not silence a customer's
// mail, one address must not mail many mailboxes, and nothing tells which emails have an
// account. A refusal is a 429 that says no email was sent, never "we have sent".

type Reply = Awaited<ReturnType<Browser['call']>>;

const OWNER = 'demo@example.com';
const HOUR = 3_600_000;

/** What a reply tells the caller: everything but timing. */
const seen = (reply: Reply) => ({
  status: reply.status,
  body: reply.body,
  retryAfter: reply.res.headers.get('retry-after'),
});

/** A refusal: 429, Retry-After, and words that say nothing was sent. */
function expectRefused(reply: Reply) {
  expect(reply.status).toBe(429);
  expect(Number(reply.res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(Object.keys(reply.body)).toEqual(['error']);
  expect(reply.body.error).toMatch(/^No email was sent: .* try again in \d+ minutes?\.$/);
  expect(JSON.stringify(reply.body)).not.toMatch(/we have sent|has been sent|check your email/i);
}

describe('mail budgets under attack', () => {
  const ctx = customerAppPerTest({
    start: '2026-11-22T12:00:00Z',
    email: OWNER,
    password: 'demo-password-2026',
  });

  const from = (address: string) => new Browser(ctx.app, address);
  const recover = (address: string, email = OWNER) =>
    from(address).call('POST', '/api/auth/recoverAccount', { email });
  const register = (address: string, email = OWNER) =>
    from(address).call('POST', '/api/auth/register', {
      email,
      password: 'stranger password 1',
      firstName: 'Eve',
      lastName: 'Mallory',
    });
  const verification = (address: string, email = OWNER) =>
    from(address).call('POST', '/api/auth/startVerification', { email });
  const mails = (to = OWNER) => listOutbox(ctx.db, to);
  const queued = () =>
    (ctx.db.prepare('SELECT count(*) AS n FROM mail_queue').get() as { n: number }).n;

  it("the reported case: 2 resets and 3 notices a stranger caused leave the owner's reset mailed", async () => {
    const stranger = '203.0.113.7';
    const replies = [
      await recover(stranger),
      await recover(stranger),
      await register(stranger),
      await register(stranger),
      await register(stranger),
    ];
    // The stranger's own budget for this mailbox is 3; the rest are refused, honestly.
    expect(replies.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 202]);
    for (const reply of replies.slice(3)) expectRefused(reply);
    expect(mails().map((m) => m.kind)).toEqual([
      'account-exists',
      'reset-password',
      'reset-password',
    ]);

    const owner = await recover('198.51.100.20');
    expect(owner.body).toEqual({ success: true, message: RECOVERY_SENT });
    expect(mails()).toHaveLength(4);
    expect(mails()[0]?.kind).toBe('reset-password');
  });

  it('the same from five stranger addresses (each mailed once): the owner is still mailed', async () => {
    const asks = [recover, recover, register, register, register];
    for (const [i, ask] of asks.entries()) {
      expect((await ask(`203.0.113.${String(10 + i)}`)).status).toBeLessThan(300);
    }
    expect(mails()).toHaveLength(5);
    const owner = await recover('198.51.100.20');
    expect(owner.body).toEqual({ success: true, message: RECOVERY_SENT });
    expect(mails()).toHaveLength(6);
    expect(mails()[0]?.kind).toBe('reset-password');
  });

  it('a stranger cannot exhaust the owner from one address, whatever it calls, all hour long', async () => {
    const stranger = '203.0.113.7';
    const statuses: number[] = [];
    // An hour of asking, within each route's own limit (recovery: 5 per 15 minutes).
    for (let quarter = 0; quarter < 4; quarter += 1) {
      for (const ask of [recover, verification, register, register, recover]) {
        statuses.push((await ask(stranger)).status);
      }
      ctx.now += 15 * 60_000 - 1;
    }
    expect(statuses.filter((s) => s < 300)).toHaveLength(MAIL_BUDGET.perRequesterAndRecipient.max);
    // Rotating addresses within one IPv6 /64 is one requester too.
    for (let i = 1; i <= 3; i += 1) {
      expect((await recover(`2001:db8:7:7::${String(i)}`)).status).toBe(200);
    }
    expectRefused(await recover('2001:db8:7:7::99'));
    expectRefused(await recover('2001:db8:7:7:ffff::1'));
    // The owner asks, as often as anyone may, and every ask is mailed.
    const before = mails().length;
    for (let i = 0; i < MAIL_BUDGET.perRequesterAndRecipient.max; i += 1) {
      expect((await recover('198.51.100.20')).body).toEqual({
        success: true,
        message: RECOVERY_SENT,
      });
    }
    expect(mails().length - before).toBe(MAIL_BUDGET.perRequesterAndRecipient.max);
    expectRefused(await recover('198.51.100.20'));
  });

  it("many stranger addresses: each gets one mail through, repeats stop at the recipient's total, the owner's first goes", async () => {
    const strangers = Array.from({ length: 15 }, (_, i) => `203.0.113.${String(100 + i)}`);
    for (const stranger of strangers) {
      expect((await recover(stranger)).status).toBe(200);
    }
    // Repeats from the same addresses find the total spent.
    for (const stranger of strangers.slice(0, 3)) expectRefused(await recover(stranger));
    expect(mails()).toHaveLength(strangers.length);
    const owner = await recover('198.51.100.20');
    expect(owner.body).toEqual({ success: true, message: RECOVERY_SENT });
    expect(mails()).toHaveLength(strangers.length + 1);
    // The owner's second ask needs room in the total: refused, and told so.
    expectRefused(await recover('198.51.100.20'));
    // An hour later the owner asks again and is mailed.
    ctx.now += HOUR;
    expect((await recover('198.51.100.20')).status).toBe(200);
    expect(mails()).toHaveLength(strangers.length + 2);
  });

  it('one address cannot mail many mailboxes, nor one mailbox under many +tags', async () => {
    const sender = '203.0.113.50';
    const replies: Reply[] = [];
    // 20 registrations (the route's hourly limit) and recoveries in two quarter hours.
    for (let i = 0; i < AUTH_LIMITS.register.max; i += 1) {
      replies.push(await register(sender, `victim${String(i)}@example.com`));
    }
    for (let quarter = 0; quarter < 3; quarter += 1) {
      for (let i = 0; i < AUTH_LIMITS.recover.max; i += 1) {
        replies.push(await recover(sender, `other${String(quarter)}-${String(i)}@example.com`));
      }
      ctx.now += 15 * 60_000;
    }
    const allowed = replies.filter((r) => r.status < 300);
    expect(allowed).toHaveLength(MAIL_BUDGET.perRequester.max);
    for (const reply of replies.slice(MAIL_BUDGET.perRequester.max)) expectRefused(reply);
    // Another requester still reaches those mailboxes.
    expect((await register('198.51.100.21', 'victim0@example.com')).status).toBe(202);

    const tagger = '203.0.113.51';
    const tagged = [];
    for (const tag of ['', '+a', '+b', '+c'])
      tagged.push(await register(tagger, `ada${tag}@example.com`));
    expect(tagged.slice(0, 3).map((r) => r.status)).toEqual([202, 202, 202]);
    expectRefused(tagged[3] as Reply);
  });

  it('answers an existing and an unknown email alike, refusals included', async () => {
    const unverified = await addCustomer(ctx.db, 'late@example.com');
    ctx.db
      .prepare('UPDATE customer_credentials SET verified_at = NULL WHERE customer_id = ?')
      .run(unverified);
    const runs = [
      { ask: recover, known: OWNER, message: RECOVERY_SENT },
      { ask: verification, known: 'late@example.com', message: VERIFICATION_SENT },
      { ask: register, known: OWNER, message: REGISTRATION_SENT },
    ];
    for (const [n, { ask, known, message }] of runs.entries()) {
      const sequence = async (address: string, email: string) => {
        const replies = [];
        for (let i = 0; i < 5; i += 1) replies.push(seen(await ask(address, email)));
        return replies;
      };
      const existing = await sequence(`203.0.113.${String(60 + n)}`, known);
      const unknown = await sequence(
        `203.0.113.${String(70 + n)}`,
        `nobody${String(n)}@example.com`,
      );
      expect(unknown).toEqual(existing);
      expect(existing.map((r) => r.status)).toEqual([
        ...Array<number>(3).fill(ask === register ? 202 : 200),
        429,
        429,
      ]);
      expect(existing[0]?.body).toEqual({ success: true, message });
    }
  });

  it('never says "we have sent" when nothing was queued, on any mailing route', async () => {
    const stranger = '203.0.113.80';
    for (let i = 0; i < 3; i += 1) await recover(stranger);
    const queuedBefore = queued();
    const outboxBefore = mails().length;
    expectRefused(await recover(stranger));
    expectRefused(await verification(stranger));
    expectRefused(await register(stranger));
    expect(queued()).toBe(queuedBefore);
    expect(mails()).toHaveLength(outboxBefore);

    // The recovery email's verification spends the same budgets.
    const ada = from('198.51.100.30');
    await addCustomer(ctx.db, 'ada@example.com');
    await ada.login('ada@example.com');
    const botToken = () => ada.botCheckToken();
    const put = await ada.call('PUT', '/api/user/recoveryEmail', {
      token: await botToken(),
      recoveryEmail: 'backup@example.com',
    });
    expect(put.status).toBe(200);
    const verifies = [];
    for (let i = 0; i < 4; i += 1) {
      verifies.push(
        await ada.call('POST', '/api/user/recoveryEmail/verify', { token: await botToken() }),
      );
    }
    expect(verifies.slice(0, 3).map((r) => r.body)).toEqual(Array(3).fill({ success: true }));
    expectRefused(verifies[3] as Reply);
    expect(mails('backup@example.com')).toHaveLength(3);
  });

  it('counts recipients by mailbox (requesters by clientKey, server/http/client-key.ts)', () => {
    expect(recipientKey(' Ada+shop@Example.com ')).toBe('ada@example.com');
    expect(recipientKey('ada@example.com')).toBe('ada@example.com');
  });
});
