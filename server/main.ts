import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { env } from '../src/lib/env.ts';
import { localBotVerifier, recaptchaVerifier, type BotVerifier } from './accounts/bot-check.ts';
import { createApp } from './app.ts';
import { openDatabase, type Database } from './db/open.ts';
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
    adminToken = env.ADMIN_TOKEN,
    proxySecret = env.PROXY_SECRET,
  } = options;
  const db = openDatabase(databaseFile(dataDir));
  // The app is made before the server exists; the realtime counter is attached after.
  const live: { realtime?: Realtime } = {};
  const botCheck: BotVerifier =
    env.BOT_CHECK === 'recaptcha'
      ? recaptchaVerifier({
          secret: env.RECAPTCHA_SECRET_KEY ?? '',
          siteKey: env.RECAPTCHA_SITE_KEY ?? '',
        })
      : localBotVerifier(db, () => Date.now());
  const app = createApp({
    db,
    adminToken,
    proxySecret,
    botCheck,
    visitors: () => live.realtime?.visitors() ?? 0,
    realtimeEvents: (since) => live.realtime?.events(since) ?? [],
  });
  const server = await new Promise<HttpServer>((resolve) => {
    const started = serve({ fetch: app.fetch, port, hostname: host }, () =>
      resolve(started as HttpServer),
    );
  });
  const realtime = attachRealtime(server);
  live.realtime = realtime;
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    db,
    close: async () => {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const api = await startApi();
  console.log(`Commerce API listening on ${api.url}`);
  const stop = () => void api.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
