import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { RECOVERY_SENT } from '../routes/auth.ts';
import { addCustomer, Browser } from '../testing/accounts.ts';
import { testApp } from '../testing/app.ts';
import { fakeClock } from '../testing/fake-timers.ts';
import { mailServer } from '../testing/mail-server.ts';
import { MailQueue } from './mail-queue.ts';
import { smtpMailer } from './smtp-mailer.ts';

/** The decoded text of a quoted-printable body (nodemailer wraps long lines with =). */
const text = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('smtpMailer', () => {
  const closers: (() => unknown)[] = [];
  afterEach(async () => {
    // Last opened first: the mailer's pooled connection ends before its server closes.
    for (const close of closers.splice(0).reverse()) await close();
  });

  it('delivers to a mail server with the account in SMTP_URL', async () => {
    const server = await mailServer();
    closers.push(server.close);
    const mailer = smtpMailer({
      url: `smtp://shop:${encodeURIComponent('p@ss word')}@127.0.0.1:${String(server.port)}`,
      from: 'Parts Store <no-reply@shop.example.com>',
    });
    closers.push(() => mailer.close?.());
    await mailer.send({
      to: 'ada@example.com',
      kind: 'reset-password',
      subject: 'Reset your password',
      body: 'Open https://shop.example.com/reset-password?token=abc within an hour.',
      link: 'https://shop.example.com/reset-password?token=abc',
    });
    const [message] = server.received;
    expect(message).toMatchObject({
      from: 'no-reply@shop.example.com',
      to: ['ada@example.com'],
      user: 'shop',
    });
    expect(message?.raw).toMatch(/^Subject: Reset your password\r$/m);
    expect(message?.raw).toMatch(/^From: Parts Store <no-reply@shop\.example\.com>\r$/m);
    expect(text(message?.raw ?? '')).toContain('https://shop.example.com/reset-password?token=abc');
  });

  it('speaks TLS from the first byte with smtps://', async () => {
    const server = await mailServer({ secure: true });
    closers.push(server.close);
    // The test server's certificate is self-signed; a real one is checked (the default).
    const mailer = smtpMailer({
      url: `smtps://shop:p%40ss%20word@127.0.0.1:${String(server.port)}?tls.rejectUnauthorized=false`,
      from: 'no-reply@shop.example.com',
    });
    closers.push(() => mailer.close?.());
    await mailer.send({ to: 'ada@example.com', kind: 'k', subject: 'S', body: 'B' });
    expect(server.received[0]?.secure).toBe(true);
  });

  it('fails the send when the server refuses the account', async () => {
    const server = await mailServer();
    closers.push(server.close);
    const mailer = smtpMailer({
      url: `smtp://shop:wrong@127.0.0.1:${String(server.port)}`,
      from: 'no-reply@shop.example.com',
    });
    closers.push(() => mailer.close?.());
    await expect(
      mailer.send({ to: 'ada@example.com', kind: 'k', subject: 'S', body: 'B' }),
    ).rejects.toThrow(/Invalid username or password/);
    expect(server.received).toEqual([]);
  });

  it("carries the API's reset link on SITE_URL", async () => {
    const server = await mailServer();
    closers.push(server.close);
    const mailer = smtpMailer({
      url: `smtp://shop:p%40ss%20word@127.0.0.1:${String(server.port)}`,
      from: 'no-reply@shop.example.com',
    });
    closers.push(() => mailer.close?.());
    const { app, db } = testApp({ mailer, siteUrl: 'https://shop.example.com' });
    await addCustomer(db, 'ada@example.com');
    const arrived = server.next();
    const reply = await new Browser(app).call('POST', '/api/auth/recoverAccount', {
      email: 'ada@example.com',
    });
    expect(reply.status).toBe(200);
    const message = await arrived;
    expect(message.to).toEqual(['ada@example.com']);
    expect(message.raw).toMatch(/^Subject: Reset your password\r$/m);
    expect(text(message.raw)).toMatch(
      /https:\/\/shop\.example\.com\/reset-password\?token=[\w-]{43}/,
    );
  });

  it('delivers a reset asked while the mail server is down once it is back, exactly once', async () => {
    // The mail server's port, with nothing listening on it yet.
    const before = await mailServer();
    const { port } = before;
    await before.close();
    const mailer = smtpMailer({
      url: `smtp://shop:p%40ss%20word@127.0.0.1:${String(port)}`,
      from: 'no-reply@shop.example.com',
    });
    closers.push(() => mailer.close?.());
    const clock = fakeClock(Date.parse('2026-11-22T12:00:00Z'));
    const db = openDatabase(':memory:');
    const log: string[] = [];
    const mailQueue = new MailQueue({
      db,
      transport: mailer,
      now: clock.now,
      timers: clock.timers,
      log: (line) => log.push(line),
    });
    closers.push(() => mailQueue.close());
    const { app } = testApp({ db, mailer, mailQueue, now: clock.now });
    await addCustomer(db, 'ada@example.com');

    const reply = await new Browser(app).call('POST', '/api/auth/recoverAccount', {
      email: 'ada@example.com',
    });
    expect(reply.body).toEqual({ success: true, message: RECOVERY_SENT });
    await mailQueue.idle();
    expect(log).toEqual([
      expect.stringMatching(
        /the reset-password email .* could not be sent \(attempt 1, next in 10 s\)/,
      ),
    ]);

    // The mail server starts again; the next attempt is due 10 s after the first.
    const server = await mailServer({}, port);
    closers.unshift(server.close);
    clock.advance(10_000);
    await mailQueue.idle();
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.to).toEqual(['ada@example.com']);
    expect(text(server.received[0]?.raw ?? '')).toMatch(/reset-password\?token=[\w-]{43}/);
    // Never again, however long the API runs.
    clock.advance(24 * 3_600_000);
    await mailQueue.idle();
    expect(server.received).toHaveLength(1);
    expect(db.prepare('SELECT status, attempts FROM mail_queue').all()).toEqual([
      { status: 'sent', attempts: 2 },
    ]);
  });
});
