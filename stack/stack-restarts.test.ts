// `npm run start:production`'s stack with its processes killed: nothing restarted them, so
// every /api call answered 502 after the API was killed, and killing nginx's master left no one
// to reload it (issue 28). The stack serves an existing build here, so no astro build runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStack, temporaryDir, throwawayStack, type Stack } from './stack.ts';
import { writeTinySite } from './tiny-site.testing.ts';
import { statusOf } from '../web/request.testing.ts';

const work = temporaryDir('stack-restarts-');
let stack: Stack;
const lines: string[] = [];

const nginxMaster = () => Number(readFileSync(join(work.path, 'nginx', 'nginx.pid'), 'utf8'));

beforeAll(async () => {
  execFileSync('bash', ['scripts/setup-nginx.sh'], { stdio: 'inherit' });
  await writeTinySite(join(work.path, 'dist'), 'store');
  stack = await startStack({
    ...throwawayStack(work.path, 4),
    reuseBuild: true,
    log: (line) => lines.push(line),
  });
}, 120_000);

afterAll(async () => {
  await stack.close();
  work.remove();
});

it('answers /api again after the API process is killed', async () => {
  const killed = stack.api.pid;
  expect(await statusOf(`${stack.site.url}/api/health`)).toBe(200);
  process.kill(killed, 'SIGKILL');
  await expect.poll(() => stack.api.pid, { timeout: 30_000 }).not.toBe(killed);
  await expect.poll(() => statusOf(`${stack.site.url}/api/health`), { timeout: 30_000 }).toBe(200);
  expect(lines.join('\n')).toMatch(
    `The API process: process ${String(killed)} ended with signal SIGKILL`,
  );
}, 60_000);

it('serves again from a new nginx master after the master is killed', async () => {
  const killed = nginxMaster();
  process.kill(killed, 'SIGKILL');
  await expect.poll(nginxMaster, { timeout: 30_000 }).not.toBe(killed);
  await expect.poll(() => statusOf(stack.site.url), { timeout: 30_000 }).toBe(200);
  await expect.poll(() => statusOf(`${stack.site.url}/api/health`), { timeout: 30_000 }).toBe(200);
  expect(lines.join('\n')).toMatch(`nginx: process ${String(killed)} ended with signal SIGKILL`);
}, 60_000);

it('exits 1 with the reason when a process could not be kept up', () => {
  // What the start scripts do with their stack: stopOnSignals, here with a stack whose
  // supervision has given up.
  const script = `
    import { stopOnSignals } from './stack/stack.ts';
    stopOnSignals({
      close: async () => console.log('closed'),
      failed: Promise.resolve(new Error('The API process did not stay up: 5 restarts in a row failed.')),
    });
    setInterval(() => {}, 1000);
  `;
  const run = spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script],
    { encoding: 'utf8', timeout: 30_000 },
  );
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('The API process did not stay up: 5 restarts in a row failed.');
  expect(run.stdout).toContain('closed');
}, 40_000);
