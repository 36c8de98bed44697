import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { mkdir, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundWork } from './background.ts';
import { linkTree } from './warm/link-tree.ts';
import { writeAtomically } from '../web/precompress.ts';
import { temporaryDir } from '../stack/stack.ts';
import { lockOwner, tryLock } from './lock.ts';
import {
  adoptLiveDirectory,
  carryHashedAssets,
  discardedDir,
  discardUnfinishedReleases,
  liveReleaseId,
  newReleaseId,
  pruneReleases,
  readReleaseInfo,
  RELEASE_FILE,
  RELEASE_ID,
  releaseDir,
  switchLive,
  writeReleaseInfo,
  type PublishLayout,
} from './releases.ts';

let work: ReturnType<typeof temporaryDir>;
let layout: PublishLayout;

beforeEach(() => {
  work = temporaryDir('releases-');
  layout = { publishDir: join(work.path, 'publish'), liveDir: join(work.path, 'dist') };
});
afterEach(() => work.remove());

function tree(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('release ids', () => {
  it('sort by time and fit the id pattern', () => {
    const early = newReleaseId(new Date('2026-11-24T10:06:32Z'));
    const late = newReleaseId(new Date('2026-11-24T10:06:33Z'));
    expect(early).toMatch(RELEASE_ID);
    expect(early.startsWith('20261124-100632-')).toBe(true);
    expect([late, early].sort()).toEqual([early, late]);
  });
});

describe('switchLive', () => {
  it('points the live path at a release and moves it in one rename', async () => {
    tree(releaseDir(layout, 'a'), { 'index.html': 'A' });
    tree(releaseDir(layout, 'b'), { 'index.html': 'B' });
    await switchLive(layout, 'a');
    expect(readFileSync(join(layout.liveDir, 'index.html'), 'utf8')).toBe('A');
    await switchLive(layout, 'b');
    expect(readFileSync(join(layout.liveDir, 'index.html'), 'utf8')).toBe('B');
    // A relative link, so the project can move; no temporary link left behind.
    expect(readlinkSync(layout.liveDir)).toBe(join('publish', 'releases', 'b'));
    expect(existsSync(`${layout.liveDir}.next-${String(process.pid)}`)).toBe(false);
  });

  it('knows the live release only when the link points into releases/', async () => {
    expect(await liveReleaseId(layout)).toBeUndefined();
    const id = newReleaseId();
    tree(releaseDir(layout, id), { 'index.html': 'A' });
    await switchLive(layout, id);
    expect(await liveReleaseId(layout)).toBe(id);
  });
});

describe('adoptLiveDirectory', () => {
  it('turns a build from before publishing into the first release, without a rebuild', async () => {
    tree(layout.liveDir, { 'index.html': 'old build' });
    const id = await adoptLiveDirectory(layout);
    expect(id).toMatch(RELEASE_ID);
    expect(await liveReleaseId(layout)).toBe(id);
    expect(readFileSync(join(layout.liveDir, 'index.html'), 'utf8')).toBe('old build');
    expect((await readReleaseInfo(releaseDir(layout, id ?? '')))?.cursor).toBeNull();
    // Once a symlink, there is nothing more to adopt.
    expect(await adoptLiveDirectory(layout)).toBeUndefined();
  });

  it('leaves a missing live directory alone', async () => {
    expect(await adoptLiveDirectory(layout)).toBeUndefined();
    expect(existsSync(layout.liveDir)).toBe(false);
  });
});

describe('carryHashedAssets', () => {
  const hour = 3_600_000;

  it('keeps the previous release’s bundles and search chunks the new one lacks', async () => {
    const previous = releaseDir(layout, 'a');
    const next = releaseDir(layout, 'b');
    tree(previous, {
      '_astro/old.1234.js': 'old',
      '_astro/kept.5678.js': 'kept (old bytes)',
      'pagefind/fragment/en_old.pf_fragment': 'f',
      'index.html': 'A page',
    });
    tree(next, { '_astro/kept.5678.js': 'kept', 'index.html': 'B page' });
    const carried = await carryHashedAssets(previous, next, { graceMs: 48 * hour });
    expect(carried).toBe(2);
    expect(readFileSync(join(next, '_astro/old.1234.js'), 'utf8')).toBe('old');
    expect(readFileSync(join(next, 'pagefind/fragment/en_old.pf_fragment'), 'utf8')).toBe('f');
    // What the new release has of its own is never replaced; pages are never carried.
    expect(readFileSync(join(next, '_astro/kept.5678.js'), 'utf8')).toBe('kept');
    expect(readFileSync(join(next, 'index.html'), 'utf8')).toBe('B page');
  });

  it('drops a carried asset once the grace period since it was retired has passed', async () => {
    const [a, b, c] = ['a', 'b', 'c'].map((id) => releaseDir(layout, id)) as [
      string,
      string,
      string,
    ];
    tree(a, { '_astro/old.js': 'old' });
    await mkdir(b, { recursive: true });
    await mkdir(c, { recursive: true });
    const retired = Date.parse('2026-11-20T00:00:00Z');
    await carryHashedAssets(a, b, { graceMs: 48 * hour, now: retired });
    // Retired 47 hours ago: still carried; the retirement time travels with it.
    await carryHashedAssets(b, c, { graceMs: 48 * hour, now: retired + 47 * hour });
    expect(existsSync(join(c, '_astro/old.js'))).toBe(true);
    const d = releaseDir(layout, 'd');
    await mkdir(d, { recursive: true });
    await carryHashedAssets(c, d, { graceMs: 48 * hour, now: retired + 49 * hour });
    expect(existsSync(join(d, '_astro/old.js'))).toBe(false);
  });

  it('keeps a warm release’s links of carried files carried, and what it wrote anew its own', async () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => releaseDir(layout, id)) as [
      string,
      string,
      string,
      string,
    ];
    const retiredAt = Date.parse('2026-11-20T00:00:00Z');
    tree(a, {
      '_astro/gone.js': 'gone',
      'pagefind/fragment/en_x.pf_fragment': 'x',
      'pagefind/fragment/en_back.pf_fragment': 'back',
    });
    tree(b, { 'pagefind/fragment/en_new.pf_fragment': 'new' });
    expect(await carryHashedAssets(a, b, { graceMs: 48 * hour, now: retiredAt })).toBe(3);
    // A warm release: b's files linked, then one index written again, which names en_back again.
    await linkTree(b, c);
    await rm(join(c, 'pagefind/fragment'), { recursive: true });
    tree(c, {
      'pagefind/fragment/en_new.pf_fragment': 'new',
      'pagefind/fragment/en_back.pf_fragment': 'back',
    });
    const later = retiredAt + hour;
    expect(await carryHashedAssets(b, c, { graceMs: 48 * hour, now: later, linked: true })).toBe(2);
    // Still carried since they were first retired: the one left in place and the one linked back.
    expect(readJson(join(c, '_server/retired.json'))).toEqual({
      [join('_astro', 'gone.js')]: retiredAt,
      [join('pagefind', 'fragment', 'en_x.pf_fragment')]: retiredAt,
    });
    expect(readFileSync(join(c, 'pagefind/fragment/en_x.pf_fragment'), 'utf8')).toBe('x');
    // Past the grace, a warm release's links of the carried files go; its own files stay.
    await linkTree(c, d);
    const after = retiredAt + 49 * hour;
    expect(await carryHashedAssets(c, d, { graceMs: 48 * hour, now: after, linked: true })).toBe(0);
    expect(existsSync(join(d, '_astro/gone.js'))).toBe(false);
    expect(existsSync(join(d, 'pagefind/fragment/en_x.pf_fragment'))).toBe(false);
    expect(readFileSync(join(d, 'pagefind/fragment/en_back.pf_fragment'), 'utf8')).toBe('back');
    expect(readFileSync(join(d, 'pagefind/fragment/en_new.pf_fragment'), 'utf8')).toBe('new');
  });
});

