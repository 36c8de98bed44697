// The stack's processes killed for real: the API's pid and nginx's master get SIGKILL, and the
// store answers again on the same addresses, said in the log; a publish's reload still works.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_DIR } from '../publisher/build-site.ts';
import { processesUnder, stillRunning } from './process-tree.ts';
import { temporaryDir } from './stack.ts';
import { stackSupervision } from './supervised.ts';
import { writeTinySite } from './tiny-site.testing.ts';
import { statusOf } from '../web/request.testing.ts';

const work = temporaryDir('supervised-');
const dist = join(work.path, 'dist');
const media = join(work.path, 'media');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  execFileSync('bash', ['scripts/setup-nginx.sh'], { stdio: 'inherit' });
  mkdirSync(media);
  await writeTinySite(dist, 'first');
}, 60_000);
afterAll(() => work.remove());

describe('the supervised API process', () => {
  it('is restarted on its own port after a SIGKILL, and says so', async () => {
    const lines: string[] = [];
    const { startApiProcess } = stackSupervision((line) => lines.push(line));
    // Port 0: the port picked at the first start is kept.
    const api = await startApiProcess({ dataDir: join(work.path, 'api-data'), port: 0 });
    try {
      const killed = api.pid;
      expect(await statusOf(`${api.url}/api/health`)).toBe(200);
      process.kill(killed, 'SIGKILL');
      await expect.poll(() => api.pid, { timeout: 30_000 }).not.toBe(killed);
      await expect.poll(() => statusOf(`${api.url}/api/health`), { timeout: 30_000 }).toBe(200);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^The API process: process ${String(killed)} ended with signal SIGKILL after .*; restarting it in 0\\.5 s`,
          ),
        ),
      );
      expect(lines).toContain(`The API process is back (process ${String(api.pid)}).`);
    } finally {
      await api.close();
    }
    // A deliberate close ends supervision: exited resolves only when no restart follows.
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(alive(api.pid)).toBe(false);
  }, 60_000);

  it('gives up with the reason when restarts keep failing', async () => {
    const { startApiProcess, failed } = stackSupervision(() => {}, {
      firstDelayMs: 50,
      maxRestarts: 2,
    });
    const api = await startApiProcess({ dataDir: join(work.path, 'api-data'), port: 0 });
    const port = Number(new URL(api.url).port);
    const killed = api.pid;
    process.kill(killed, 'SIGKILL');
    await expect.poll(() => alive(killed)).toBe(false);
    // Someone else takes the port before the restart: each restart exits before listening.
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const reason = await failed;
      expect(reason.message).toMatch(
        new RegExp(
          `^The API process did not stay up: 2 restarts in a row failed \\(last: its restart failed: The API's port ${String(port)} is taken by another program\\.`,
        ),
      );
      await api.exited;
    } finally {
      squatter.close();
      await api.close();
    }
  }, 60_000);
});

describe('the supervised web server process', () => {
  it('serves the release and passes the publish page on; after a SIGKILL it is back on its port', async () => {
    // The publisher's loopback port, as stack/site-servers.ts opens it.
    const publish: Server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`publish service: ${req.url ?? ''} for ${String(req.headers['x-forwarded-host'])}`);
    });
    await new Promise<void>((resolve) => publish.listen(0, '127.0.0.1', resolve));
    const lines: string[] = [];
    const { startSiteProcess } = stackSupervision((line) => lines.push(line));
    const site = await startSiteProcess({
      distDir: dist,
      dataDir: join(work.path, 'site-data'),
      apiUrl: 'http://127.0.0.1:9',
      port: 0,
      proxySecret: 'proxy-secret-for-the-test-0123456789abcdef',
      trustedRanges: [],
      adminPublic: false,
      publishUpstream: `http://127.0.0.1:${String((publish.address() as AddressInfo).port)}`,
    });
    try {
      const page = async (path: string) => {
        const reply = await fetch(`${site.url}${path}`);
        return `${String(reply.status)} ${await reply.text()}`;
      };
      expect(await page('/')).toMatch(/^200 .*<h1>first<\/h1>/);
      const port = new URL(site.url).port;
      expect(await page('/admin/publish')).toBe(
        `200 publish service: /admin/publish for localhost:${port}`,
      );
      const killed = site.pid;
      expect(killed).not.toBe(process.pid);
      process.kill(killed, 'SIGKILL');
      await expect.poll(() => site.pid, { timeout: 30_000 }).not.toBe(killed);
      await expect.poll(() => statusOf(site.url), { timeout: 30_000 }).toBe(200);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^The web server: process ${String(killed)} ended with signal SIGKILL after`),
        ),
      );
    } finally {
      await site.close();
      publish.close();
    }
    expect(alive(site.pid)).toBe(false);
  }, 60_000);
});

describe('supervised nginx', () => {
  it('is restarted on its port after its master gets SIGKILL, and a reload still works', async () => {
    const lines: string[] = [];
    const { startNginx } = stackSupervision((line) => lines.push(line));
    const runDir = join(work.path, 'nginx');
    const nginx = await startNginx({
      runDir,
      siteConfDir: join(dist, NGINX_DIR),
      root: dist,
      mediaRoot: media,
      api: '127.0.0.1:9',
      proxySecret: 'proxy-secret-for-the-test-0123456789abcdef',
      trustedRanges: [],
      adminPublic: false,
    });
    try {
      const master = nginx.pid;
      const workers = processesUnder(master);
      expect(workers.length).toBeGreaterThan(0);
      expect(await statusOf(nginx.url)).toBe(200);
      process.kill(master, 'SIGKILL');
      await expect.poll(() => nginx.pid, { timeout: 30_000 }).not.toBe(master);
      await expect.poll(() => statusOf(nginx.url), { timeout: 30_000 }).toBe(200);
      // The dead master's workers, which held the port, are gone; new ones answer.
      expect(stillRunning(workers)).toEqual([]);
      expect(processesUnder(nginx.pid).length).toBeGreaterThan(0);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^nginx: process ${String(master)} ended with signal SIGKILL after`),
        ),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(/^nginx: stopped \d+ worker process\(es\) left by its master/),
      );

      // A publish after the restart: the new master takes the next release's files.
      const next = join(work.path, 'release-2');
      await writeTinySite(next, 'second');
      await nginx.reload(join(next, NGINX_DIR));
      expect(readFileSync(nginx.configFile, 'utf8')).toContain(join(next, NGINX_DIR));
      // Killed again, it comes back with that release's files, not the first ones.
      const second = nginx.pid;
      process.kill(second, 'SIGKILL');
      await expect.poll(() => nginx.pid, { timeout: 30_000 }).not.toBe(second);
      await expect.poll(() => statusOf(nginx.url), { timeout: 30_000 }).toBe(200);
      expect(readFileSync(nginx.configFile, 'utf8')).toContain(join(next, NGINX_DIR));
    } finally {
      await nginx.close();
    }
    expect(alive(nginx.pid)).toBe(false);
  }, 90_000);
});
