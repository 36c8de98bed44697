import type { BotVerifier } from './accounts/bot-check.ts';
import type { MailBudget } from './accounts/mail-budget.ts';
import type { MailQueue } from './accounts/mail-queue.ts';
import type { RateLimiter } from './accounts/rate-limit.ts';
import type { Mailer } from './accounts/email.ts';
import type { Database } from './db/open.ts';
import type { ReadPool } from './reads/read-pool.ts';
import type { RealtimeEvent } from './realtime.ts';

/** What every route module is built with (one sub-app per resource, STYLE). */
export interface Deps {
  db: Database;
  /** Bearer token for the merchandiser routes under /api/admin. */
  adminToken: string;
  /**
   * Whether the merchandiser API answers requests the public web server forwarded
   * (ADMIN_API_PUBLIC); off, only callers on the API's own port reach it.
   */
  adminPublic?: boolean;
  /** Wrong merchandiser tokens per client address (server/http/merchandiser-auth.ts). */
  tokenFailures?: RateLimiter;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now: () => number;
  /** Live visitor count kept by the realtime server (0 when it is not attached). */
  visitors: () => number;
  /**
   * The realtime server's event log, newer than `since` (missing or empty when it is not
   * attached). Optional so that deps built by hand in tests need not name it.
   */
  realtimeEvents?: (since?: number) => RealtimeEvent[];
  /**
   * The bot check of sign-in after repeated failures and of the recovery-email calls, one
   * for the whole app (its challenges are signed with its own key): the proof of work at
   * BOT_CHECK_DIFFICULTY by default (createApp), reCAPTCHA when main.ts is told so.
   */
  botCheck: BotVerifier;
  /**
   * The secret the web server sends as X-Proxy-Secret (PROXY_SECRET): only requests carrying
   * it have their X-Forwarded-For, -Proto and -Host believed (server/http/forwarded.ts).
   */
  proxySecret?: string | undefined;
  /**
   * Where emails go: the outbox table in development and tests, SMTP in production. createApp sets it (the outbox by default); optional for deps built by hand.
   */
  mailer?: Mailer;
  /**
   * The mail queue routes post to (server/accounts/mail-queue.ts), sending through `mailer`.
   * createApp sets it (started); main.ts makes its own so that close() can stop it.
   */
  mailQueue?: MailQueue;
  /** The mail budgets every mailing route shares (server/accounts/mail-budget.ts). */
  mailBudget?: MailBudget;
  /**
   * SITE_URL, the origin of every link in an email (never the request's
   * Host). createApp sets it; optional for deps built by hand.
   */
  siteUrl?: string;
  /**
   * Worker threads with their own read connections for the slow reads (products/filter,
   * issue 14); absent, those reads run on `db` (tests through app.request).
   */
  reads?: ReadPool;
}
