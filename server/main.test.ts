import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { MailQueue } from './accounts/mail-queue.ts';
import { openDatabase } from './db/open.ts';
import { databaseFile } from './main.ts';
import { mailServer } from './testing/mail-server.ts';

// the API process itself, started as `npm run api` starts it.

interface Started {
  output: () => string;
  exited: Promise<number | null>;
  url: Promise<string>;
  stop: () => void;
}

/** Starts `server/main.ts`; a data directory it makes itself is removed when it exits. */
function startApiProcess(env: Record<string, string>, ownDataDir?: string): Started {
  const dataDir = ownDataDir ?? mkdtempSync(join(tmpdir(), 'api-main-'));
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join('server', 'main.ts')],
    {
      env: { ...process.env, DATA_DIR: dataDir, API_PORT: '0', API_HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = new Promise<string>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (found) resolve(found);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (ownDataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return { output: () => output, exited, url, stop: () => child.kill('SIGTERM') };
}

const secret = () => randomBytes(32).toString('base64url');

describe('the API process in production', () => {
  const running: Started[] = [];
  afterEach(async () => {
    for (const api of running.splice(0)) {
      api.stop();
      await api.exited;
    }
  });

  it('refuses to start with the documented token and no mail server, saying what to set', async () => {
    const api = startApiProcess({
      NODE_ENV: 'production',
      ADMIN_TOKEN: 'local-merchandiser-token-change-me',
    });
    running.push(api);
    expect(await api.exited).toBe(1);
    expect(api.output()).toMatch(/refuses to start/);
    expect(api.output()).toMatch(/ADMIN_TOKEN is a placeholder/);
    expect(api.output()).toMatch(/PROXY_SECRET is not set/);
    expect(api.output()).toMatch(/SMTP_URL is not set/);
    expect(api.output()).not.toMatch(/listening/);
  });

  it('starts with real settings, and has no outbox route', async () => {
    const adminToken = secret();
    const api = startApiProcess({
      NODE_ENV: 'production',
      SITE_URL: 'https://shop.example.com',
      ADMIN_TOKEN: adminToken,
      PROXY_SECRET: secret(),
      SMTP_URL: 'smtp://127.0.0.1:9',
      // The production minimum (the unit tests' environment has 8 bits).
      BOT_CHECK_DIFFICULTY: '20',
    });
    running.push(api);
    const url = await api.url;
    const outbox = await fetch(`${url}/api/admin/outbox`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(outbox.status).toBe(404);
  });
});

describe('the API process and its mail queue', () => {
  it('sends what a stopped API left queued when it starts again, once, and stops cleanly', async () => {
    const server = await mailServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'api-main-'));
    const started: { api?: Started } = {};
    // Runs even when the test fails or times out: no API process or directory left behind.
    onTestFinished(async () => {
      started.api?.stop();
      await started.api?.exited;
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    // A reset the last run of the API queued while the mail server was down.
    const db = openDatabase(databaseFile(dataDir));
    const down = { send: () => Promise.reject(new Error('connect ECONNREFUSED')) };
    const before = new MailQueue({ db, transport: down, now: () => Date.now(), log: () => {} });
    before.post({
      to: 'ada@example.com',
      kind: 'reset-password',
      subject: 'Reset your password',
      body: 'Open http://localhost:4321/reset-password?token=left-behind within an hour.',
      expiresAt: Date.now() + 3_600_000,
    });
    await before.close();
    db.close();

    const arrived = server.next();
    const api = startApiProcess(
      { SMTP_URL: `smtp://shop:p%40ss%20word@127.0.0.1:${String(server.port)}` },
      dataDir,
    );
    started.api = api;
    expect((await arrived).to).toEqual(['ada@example.com']);
    await api.url;
    api.stop();
    expect(await api.exited).toBe(0);
    const after = openDatabase(databaseFile(dataDir));
    expect(after.prepare('SELECT status, attempts FROM mail_queue').all()).toEqual([
      { status: 'sent', attempts: 2 },
    ]);
    after.close();
    expect(server.received).toHaveLength(1);
  });
});
