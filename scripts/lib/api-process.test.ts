import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'api-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Whether a process of this id still runs (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('stopApiProcessesOnSignal', () => {
  it('stops the API a script started when the script is terminated', async () => {
    // A script like the bench: it starts the API and waits; then it is sent SIGTERM.
    const script = `
      import { startApiProcess, stopApiProcessesOnSignal } from './scripts/lib/api-process.ts';
      stopApiProcessesOnSignal();
      const api = await startApiProcess({ dataDir: ${JSON.stringify(dataDir)}, port: 0 });
      console.log('api pid ' + api.pid);
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const apiPid = await new Promise<number>((resolve, reject) => {
      let output = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const pid = /api pid (\d+)/.exec(output)?.[1];
        if (pid) resolve(Number(pid));
      });
      parent.once('exit', (code) => reject(new Error(`the script exited (${String(code)})`)));
    });
    expect(alive(apiPid)).toBe(true);

    const exited = new Promise<number | null>((resolve) => parent.once('exit', resolve));
    parent.kill('SIGTERM');
    expect(await exited).toBe(143);
    await expect.poll(() => alive(apiPid), { timeout: 10_000 }).toBe(false);
  });
});
