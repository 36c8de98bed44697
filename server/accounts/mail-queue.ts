import type { Database } from '../db/open.ts';
import type { Email, EmailRow, Mailer } from './email.ts';

/** Timers the sender waits with; tests pass fakes, so nothing sleeps. */
export interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

/** Real timers that do not keep the process alive on their own (close() clears them). */
export const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, Math.min(ms, 2 ** 31 - 1)).unref(),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** When the sender tries again, and when it stops trying. */
export interface RetryPolicy {
  /** The wait after the first failure; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest wait between two attempts. */
  maxDelayMs: number;
  /** How long after it was asked for a mail is given up on (sooner if its link expires). */
  giveUpAfterMs: number;
}

/** 10 s, 20 s, 40 s ... up to 15 min between attempts, for a day at most. */
export const MAIL_RETRY: RetryPolicy = {
  firstDelayMs: 10_000,
  maxDelayMs: 15 * 60_000,
  giveUpAfterMs: 24 * 3_600_000,
};

/** Finished rows (sent or given up on, their body already emptied) are kept this long. */
const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;
/** Due rows read per query: the sender loops until none is left. */
const BATCH = 50;

/**
 * The wait after failure number `attempts` (1-based): doubling from `firstDelayMs`, capped.
 * @example retryDelay(3, MAIL_RETRY) // 40_000
 */
export function retryDelay(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
}

/** Options of {@link MailQueue}. */
export interface MailQueueOptions {
  db: Database;
  /** Where mails go: SMTP in production, the outbox in development and tests. */
  transport: Mailer;
  now: () => number;
  timers?: Timers;
  retry?: RetryPolicy;
  /** Where failures and give-ups are written (console.error by default). */
  log?: (line: string) => void;
}

interface Row extends EmailRow {
  attempts: number;
  give_up_at: number;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The mail queue (table mail_queue) and its sender. `post` writes the row in the request
 * that asks for the mail, so a reply saying "we have sent" stands on a row; the sender hands
 * due rows to the transport one at a time, marks each sent once, and after a failure tries
 * again after 10 s, 20 s, 40 s ... (at most 15 min apart) until a day has passed or the
 * mail's link has expired, then gives up and logs it. Rows left pending by a stopped API are
 * sent by the next one's `start`. A transport with `sendNow` (the outbox) is handed the mail
 * in the request itself, so tests read it at once.
 *
 * Delivery is at least once: were the API killed between the mail server's acceptance and
 * the row's update, the next start sends that mail again (nothing can tell the two apart).
 *
 * @example const queue = new MailQueue({ db, transport: smtpMailer(...), now: Date.now });
 *   queue.start(); queue.post(email); ... await queue.close();
 */
export class MailQueue {
  private readonly db: Database;
  private readonly transport: Mailer;
  private readonly now: () => number;
  private readonly timers: Timers;
  private readonly retry: RetryPolicy;
  private readonly log: (line: string) => void;
  /** True from a run's start to its last look at the table, in the same synchronous step. */
  private busy = false;
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private timer: unknown;
  private closed = false;
  private prunedAt = -Infinity;

  constructor(options: MailQueueOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.now = options.now;
    this.timers = options.timers ?? realTimers;
    this.retry = options.retry ?? MAIL_RETRY;
    this.log = options.log ?? ((line) => console.error(line));
  }

  /**
   * Queues one mail: its row is in the database when this returns. The sender is woken at
   * once (with the outbox, the mail is in the outbox when this returns too).
   */
  post(email: Email): void {
    const at = this.now();
    const giveUpAt = Math.min(at + this.retry.giveUpAfterMs, email.expiresAt ?? Infinity);
    const row = this.db
      .prepare(
        `INSERT INTO mail_queue (to_address, kind, subject, body, link, next_attempt_at, give_up_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id, to_address, kind, subject, body, link, attempts, give_up_at`,
      )
      .get(
        email.to,
        email.kind,
        email.subject,
        email.body,
        email.link ?? '',
        at,
        giveUpAt,
        at,
      ) as unknown as Row;
    if (this.transport.sendNow !== undefined && !this.closed) {
      try {
        this.transport.sendNow(email);
        this.sent(row);
        return;
      } catch (error) {
        this.failed(row, error);
      }
    }
    this.wake();
  }

  /**
   * Starts sending: rows a previous run of the API left pending go now, without waiting out
   * their backoff (a restart is often what fixed the mail settings).
   */
  start(): void {
    if (this.closed) return;
    this.db
      .prepare(
        "UPDATE mail_queue SET next_attempt_at = ? WHERE status = 'pending' AND next_attempt_at > ?",
      )
      .run(this.now(), this.now());
    this.wake();
  }

