import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from './api-process.ts';
import { stillRunning } from './process-tree.ts';
import { STACK_SITE_MARK } from './site-process.ts';
import {
  apisOfDataDir,
  clearStaleApis,
  clearStaleSites,
  sitesOfDataDir,
} from './stale-processes.ts';

// Issue 33, item 10: an API process or a web server a killed start left behind is found and
// stopped by the next start of the same data folder; one a running start owns is a refusal
// that says what to do.

const dirs: string[] = [];
const apis: ApiProcess[] = [];
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stale-processes-'));
  dirs.push(dir);
  return dir;
}

/** `script` run by a parent that exits at once, as a killed `npm start` leaves it. */
function orphaned(script: string, env: Record<string, string>): void {
  spawn(
    'sh',
    [
      '-c',
      `"${process.execPath}" --disable-warning=ExperimentalWarning ${script} >/dev/null 2>&1 &`,
    ],
    { env: { ...process.env, ...env }, stdio: 'ignore' },
  );
}

const orphanedApi = (dir: string) =>
  orphaned('server/main.ts', { DATA_DIR: dir, API_PORT: '0', API_HOST: '127.0.0.1' });

/** The stack's web server on `dir`, marked as the stack marks it. */
const orphanedSite = (dir: string) =>
  orphaned('scripts/serve.ts', {
    DATA_DIR: dir,
    BUILD_OUT_DIR: dir,
    PORT: '0',
    PROXY_SECRET: 'proxy-secret-for-the-test-0123456789abcdef',
    [STACK_SITE_MARK]: '1',
  });

async function until<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 100; tries += 1) {
    const value = read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('gave up waiting');
}

describe('an API left running by an earlier start', () => {
  it('is stopped by the next start of the same data folder, and said so', async () => {
    const dir = dataDir();
    const other = dataDir();
    orphanedApi(dir);
    orphanedApi(other);
    const [left] = await until(
      () => apisOfDataDir(dir),
      (found) => found.length === 1,
    );
    expect(left?.orphaned).toBe(true);
    const lines: string[] = [];
    await clearStaleApis(dir, (line) => lines.push(line));
    expect(lines).toEqual([
      `Stopped the API an earlier start of this store left running (process ${String(left?.pid)}).`,
    ]);
    expect(stillRunning(left ? [left] : [])).toEqual([]);
    // Another folder's is not this store's.
    const others = await until(
      () => apisOfDataDir(other),
      (found) => found.length === 1,
    );
    await clearStaleApis(other, () => {});
    expect(stillRunning(others)).toEqual([]);
  });

  it('is a refusal that says what to do while the start that owns it runs', async () => {
    const dir = dataDir();
    const api = await startApiProcess({ dataDir: dir, port: 0 });
    apis.push(api);
    await expect(clearStaleApis(dir, () => {})).rejects.toThrow(
      new RegExp(
        `^Another start of this store is running on .*: its API is process ${String(api.pid)}, started by process ${String(process.pid)}\\. Stop that one first`,
      ),
    );
    // Left as it was: the start that owns it decides.
    expect(() => process.kill(api.pid, 0)).not.toThrow();
  });

  it('finds nothing for a folder no API serves', async () => {
    await clearStaleApis(dataDir(), () => {
      throw new Error('nothing to say');
    });
  });
});

describe('a web server left serving by an earlier start', () => {
  it('is stopped by the next start of the same data folder; one started by hand is not', async () => {
    const dir = dataDir();
    orphanedSite(dir);
    // `npm run serve` of someone's on the same folder: no mark.
    const byHand = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', 'scripts/serve.ts'],
      { env: { ...process.env, DATA_DIR: dir, BUILD_OUT_DIR: dir, PORT: '0' }, stdio: 'ignore' },
    );
    try {
      const [left] = await until(
        () => sitesOfDataDir(dir),
        (found) => found.length === 1,
      );
      expect(left?.orphaned).toBe(true);
      expect(left?.pid).not.toBe(byHand.pid);
      const lines: string[] = [];
      await clearStaleSites(dir, (line) => lines.push(line));
      expect(lines).toEqual([
        `Stopped the web server an earlier start of this store left running (process ${String(left?.pid)}).`,
      ]);
      expect(stillRunning(left ? [left] : [])).toEqual([]);
      expect(byHand.exitCode).toBeNull();
    } finally {
      byHand.kill('SIGKILL');
    }
  });
});
