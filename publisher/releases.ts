import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import {
  copyFile,
  link,
  lstat,
  mkdir,
  readdir,
  readlink,
  rename,
  rm,
  symlink,
} from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { readJsonFile } from './json-file.ts';
import type { BackgroundWork } from './background.ts';
import { writeAtomically } from '../web/precompress.ts';

/**
 * Release directories and the live symlink ("no downtime"): each publish
 * builds into `<publishDir>/releases/<id>/`, then `liveDir` (BUILD_OUT_DIR, `./dist`), a
 * symlink, is pointed at it by renaming a new symlink over the old one: one rename(2), so
 * a request sees the old release or the new one, never a half-written or empty site. Both
 * web servers serve `liveDir` and follow the link (nginx per file, the Node server per request).
 */
export interface PublishLayout {
  publishDir: string;
  liveDir: string;
}

export const releasesDir = (layout: PublishLayout): string => join(layout.publishDir, 'releases');
export const releaseDir = (layout: PublishLayout, id: string): string =>
  join(releasesDir(layout), id);

/** Facts a release keeps about itself: `_server/release.json`. */
export interface ReleaseInfo {
  id: string;
  /** The change feed's sequence number it was built from; null when unknown (adopted). */
  cursor: number | null;
  publishedAt: string;
  /** The release that was live when this one was published: where a rollback goes. */
  previous: string | null;
  /**
   * The full build whose kept bundle rendered this release (itself, for a full build): a warm
   * publish follows only a release of the bundle it has loaded (publisher/warm).
   */
  renderer?: string;
}

export const RELEASE_FILE = join('_server', 'release.json');
/** When each carried hashed asset stopped being current: `_server/retired.json`. */
const RETIRED_FILE = join('_server', 'retired.json');

/** Folders whose files are named by their content and may still be asked for by open tabs. */
const HASHED_FOLDERS = ['_astro', 'pagefind'];

