import { open, rm } from 'node:fs/promises';
import { readJsonFile } from './json-file.ts';

/** Who holds the publish lock: written into the lock file. */
export interface LockOwner {
  pid: number;
  /** The publish it runs. */
  id: string;
  since: string;
}

export interface HeldLock {
  release: () => Promise<void>;
}

/**
 * The publish lock ("one at a time"): a file created exclusively, so two
 * processes (the running store's publisher and `npm run publish --local`, say) never build
 * into the same Astro cache at once. A lock whose process is gone is stale and taken over.
 * Resolves undefined while another live process holds it.
 */
export async function tryLock(file: string, id: string): Promise<HeldLock | undefined> {
  const owner: LockOwner = { pid: process.pid, id, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(JSON.stringify(owner));
      await handle.close();
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await lockOwner(file);
      if (holder && isAlive(holder.pid)) return undefined;
      // Stale (its process died) or unreadable (a crash mid-write): take it over once.
      await rm(file, { force: true });
    }
  }
  return undefined;
}

/** Waits for the lock, polling; `onWait` hears who holds it, once. */
export async function waitForLock(
  file: string,
  id: string,
  {
    signal,
    onWait,
  }: { signal?: AbortSignal; onWait?: (holder: LockOwner | undefined) => void } = {},
): Promise<HeldLock> {
  let told = false;
  for (;;) {
    const held = await tryLock(file, id);
    if (held) return held;
    if (!told) {
      told = true;
      onWait?.(await lockOwner(file));
    }
    signal?.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const lockOwner = (file: string): Promise<LockOwner | undefined> =>
  readJsonFile<LockOwner>(file);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
