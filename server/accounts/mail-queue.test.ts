import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/open.ts';
import { fakeClock } from '../testing/fake-timers.ts';
import { MAIL_RETRY, MailQueue, retryDelay, type MailQueueOptions } from './mail-queue.ts';
import type { Email, Mailer } from './mailer.ts';
import { listOutbox, outboxMailer } from './outbox.ts';

const START = Date.parse('2026-11-22T12:00:00Z');
const RESET: Email = {
  to: 'ada@example.com',
  kind: 'reset-password',
  subject: 'Reset your password',
  body: 'Open https://shop.example.test/reset-password?token=secret-token within an hour.',
  link: 'https://shop.example.test/reset-password?token=secret-token',
};

/**
 * A transport that fails while `down` is true and otherwise accepts; it notes the clock at
 * every attempt and what it accepted.
 */
function flakyTransport(now: () => number) {
  const state = { down: false, attempts: [] as number[], accepted: [] as Email[] };
  const mailer: Mailer = {
    send: (email) => {
      state.attempts.push(now());
      if (state.down) return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25'));
      state.accepted.push(email);
      return Promise.resolve();
    },
  };
  return { ...state, mailer, state };
}

interface QueueRow {
  status: string;
  attempts: number;
  body: string;
  link: string;
  last_error: string;
}
const rows = (db: Database) =>
  db
    .prepare('SELECT status, attempts, body, link, last_error FROM mail_queue ORDER BY id')
    .all() as unknown as QueueRow[];