describe('carryHashedAssets after a warm release', () => {
  const hour = 3_600_000;

  it('tells a file written again by rename from the carried link in a folder the copy kept', async () => {
    const [z, a, b] = ['z', 'a', 'b'].map((id) => releaseDir(layout, id)) as [
      string,
      string,
      string,
    ];
    const retiredAt = Date.parse('2026-11-20T00:00:00Z');
    tree(z, {
      '_astro/gone.js': 'gone',
      '_astro/kept.js': 'kept',
      'pagefind/fragment/en_x.pf_fragment': 'x',
    });
    await mkdir(a, { recursive: true });
    await carryHashedAssets(z, a, { graceMs: 48 * hour, now: retiredAt });
    // Folders last changed an hour before the copy: their time tells that the copy kept them.
    const anHourAgo = new Date(Date.now() - hour);
    for (const dir of ['_astro', 'pagefind', 'pagefind/fragment'])
      await utimes(join(a, dir), anHourAgo, anHourAgo);
    await linkTree(a, b);
    // The search index names en_x again (a price back where it was): b's own file, written
    // beside and renamed in, in a folder otherwise as the copy made it.
    await writeAtomically(join(b, 'pagefind/fragment/en_x.pf_fragment'), 'x again');
    const later = retiredAt + hour;
    expect(await carryHashedAssets(a, b, { graceMs: 48 * hour, now: later, linked: true })).toBe(2);
    expect(readJson(join(b, '_server/retired.json'))).toEqual({
      [join('_astro', 'gone.js')]: retiredAt,
      [join('_astro', 'kept.js')]: retiredAt,
    });
    // Past the grace, the carried links go from the folder the copy kept; b's file stays.
    const c = releaseDir(layout, 'c');
    for (const dir of ['_astro', 'pagefind', 'pagefind/fragment'])
      await utimes(join(b, dir), anHourAgo, anHourAgo);
    await linkTree(b, c);
    const after = retiredAt + 49 * hour;
    expect(await carryHashedAssets(b, c, { graceMs: 48 * hour, now: after, linked: true })).toBe(0);
    expect(existsSync(join(c, '_astro/gone.js'))).toBe(false);
    expect(existsSync(join(c, '_astro/kept.js'))).toBe(false);
    expect(readFileSync(join(c, 'pagefind/fragment/en_x.pf_fragment'), 'utf8')).toBe('x again');
  });
});

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** A release a publish finished: its own release.json, as going live writes it. */
async function finished(id: string) {
  await mkdir(releaseDir(layout, id), { recursive: true });
  await writeReleaseInfo(releaseDir(layout, id), {
    id,
    cursor: 1,
    publishedAt: '2026-11-29T10:00:00.000Z',
    previous: null,
  });
}

