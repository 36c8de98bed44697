import { spawn, type ChildProcess } from 'node:child_process';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { afterEach, expect, it } from 'vitest';
import { lowerChildrenNamed, lowerPriority, PUBLISH_NICE } from './priority.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

const sleeper = () => {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  return child;
};

it('lowers a process below the web server, and its children start there', () => {
  const child = sleeper();
  lowerPriority(child.pid);
  expect(getPriority(child.pid)).toBe(PUBLISH_NICE);
  expect(getPriority(process.pid)).toBeLessThan(PUBLISH_NICE);
});

it('leaves a process that runs lower already where it is, and a gone one alone', () => {
  const child = spawn('nice', ['-n', '19', 'sleep', '30'], { stdio: 'ignore' });
  children.push(child);
  return new Promise<void>((resolve) => setTimeout(resolve, 200)).then(() => {
    lowerPriority(child.pid);
    expect(getPriority(child.pid)).toBe(19);
    expect(() => lowerPriority(2 ** 22 + 1)).not.toThrow();
  });
});

it('finds the children a library started by their command', () => {
  const child = sleeper();
  const other = spawn('cat', [], { stdio: 'pipe' });
  children.push(other);
  lowerChildrenNamed('sleep');
  expect(getPriority(child.pid)).toBe(PUBLISH_NICE);
  expect(getPriority(other.pid)).toBeLessThan(PUBLISH_NICE);
});

it("lowers the warm renderer's thread, not the process it shares with the web server", async () => {
  const url = new URL('./priority.ts', import.meta.url).href;
  const worker = new Worker(
    `const { lowerThisThread } = await import(${JSON.stringify(url)});
     const { readlinkSync } = await import('node:fs');
     const { getPriority } = await import('node:os');
     const { parentPort } = await import('node:worker_threads');
     lowerThisThread();
     const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
     parentPort.postMessage({ thread: getPriority(thread), process: getPriority(process.pid) });`,
    { eval: true },
  );
  const seen = await new Promise<{ thread: number; process: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  expect(seen.thread).toBe(PUBLISH_NICE);
  expect(seen.process).toBeLessThan(PUBLISH_NICE);
});