/** A release id: sortable by time, unique, safe in a path and a URL. */
export function newReleaseId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(2).toString('hex')}`;
}

export const RELEASE_ID = /^[0-9]{8}-[0-9]{6}-[0-9a-f]{4}$/;

/** The id of the release `liveDir` points at, or undefined when it is not such a symlink. */
export async function liveReleaseId(layout: PublishLayout): Promise<string | undefined> {
  try {
    const target = await readlink(layout.liveDir);
    const id = basename(target);
    return existsSync(releaseDir(layout, id)) ? id : undefined;
  } catch {
    return undefined;
  }
}

export const readReleaseInfo = (dir: string): Promise<ReleaseInfo | undefined> =>
  readJsonFile<ReleaseInfo>(join(dir, RELEASE_FILE));

export async function writeReleaseInfo(dir: string, info: ReleaseInfo): Promise<void> {
  await mkdir(join(dir, '_server'), { recursive: true });
  // Replaced, not written through: a warm release starts as hard links of the live one.
  await writeAtomically(join(dir, RELEASE_FILE), `${JSON.stringify(info, null, 2)}\n`);
}

/**
 * A `liveDir` that is still a plain directory (a build from before publishing) becomes the
 * first release: moved into releases/ and linked back, so nothing is rebuilt. Returns its id.
 */
export async function adoptLiveDirectory(layout: PublishLayout): Promise<string | undefined> {
  const info = await lstat(layout.liveDir).catch(() => undefined);
  if (!info || info.isSymbolicLink() || !info.isDirectory()) return undefined;
  const id = newReleaseId();
  await mkdir(releasesDir(layout), { recursive: true });
  await rename(layout.liveDir, releaseDir(layout, id));
  await writeReleaseInfo(releaseDir(layout, id), {
    id,
    cursor: null,
    publishedAt: new Date().toISOString(),
    previous: null,
  });
  await switchLive(layout, id);
  return id;
}

/**
 * Where a rollback goes: the release that was live when the live one was published, while it
 * is still kept. Rolling back again goes one further back, like undo.
 */
export async function rollbackTarget(layout: PublishLayout): Promise<string | undefined> {
  const live = await liveReleaseId(layout);
  if (!live) return undefined;
  const previous = (await readReleaseInfo(releaseDir(layout, live)))?.previous;
  return previous && existsSync(releaseDir(layout, previous)) ? previous : undefined;
}

/** Points `liveDir` at a release in one rename (a relative link, so the tree can move). */
export async function switchLive(layout: PublishLayout, id: string): Promise<void> {
  const target = relative(dirname(resolve(layout.liveDir)), resolve(releaseDir(layout, id)));
  const next = `${layout.liveDir}.next-${String(process.pid)}`;
  await rm(next, { force: true });
  await symlink(target, next, 'dir');
  await rename(next, layout.liveDir);
}

/**
 * Copies into a new release the hashed assets (Astro's bundles, Pagefind's chunks) of the
 * release before it that the new one lacks, so a tab opened before the publish still loads
 * its scripts and searches. Each carried file remembers when it was retired
 * and is dropped `graceMs` after that. Files are hard-linked: releases are never written
 * after they are built. Returns how many files were carried.
 *
 * `linked` says that `next` began as a hard-link copy of `previous` (a warm publish,
 * publisher/warm): the files `previous` only carried are in it already, as the same files,
 * and stay carried; a file of the same name that the new release wrote itself is its own.
 * Nothing is removed and linked again: after an index made anew, 145,000 carried chunks took
 * 46 s to drop and carry back at 100,000 products (issue 33, item 1).
 */
export async function carryHashedAssets(
  previous: string,
  next: string,
  {
    graceMs,
    now = Date.now(),
    linked = false,
  }: { graceMs: number; now?: number; linked?: boolean },
): Promise<number> {
  const retiredBefore =
    (await readJsonFile<Record<string, number>>(join(previous, RETIRED_FILE))) ?? {};
  const retired: Record<string, number> = {};
  const expired = (since: number) => now - since > graceMs;

  const carryDirectory = async (rel: string): Promise<void> => {
    const untouched = linked && sameTime(join(previous, rel), join(next, rel));
    const entries = await readdir(join(previous, rel), { withFileTypes: true }).catch(() => []);
    const present = new Set(await readdir(join(next, rel)).catch(() => [] as string[]));
    const stillCarried: string[] = [];
    const same: string[] = [];
    let made = present.size > 0;
    for (const entry of entries) {
      const file = join(rel, entry.name);
      if (entry.isDirectory()) {
        await carryDirectory(file);
        continue;
      }
      if (!entry.isFile()) continue;
      const since = retiredBefore[file];
      if (present.has(entry.name)) {
        if (linked && since !== undefined) (untouched ? same : stillCarried).push(file);
        continue;
      }
      if (since !== undefined && expired(since)) continue;
      if (!made) await mkdir(join(next, rel), { recursive: true });
      made = true;
      await link(join(previous, file), join(next, file)).catch(() =>
        copyFile(join(previous, file), join(next, file)),
      );
      retired[file] = since ?? now;
    }
    for (const file of [...same, ...(await sameFiles(previous, next, stillCarried))]) {
      const since = retiredBefore[file] ?? now;
      if (expired(since)) await rm(join(next, file), { force: true });
      else retired[file] = since;
    }
  };
  for (const folder of HASHED_FOLDERS) await carryDirectory(folder);
  await mkdir(join(next, '_server'), { recursive: true });
  await writeAtomically(join(next, RETIRED_FILE), `${JSON.stringify(retired)}\n`);
  return Object.keys(retired).length;
}

/**
 * Whether folder `next` has not changed since it was linked from `previous`: `cp -al` keeps a
 * folder's time, and every write of a release (write beside, rename; a removal) gives its
 * folder a new one, so then each name in it is the file `previous` has. A warm release's
 * search index rewrites one shard in twenty: the carried files of the others (50,000 after a
 * full build) took 0.7 s to compare one by one, of the 2 s its switch took at 100,000 products
 * (issue 33, item 3). File times tick in milliseconds, not nanoseconds: a folder changed in
 * `previous` less than a second before the copy's own change time (when cp set its time) is
 * compared file by file, as is anything else (a folder missing from either).
 */
function sameTime(previous: string, next: string): boolean {
  const [a, b] = [previous, next].map((dir) =>
    statSync(dir, { bigint: true, throwIfNoEntry: false }),
  );
  return (
    a !== undefined &&
    b !== undefined &&
    a.mtimeNs === b.mtimeNs &&
    b.ctimeNs - b.mtimeNs > 1_000_000_000n
  );
}

/** Files looked at between two turns of the event loop (the web server may share it). */
const STATS_PER_TURN = 1_000;

/**
 * Which of `files` (relative paths) are one file in both trees: `next` links `previous`'s.
 * Synchronous calls in short runs: 145,000 pairs took 3.9 s as promises, 0.8 s so.
 */
async function sameFiles(previous: string, next: string, files: readonly string[]) {
  const same: string[] = [];
  const inode = (path: string) => statSync(path, { throwIfNoEntry: false });
  for (let start = 0; start < files.length; start += STATS_PER_TURN) {
    for (const file of files.slice(start, start + STATS_PER_TURN)) {
      const [a, b] = [inode(join(previous, file)), inode(join(next, file))];
      if (a && b && a.ino === b.ino && a.dev === b.dev) same.push(file);
    }
    await new Promise((turn) => setImmediate(turn));
  }
  return same;
}

/** The release directories, oldest first (their ids sort by time). */
async function releaseIds(layout: PublishLayout): Promise<string[]> {
  return (await readdir(releasesDir(layout)).catch(() => [] as string[]))
    .filter((name) => RELEASE_ID.test(name))
    .sort();
}

/**
 * Whether a publish finished the release `id`: going live writes its own release.json. A
 * publish stopped or killed before that leaves a directory without one, or (a warm publish,
 * which starts from a linked copy of the live release) with the live release's.
 */
export async function isFinishedRelease(layout: PublishLayout, id: string): Promise<boolean> {
  return (await readReleaseInfo(releaseDir(layout, id)))?.id === id;
}

/** Where unfinished releases wait for their removal, out of releases/. */
export const discardedDir = (layout: PublishLayout): string => join(layout.publishDir, 'discarded');

/**
 * Takes the release directories no publish finished (issue 33, item 10: an interrupted
 * publish's half-built release) out of releases/, but `keep` (the live one, say): moved into
 * `discardedDir` at once, for a removal in the background (a minute for 100,000 pages). Only
 * under the publish lock: another publisher's release in the making is unfinished too.
 * Returns the ids taken out.
 */
export async function discardUnfinishedReleases(
  layout: PublishLayout,
  keep: readonly string[],
): Promise<string[]> {
  const discarded: string[] = [];
  for (const id of await releaseIds(layout)) {
    if (keep.includes(id) || (await isFinishedRelease(layout, id))) continue;
    await mkdir(discardedDir(layout), { recursive: true });
    await rename(releaseDir(layout, id), join(discardedDir(layout), id));
    discarded.push(id);
  }
  return discarded;
}

/**
 * Removes the oldest releases beyond `keep`, never one of `protect` (the live one, say). Only
 * finished releases count and go: a release a publish is still writing, or one an interrupted
 * publish left (discardUnfinishedReleases), is never taken for a release to roll back to.
 */
export async function pruneReleases(
  layout: PublishLayout,
  keep: number,
  protect: readonly string[],
  background?: BackgroundWork,
): Promise<string[]> {
  const ids: string[] = [];
  for (const id of await releaseIds(layout)) if (await isFinishedRelease(layout, id)) ids.push(id);
  const removed: string[] = [];
  for (const id of ids.slice(0, Math.max(0, ids.length - keep))) {
    if (protect.includes(id)) continue;
    // Out of releases/ before the removal, which the store's stop can cut short: a release
    // half removed there (its release.json gone) read as an interrupted publish's at the next
    // start. discarded/ is emptied before each prune.
    await background?.idle();
    await mkdir(discardedDir(layout), { recursive: true });
    const discarded = join(discardedDir(layout), id);
    await rename(releaseDir(layout, id), discarded);
    await removeTree(discarded, background);
    removed.push(id);
  }
  return removed;
}

/**
 * Removes a directory tree in a child process at the lowest priority: a release of 100,000
 * pages is over half a million files, and removing them with fs.rm fills libuv's thread pool
 * (four threads), so every file operation of the store waited behind it, the next publish's
 * included (27 s of its checks at 100,000 products). Falls back to fs.rm without `nice`.
 * With `background`, the removal is stopped while a publish runs (./background.ts).
 */
export async function removeTree(dir: string, background?: BackgroundWork): Promise<void> {
  await background?.idle();
  const removed = await new Promise<boolean>((done) => {
    const child = spawn('nice', ['-n', '19', 'rm', '-rf', '--', dir], { stdio: 'ignore' });
    background?.add(child);
    child.on('error', () => done(false));
    child.on('close', (code) => done(code === 0));
  });
  if (!removed) await rm(dir, { recursive: true, force: true });
}