describe('pruneReleases', () => {
  it('removes the oldest releases beyond the number kept, never a protected one', async () => {
    const ids = ['20261101-000000-aaaa', '20261102-000000-bbbb', '20261103-000000-cccc'];
    for (const id of ids) await finished(id);
    const removed = await pruneReleases(layout, 1, ['20261101-000000-aaaa']);
    expect(removed).toEqual(['20261102-000000-bbbb']);
    expect(existsSync(releaseDir(layout, ids[0] ?? ''))).toBe(true);
    expect(existsSync(releaseDir(layout, ids[2] ?? ''))).toBe(true);
  });

  it('counts and removes only finished releases: one being written is not a release yet', async () => {
    const ids = ['20261101-000000-aaaa', '20261102-000000-bbbb', '20261103-000000-cccc'];
    await finished(ids[0] ?? '');
    await finished(ids[1] ?? '');
    // A warm publish in the making: a linked copy of the live release, its release.json too.
    await mkdir(dirname(join(releaseDir(layout, ids[2] ?? ''), RELEASE_FILE)), {
      recursive: true,
    });
    writeFileSync(
      join(releaseDir(layout, ids[2] ?? ''), RELEASE_FILE),
      readFileSync(join(releaseDir(layout, ids[1] ?? ''), RELEASE_FILE)),
    );
    expect(await pruneReleases(layout, 1, [])).toEqual([ids[0]]);
    expect(existsSync(releaseDir(layout, ids[2] ?? ''))).toBe(true);
  });

  it('starts no removal while a publish holds the background work paused', async () => {
    const ids = ['20261101-000000-aaaa', '20261102-000000-bbbb'];
    for (const id of ids) await finished(id);
    const background = new BackgroundWork();
    const spawned = vi.spyOn(background, 'add');
    background.pause();
    const pruning = pruneReleases(layout, 1, [], background);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(spawned).not.toHaveBeenCalled();
    expect(existsSync(releaseDir(layout, ids[0] ?? ''))).toBe(true);
    background.resume();
    expect(await pruning).toEqual([ids[0]]);
    expect(spawned).toHaveBeenCalledTimes(1);
    expect(existsSync(releaseDir(layout, ids[0] ?? ''))).toBe(false);
  });

  it('takes a release out of releases/ before removing it: one removed halfway is no publish of its own', async () => {
    const ids = ['20261101-000000-aaaa', '20261102-000000-bbbb'];
    for (const id of ids) await finished(id);
    const background = new BackgroundWork();
    // The removal stopped as soon as it starts, as the store's stop can leave it.
    const add = background.add.bind(background);
    vi.spyOn(background, 'add').mockImplementation((child) => {
      background.pause();
      add(child);
    });
    const pruning = pruneReleases(layout, 1, [], background);
    await vi.waitFor(() => expect(existsSync(join(discardedDir(layout), ids[0] ?? ''))).toBe(true));
    expect(existsSync(releaseDir(layout, ids[0] ?? ''))).toBe(false);
    expect(await discardUnfinishedReleases(layout, [ids[1] ?? ''])).toEqual([]);
    background.resume();
    expect(await pruning).toEqual([ids[0]]);
    expect(existsSync(join(discardedDir(layout), ids[0] ?? ''))).toBe(false);
  });
});

