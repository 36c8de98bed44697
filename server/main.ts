import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { env } from '../shared/env.ts';
import { merchandiserToken } from '../shared/merchandiser-token.ts';
import { recaptchaVerifier, type BotVerifier } from './accounts/bot-check.ts';
import { MailQueue } from './accounts/mail-queue.ts';
import { mailFrom, type Mailer } from './accounts/mailer.ts';
import { outboxMailer } from './accounts/outbox.ts';
import { proofOfWorkVerifier } from './accounts/proof-of-work.ts';
import { smtpMailer } from './accounts/smtp-mailer.ts';
import { createApp } from './app.ts';
import { assertDeployable, isProduction } from './config/production.ts';
import { openDatabase, type Database } from './db/open.ts';
import { startReadPool } from './reads/read-pool.ts';
import { attachRealtime, type Realtime } from './realtime.ts';

export interface ApiServer {
  url: string;
  db: Database;
  close: () => Promise<void>;
}

export interface StartOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  adminToken?: string;
  /** X-Proxy-Secret of the web server in front (PROXY_SECRET); unset, nobody's is believed. */
  proxySecret?: string;
  /** Worker threads for the slow reads (server/reads/read-pool.ts); one per core by default. */
  readWorkers?: number;
}

/** The database file under a data directory. */
export const databaseFile = (dataDir: string): string => join(dataDir, 'store.db');

/**
 * Starts the reference API with socket.io attached; resolves once it listens.
 * @example const api = await startApi({ port: 0, dataDir: tmp }); ... await api.close();
 */
export async function startApi(options: StartOptions = {}): Promise<ApiServer> {
  const {
    port = env.API_PORT,
    host = env.API_HOST,
    dataDir = env.DATA_DIR,
    proxySecret = env.PROXY_SECRET,
  } = options;
  // Production names its token in the environment; elsewhere the data folder makes its own.
  const adminToken =
    options.adminToken ??
    (isProduction(env) ? env.ADMIN_TOKEN : merchandiserToken(dataDir, env.ADMIN_TOKEN).token);
  // production starts only with real secrets, a mail server, https and a bot check that
  // costs a script something.
  assertDeployable({ ...env, ADMIN_TOKEN: adminToken, PROXY_SECRET: proxySecret });
  if (adminToken === undefined) throw new Error('ADMIN_TOKEN is not set.');
  const db = openDatabase(databaseFile(dataDir));
  // After openDatabase: the workers open a file that has its schema and WAL mode already.
  const reads = startReadPool({ file: databaseFile(dataDir), size: options.readWorkers });
  const mailer: Mailer = env.SMTP_URL
    ? smtpMailer({ url: env.SMTP_URL, from: mailFrom(env.MAIL_FROM, env.SITE_URL) })
    : outboxMailer(db, () => Date.now());
  // Mails wait in the database for the sender (retries, backoff), so an outage of the mail
  // server loses none; started here, it sends what the last run of the API left pending.
  const mailQueue = new MailQueue({ db, transport: mailer, now: () => Date.now() });
  mailQueue.start();
  // The app is made before the server exists; the realtime counter is attached after.
  const live: { realtime?: Realtime } = {};
  const botCheck: BotVerifier =
    env.BOT_CHECK === 'recaptcha'
      ? recaptchaVerifier({
          secret: env.RECAPTCHA_SECRET_KEY ?? '',
          siteKey: env.RECAPTCHA_SITE_KEY ?? '',
        })
      : proofOfWorkVerifier({ db, now: () => Date.now(), difficulty: env.BOT_CHECK_DIFFICULTY });
  const app = createApp({
    db,
    adminToken,
    adminPublic: env.ADMIN_API_PUBLIC,
    proxySecret,
    botCheck,
    mailer,
    mailQueue,
    siteUrl: env.SITE_URL,
    visitors: () => live.realtime?.visitors() ?? 0,
    realtimeEvents: (since) => live.realtime?.events(since) ?? [],
    reads,
  });
  // Listen once every read worker has its catalogue index (seconds at 100,000 products),
  // so the first searches do not wait for it.
  await reads.ready;
  const server = await new Promise<HttpServer>((resolve) => {
    const started = serve({ fetch: app.fetch, port, hostname: host }, () =>
      resolve(started as HttpServer),
    );
  });
  // The same reading of the web server's forwarded headers as the routes, and SITE_URL's
  // origin, decide whose handshake is the store's own (server/realtime.ts).
  const realtime = attachRealtime(server, { proxySecret, siteUrl: env.SITE_URL });
  live.realtime = realtime;
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    db,
    close: async () => {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // After the server: no request posts a mail any more; the send in progress is recorded.
      await mailQueue.close();
      mailer.close?.();
      await reads.close();
      db.close();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const api = await startApi().catch((error: unknown) => {
    // A refused production start says what to set; a stack trace would bury it.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
  // The stop handlers before the line that says the API is up: a supervisor (or a test) may
  // signal as soon as it reads it, and a SIGTERM with no handler yet ends the process unclean.
  const stop = () => void api.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`Commerce API listening on ${api.url}`);
}
