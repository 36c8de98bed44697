// Issue 33, item 10: the web server apart from the publisher. A start killed with SIGKILL (the
// publisher's process) leaves the site serving; the next start of the same data folder replaces
// the web server and the API it left, on the same port, and says so.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStack, temporaryDir, throwawayStack } from './stack.ts';
import { apisOfDataDir, sitesOfDataDir } from './stale-processes.ts';
import { writeTinySite } from './tiny-site.testing.ts';

const work = temporaryDir('site-apart-');

beforeAll(() => writeTinySite(join(work.path, 'dist'), 'served'));
afterAll(() => work.remove());

/** The stack of this test's folder with the Node web server, serving the build it has. */
const options = { ...throwawayStack(work.path, 4), webServer: 'node' as const, reuseBuild: true };

/** `npm start` in a process of its own; resolves with its site's address once it serves. */
function startElsewhere() {
  const script = `
    import { startStack } from './stack/stack.ts';
    const stack = await startStack(${JSON.stringify(options)});
    console.log('SERVING ' + stack.site.url);
    setInterval(() => {}, 60_000);
  `;
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const serving = new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /SERVING (\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) =>
      reject(new Error(`the start exited (${String(code)}): ${output}`)),
    );
  });
  return { child, exited, serving };
}

const page = async (url: string) => {
  const reply = await fetch(url);
  return `${String(reply.status)} ${await reply.text()}`;
};

it('keeps the site up when the start is killed, and the next start takes over its port', async () => {
  const first = startElsewhere();
  const url = await first.serving;
  expect(await page(url)).toMatch(/^200 .*served/);
  first.child.kill('SIGKILL');
  await first.exited;

  // The publisher is gone; the shop is not.
  expect(await page(url)).toMatch(/^200 .*served/);
  expect(sitesOfDataDir(options.dataDir)).toMatchObject([{ orphaned: true }]);

  const lines: string[] = [];
  const stack = await startStack({
    ...options,
    sitePort: Number(new URL(url).port),
    log: (line) => lines.push(line),
  });
  try {
    expect(stack.site.url).toBe(url);
    expect(lines).toContainEqual(
      expect.stringMatching(/^Stopped the API an earlier start of this store left running/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^Stopped the web server an earlier start of this store left running/),
    );
    expect(await page(url)).toMatch(/^200 .*served/);
    expect(sitesOfDataDir(options.dataDir)).toMatchObject([{ orphaned: false }]);
  } finally {
    await stack.close();
  }
  expect(sitesOfDataDir(options.dataDir)).toEqual([]);
  expect(apisOfDataDir(options.dataDir)).toEqual([]);
}, 120_000);