describe('discardUnfinishedReleases', () => {
  it("takes an interrupted publish's release out of releases/, and no finished one", async () => {
    const live = '20261101-000000-aaaa';
    const full = '20261102-000000-bbbb';
    const warm = '20261103-000000-cccc';
    await finished(live);
    // A full build killed halfway: pages, no release.json.
    mkdirSync(join(releaseDir(layout, full), 'products/a'), { recursive: true });
    writeFileSync(join(releaseDir(layout, full), 'products/a/index.html'), '<p>half</p>');
    // A warm publish killed before going live: the live release's release.json, linked.
    mkdirSync(dirname(join(releaseDir(layout, warm), RELEASE_FILE)), { recursive: true });
    writeFileSync(
      join(releaseDir(layout, warm), RELEASE_FILE),
      readFileSync(join(releaseDir(layout, live), RELEASE_FILE)),
    );
    expect(await discardUnfinishedReleases(layout, [live])).toEqual([full, warm]);
    expect(existsSync(releaseDir(layout, live))).toBe(true);
    expect(existsSync(releaseDir(layout, full))).toBe(false);
    expect(existsSync(join(discardedDir(layout), full, 'products/a/index.html'))).toBe(true);
    expect(existsSync(join(discardedDir(layout), warm))).toBe(true);
    // Never counted among the kept releases, nor left to prune.
    expect(await pruneReleases(layout, 0, [])).toEqual([live]);
    // And a release it is told to keep stays, finished or not.
    mkdirSync(releaseDir(layout, full));
    expect(await discardUnfinishedReleases(layout, [full])).toEqual([]);
  });
});

describe('BackgroundWork', () => {
  it('stops its processes while paused and continues them once every pause is resumed', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const pid = child.pid ?? 0;
      const background = new BackgroundWork();
      background.add(child);
      await vi.waitFor(() => expect(processState(pid)).toBe('S'));
      background.pause();
      background.pause();
      await vi.waitFor(() => expect(processState(pid)).toBe('T'));
      background.resume();
      // One publish still holds it.
      expect(background.paused).toBe(true);
      background.resume();
      await vi.waitFor(() => expect(processState(pid)).toBe('S'));
      await background.idle();
      // A process added while paused is stopped at once.
      background.pause();
      const late = spawn('sleep', ['30'], { stdio: 'ignore' });
      background.add(late);
      await vi.waitFor(() => expect(processState(late.pid ?? 0)).toBe('T'));
      late.kill('SIGKILL');
      background.resume();
    } finally {
      child.kill('SIGKILL');
    }
  });
});

/** A process's state letter in /proc/<pid>/stat (after the name in parentheses). */
function processState(pid: number): string | undefined {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
}

describe('the publish lock', () => {
  it('is held by one holder at a time and free again once released', async () => {
    const file = join(work.path, 'publish.lock');
    const first = await tryLock(file, 'one');
    expect(first).toBeDefined();
    expect(await tryLock(file, 'two')).toBeUndefined();
    expect((await lockOwner(file))?.id).toBe('one');
    await first?.release();
    const second = await tryLock(file, 'two');
    expect(second).toBeDefined();
    await second?.release();
  });

  it('takes over a lock whose process is gone', async () => {
    const file = join(work.path, 'publish.lock');
    // A pid no process has: the largest Linux allows, plus one.
    await writeFile(file, JSON.stringify({ pid: 4_194_305, id: 'dead', since: '' }));
    const held = await tryLock(file, 'alive');
    expect(held).toBeDefined();
    expect((await lockOwner(file))?.id).toBe('alive');
    await held?.release();
  });

  it('takes over a lock file left half-written', async () => {
    const file = join(work.path, 'publish.lock');
    await writeFile(file, '{"pid": 12');
    expect(await tryLock(file, 'alive')).toBeDefined();
  });
});

it('the live path resolves to the release directory itself', async () => {
  const id = newReleaseId();
  tree(releaseDir(layout, id), { 'index.html': 'A' });
  await switchLive(layout, id);
  expect(await realpath(layout.liveDir)).toBe(await realpath(releaseDir(layout, id)));
});
