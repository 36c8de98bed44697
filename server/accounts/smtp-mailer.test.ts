import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCustomer, Browser } from '../testing/accounts.ts';
import { testApp } from '../testing/app.ts';
import { smtpMailer } from './smtp-mailer.ts';

/** One message as the mail server received it. */
interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  secure: boolean;
  raw: string;
}

/** A real SMTP server on a free local port, keeping what it receives. */
async function mailServer(options: SMTPServerOptions = {}) {
  const received: Received[] = [];
  const waiting: ((message: Received) => void)[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => {
      if (auth.username === 'shop' && auth.password === 'p@ss word') {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData: (stream, session, callback) => {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const message: Received = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          secure: session.secure,
          raw,
        };
        received.push(message);
        waiting.shift()?.(message);
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    next: () => new Promise<Received>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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

  it('answers as usual when the mail server is down, and logs the failure', async () => {
    const nobody = await mailServer();
    await nobody.close(); // a port where nothing listens any more
    const mailer = smtpMailer({
      url: `smtp://127.0.0.1:${String(nobody.port)}`,
      from: 'no-reply@shop.example.com',
    });
    closers.push(() => mailer.close?.());
    const { app, db } = testApp({ mailer });
    await addCustomer(db, 'ada@example.com');
    const logged = new Promise<string>((resolve) => {
      vi.spyOn(console, 'error').mockImplementationOnce((line: string) => resolve(line));
    });
    const reply = await new Browser(app).call('POST', '/api/auth/recoverAccount', {
      email: 'ada@example.com',
    });
    expect(reply.status).toBe(200);
    expect(await logged).toMatch(/the reset-password email could not be sent/);
    vi.restoreAllMocks();
  });
});