  /** Resolves once no send is in progress (tests wait on it instead of sleeping). */
  async idle(): Promise<void> {
    while (this.busy) await this.running;
  }

  /**
   * Stops the sender: no new attempt starts, the timer is cleared, and the send in progress
   * (bounded by the transport's time-out) is waited for and recorded. Pending rows stay for
   * the next start.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    await this.idle();
  }

  /** Runs the sender now, or once more after the run in progress. */
  private wake(): void {
    if (this.closed) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    this.clearTimer();
    this.running = this.run();
  }

  private async run(): Promise<void> {
    try {
      this.prune();
      do {
        this.again = false;
        const rows = this.due();
        for (const row of rows) {
          if (this.closed) return;
          await this.attempt(row);
        }
        if (rows.length === BATCH) this.again = true;
      } while (this.again && !this.closed);
      this.schedule();
    } catch (error) {
      // The database itself failed: the rows stay pending; the next post or start retries.
      this.log(`[api] the mail queue stopped a run: ${reason(error)}`);
    } finally {
      // In the same synchronous step as the last look at the table: a mail posted after it
      // starts a new run, none is left waiting for a run that has ended.
      this.busy = false;
    }
  }

  private due(): Row[] {
    return this.db
      .prepare(
        `SELECT id, to_address, kind, subject, body, link, attempts, give_up_at FROM mail_queue
         WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
      )
      .all(this.now(), BATCH) as unknown as Row[];
  }

  private async attempt(row: Row): Promise<void> {
    const email: Email = {
      to: row.to_address,
      kind: row.kind,
      subject: row.subject,
      body: row.body,
      ...(row.link === '' ? {} : { link: row.link }),
    };
    try {
      await this.transport.send(email);
    } catch (error) {
      this.failed(row, error);
      return;
    }
    this.sent(row);
  }

  /** Marks a row sent, once: its body and link (a live token) are not kept. */
  private sent(row: Row): void {
    this.db
      .prepare(
        `UPDATE mail_queue SET status = 'sent', attempts = attempts + 1, finished_at = ?,
           body = '', link = '', last_error = '' WHERE id = ? AND status = 'pending'`,
      )
      .run(this.now(), row.id);
  }

  /** Schedules the next attempt of a failed row, or gives up on it when that is too late. */
  private failed(row: Row, error: unknown): void {
    const attempts = row.attempts + 1;
    const at = this.now();
    const next = at + retryDelay(attempts, this.retry);
    const what = `the ${row.kind} email (mail_queue ${String(row.id)})`;
    if (next >= row.give_up_at) {
      this.db
        .prepare(
          `UPDATE mail_queue SET status = 'failed', attempts = ?, finished_at = ?, body = '',
             link = '', last_error = ? WHERE id = ? AND status = 'pending'`,
        )
        .run(attempts, at, reason(error), row.id);
      this.log(`[api] gave up on ${what} after ${String(attempts)} attempts: ${reason(error)}`);
      return;
    }
    this.db
      .prepare(
        `UPDATE mail_queue SET attempts = ?, next_attempt_at = ?, last_error = ?
         WHERE id = ? AND status = 'pending'`,
      )
      .run(attempts, next, reason(error), row.id);
    this.log(
      `[api] ${what} could not be sent (attempt ${String(attempts)}, next in ${String(Math.round((next - at) / 1000))} s): ${reason(error)}`,
    );
  }

  /** Sets the timer for the earliest pending row, if any. */
  private schedule(): void {
    this.clearTimer();
    if (this.closed) return;
    const { next } = this.db
      .prepare("SELECT min(next_attempt_at) AS next FROM mail_queue WHERE status = 'pending'")
      .get() as { next: number | null };
    if (next === null) return;
    this.timer = this.timers.set(
      () => {
        this.timer = undefined;
        this.wake();
      },
      Math.max(0, next - this.now()),
    );
  }

  private clearTimer(): void {
    if (this.timer === undefined) return;
    this.timers.clear(this.timer);
    this.timer = undefined;
  }

  /** Deletes rows finished a week ago, at most once an hour. */
  private prune(): void {
    const at = this.now();
    if (at - this.prunedAt < 3_600_000) return;
    this.prunedAt = at;
    this.db
      .prepare('DELETE FROM mail_queue WHERE finished_at IS NOT NULL AND finished_at < ?')
      .run(at - KEEP_FINISHED_MS);
  }
}
