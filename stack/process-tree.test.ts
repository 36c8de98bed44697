import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesUnder, stillRunning } from './process-tree.ts';
import { temporaryDir } from './stack.ts';

const work = temporaryDir('process-tree-');
// An API that accepts connections and never answers: the build waits in its loaders.
const silent = createServer(() => {});
let silentUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${String((silent.address() as AddressInfo).port)}`;
});
afterAll(() => {
  silent.closeAllConnections();
  silent.close();
  work.remove();
});

/**
 * Runs `body` as a module script from the repository's root, with stopProcessTreeOnSignal
 * (`options` its own) set up first and kept running after; resolves once it printed `ready`.
 */
async function startScript(body: string, options = ''): Promise<ChildProcess> {
  const script = `
    import { stopProcessTreeOnSignal } from './stack/process-tree.ts';
    stopProcessTreeOnSignal(${options});
    ${body}
    console.log('ready');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the script exited (${String(code)})`)));
  });
  return child;
}

/** Sends SIGTERM; resolves with the exit code and the processes that were under it. */
async function terminate(child: ChildProcess) {
  const under = processesUnder(child.pid ?? 0);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return { code: await exited, under };
}

describe('stopProcessTreeOnSignal', () => {
  it('stops the API and the build child of a bench terminated during its build', async () => {
    // What the bench does: its API, then a build (astro build, its own process); SIGTERM
    // comes while astro runs.
    const child = await startScript(`
      import { startApiProcess } from './stack/api-process.ts';
      import { buildSite } from './publisher/build-site.ts';
      await startApiProcess({ dataDir: ${JSON.stringify(join(work.path, 'data'))}, port: 0 });
      void buildSite({ apiUrl: ${JSON.stringify(silentUrl)}, outDir: ${JSON.stringify(join(work.path, 'dist'))}, quiet: true });
    `);
    // The API and astro build.
    await expect.poll(() => processesUnder(child.pid ?? 0).length).toBeGreaterThanOrEqual(2);
    const { code, under } = await terminate(child);
    expect(code).toBe(143);
    expect(under.length).toBeGreaterThanOrEqual(2);
    expect(stillRunning(under)).toEqual([]);
  }, 60_000);

  it('kills what ignores SIGTERM, grandchildren included, once the grace is over', async () => {
    // A child that ignores SIGTERM and has a child of its own that does too.
    const child = await startScript(
      `
      import { spawn } from 'node:child_process';
      spawn('sh', ['-c', 'trap "" TERM; sleep 300 & wait'], { stdio: 'ignore' });
    `,
      '{ graceMs: 300 }',
    );
    await expect.poll(() => processesUnder(child.pid ?? 0).length).toBe(2);
    const { code, under } = await terminate(child);
    expect(code).toBe(143);
    expect(stillRunning(under)).toEqual([]);
  });
});