describe('MailQueue', () => {
  let db: Database;
  let clock: ReturnType<typeof fakeClock>;
  let log: string[];
  let transport: ReturnType<typeof flakyTransport>;
  const queueOf = (options: Partial<MailQueueOptions> = {}) =>
    new MailQueue({
      db,
      transport: transport.mailer,
      now: clock.now,
      timers: clock.timers,
      log: (line) => log.push(line),
      ...options,
    });
  beforeEach(() => {
    db = openDatabase(':memory:');
    clock = fakeClock(START);
    log = [];
    transport = flakyTransport(() => clock.now());
  });

  it('has the row in the database when post returns, before the mail server answers', async () => {
    let accept: () => void = () => undefined;
    const slow: Mailer = { send: () => new Promise<void>((resolve) => (accept = resolve)) };
    const queue = queueOf({ transport: slow });
    queue.post(RESET);
    expect(rows(db)).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
    accept();
    await queue.idle();
    expect(rows(db)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
  });

  it('sends at once and marks the row sent, without keeping its link', async () => {
    const queue = queueOf();
    queue.post(RESET);
    await queue.idle();
    expect(transport.state.accepted).toEqual([RESET]);
    expect(rows(db)).toEqual([{ status: 'sent', attempts: 1, body: '', link: '', last_error: '' }]);
    expect(clock.pending()).toEqual([]);
  });

  it('retries after 10 s, 20 s, 40 s ... and sends once the server is back, exactly once', async () => {
    transport.state.down = true;
    const queue = queueOf();
    queue.post(RESET);
    await queue.idle();
    expect(clock.pending()).toEqual([10_000]);
    for (const wait of [10_000, 20_000, 40_000]) {
      clock.advance(wait);
      await queue.idle();
    }
    expect(transport.state.attempts.map((at) => (at - START) / 1000)).toEqual([0, 10, 30, 70]);
    expect(rows(db)[0]).toMatchObject({ status: 'pending', attempts: 4 });
    expect(rows(db)[0]?.last_error).toMatch(/ECONNREFUSED/);
    expect(log).toHaveLength(4);
    expect(log[0]).toMatch(
      /^\[api\] the reset-password email \(mail_queue 1\) could not be sent \(attempt 1, next in 10 s\): connect ECONNREFUSED/,
    );
    transport.state.down = false;
    clock.advance(80_000);
    await queue.idle();
    expect(transport.state.accepted).toEqual([RESET]);
    expect(rows(db)[0]).toMatchObject({ status: 'sent', attempts: 5, body: '', link: '' });
    // Nothing more is tried, however long the queue runs.
    expect(clock.pending()).toEqual([]);
    clock.advance(MAIL_RETRY.giveUpAfterMs);
    queue.post({ ...RESET, to: 'bob@example.com' });
    await queue.idle();
    expect(transport.state.accepted.map((email) => email.to)).toEqual([
      'ada@example.com',
      'bob@example.com',
    ]);
  });

  it('waits at most 15 minutes between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => retryDelay(n, MAIL_RETRY) / 1000)).toEqual([
      10, 20, 40, 80, 160, 320, 640, 900, 900,
    ]);
  });

  it('gives up when the link has expired, logs it, and forgets the link', async () => {
    transport.state.down = true;
    const queue = queueOf();
    queue.post({ ...RESET, expiresAt: START + 3_600_000 });
    await queue.idle();
    // Run every retry until the timer stops.
    while (clock.pending().length > 0) {
      clock.advance(clock.pending()[0] ?? 0);
      await queue.idle();
    }
    const [row] = rows(db);
    expect(row).toMatchObject({ status: 'failed', body: '', link: '' });
    // Every attempt was made while the link still worked.
    expect(Math.max(...transport.state.attempts)).toBeLessThan(START + 3_600_000);
    expect(transport.state.attempts).toHaveLength(row?.attempts ?? -1);
    expect(log.at(-1)).toMatch(
      /^\[api\] gave up on the reset-password email \(mail_queue 1\) after \d+ attempts: connect ECONNREFUSED/,
    );
  });

  it('gives up on a mail without a link after a day', async () => {
    transport.state.down = true;
    const queue = queueOf();
    queue.post({ to: 'ada@example.com', kind: 'account-exists', subject: 'S', body: 'B' });
    await queue.idle();
    while (clock.pending().length > 0) {
      clock.advance(clock.pending()[0] ?? 0);
      await queue.idle();
    }
    expect(rows(db)[0]?.status).toBe('failed');
    const last = Math.max(...transport.state.attempts);
    expect(last - START).toBeLessThan(MAIL_RETRY.giveUpAfterMs);
    expect(last - START).toBeGreaterThan(MAIL_RETRY.giveUpAfterMs - MAIL_RETRY.maxDelayMs);
  });

  it('sends what a stopped API left pending when the next one starts', async () => {
    transport.state.down = true;
    const before = queueOf();
    before.post(RESET);
    await before.idle();
    await before.close();
    expect(clock.pending()).toEqual([]);
    expect(rows(db)[0]?.status).toBe('pending');
    // The API starts again a second later, the mail server answering now: the mail goes at
    // once, not when its backoff (10 s) would have ended.
    transport.state.down = false;
    clock.advance(1000);
    const after = queueOf();
    expect(transport.state.accepted).toEqual([]);
    after.start();
    await after.idle();
    expect(transport.state.accepted).toEqual([RESET]);
    expect(rows(db)[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('close() waits for the send in progress, records it, and starts nothing after', async () => {
    // Two mails a stopped API left pending: the next one's first run finds both.
    const stopped = queueOf();
    await stopped.close();
    stopped.post(RESET);
    stopped.post({ ...RESET, to: 'bob@example.com' });
    let accept: () => void = () => undefined;
    let calls = 0;
    const slow: Mailer = {
      send: () => {
        calls += 1;
        return new Promise<void>((resolve) => (accept = resolve));
      },
    };
    const queue = queueOf({ transport: slow });
    queue.start();
    expect(calls).toBe(1);
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await Promise.resolve();
    expect(closed).toBe(false);
    accept();
    await closing;
    expect(calls).toBe(1);
    expect(rows(db).map((row) => row.status)).toEqual(['sent', 'pending']);
    // A mail posted after close waits in the table for the next start.
    queue.post({ ...RESET, to: 'cy@example.com' });
    clock.advance(MAIL_RETRY.giveUpAfterMs / 2);
    expect(calls).toBe(1);
    expect(clock.pending()).toEqual([]);
    expect(rows(db).map((row) => row.status)).toEqual(['sent', 'pending', 'pending']);
  });

  it('sends a mail posted while another is on its way', async () => {
    const accepts: (() => void)[] = [];
    const sent: string[] = [];
    const slow: Mailer = {
      send: (email) =>
        new Promise<void>((resolve) =>
          accepts.push(() => {
            sent.push(email.to);
            resolve();
          }),
        ),
    };
    const queue = queueOf({ transport: slow });
    queue.post(RESET);
    queue.post({ ...RESET, to: 'bob@example.com' });
    while (accepts.length > 0) {
      accepts.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await queue.idle();
    expect(sent).toEqual(['ada@example.com', 'bob@example.com']);
    expect(rows(db).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('writes to the outbox in the request, so its list has the mail at once', () => {
    const queue = queueOf({ transport: outboxMailer(db, clock.now) });
    queue.post(RESET);
    expect(listOutbox(db, 'ada@example.com')).toEqual([
      expect.objectContaining({ kind: 'reset-password', link: RESET.link }),
    ]);
    expect(rows(db)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
  });

  it('deletes rows finished more than a week ago', async () => {
    const queue = queueOf();
    queue.post(RESET);
    await queue.idle();
    clock.advance(8 * 24 * 3_600_000);
    queue.post({ ...RESET, to: 'bob@example.com' });
    await queue.idle();
    expect(db.prepare('SELECT to_address FROM mail_queue').all()).toEqual([
      { to_address: 'bob@example.com' },
    ]);
  });
});
