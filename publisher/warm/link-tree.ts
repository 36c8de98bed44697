import { spawn } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { lowerPriority } from '../priority.ts';

/** cp processes at once: the links are the kernel's work, and two halve the time on 2 cores. */
const LANES = 2;
/** Names a cp is handed at once, well under the argument list's limit. */
const BATCH = 4_000;
/** A top-level folder with more entries than this is split between the lanes. */
const SPLIT_OVER = BATCH;

interface Batch {
  from: string;
  to: string;
  names: string[];
}

/**
 * `cp -al`: a tree of hard links of `from` at `to` (which must not exist). The big folders
 * (products/: 100,000 page folders at 100,000 products) are split into batches that two cp
 * processes link side by side: 15 s instead of 30 s for the 570,000 files of 100,000 products.
 */
export async function linkTree(
  fromPath: string,
  toPath: string,
  signal?: AbortSignal,
): Promise<void> {
  // Absolute: each cp runs inside a folder of `from`, where a relative target (the default
  // PUBLISH_DIR is ./publish) would name a folder that is not there.
  const from = resolve(fromPath);
  const to = resolve(toPath);
  await mkdir(to);
  const batches: Batch[] = [];
  const add = (dir: string, names: string[]) => {
    for (let start = 0; start < names.length; start += BATCH)
      batches.push({
        from: join(from, dir),
        to: join(to, dir),
        names: names.slice(start, start + BATCH),
      });
  };
  const top: string[] = [];
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const inner = entry.isDirectory() ? await readdir(join(from, entry.name)) : [];
    if (inner.length <= SPLIT_OVER) {
      top.push(entry.name);
      continue;
    }
    await mkdir(join(to, entry.name));
    add(entry.name, inner);
  }
  add('', top);
  // Each lane takes the next batch until none is left.
  let next = 0;
  const lane = async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      if (batch) await copyLinks(batch, signal);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
}

function copyLinks({ from, to, names }: Batch, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cp = spawn('cp', ['-al', '-t', to, '--', ...names], {
      cwd: from,
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(signal ? { signal } : {}),
    });
    lowerPriority(cp.pid);
    let error = '';
    cp.stderr.on('data', (chunk: Buffer) => (error += chunk.toString()));
    cp.on('error', reject);
    cp.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`cp -al failed: ${error.trim()}`)),
    );
  });
}
