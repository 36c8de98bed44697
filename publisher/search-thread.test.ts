import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { product } from '../src/lib/search/suggest.testing.ts';
import { KEPT_SEARCH_RECORDS, SEARCH_RECORDS_PATH } from './search-index.ts';
import { searchIndexApart, SearchThread } from './search-thread.ts';
import { linkTree } from './warm/link-tree.ts';

const root = mkdtempSync(join(tmpdir(), 'search-thread-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const products = (price: number) =>
  Array.from({ length: 30 }, (_, i) =>
    product(i + 1, `Load Wheel ${String(i + 1)}`, { sku: `LW-${String(i)}`, price }),
  );

let releases = 0;
/** A whole second, so that a test can give a file its time back exactly (scribble). */
const WRITTEN = new Date('2026-11-30T12:00:00Z');

/** A release directory holding `records` where the build writes them. */
function release(records: unknown[]) {
  const dir = join(root, `release-${String(releases++)}`);
  mkdirSync(join(dir, 'search-index'), { recursive: true });
  const file = join(dir, SEARCH_RECORDS_PATH);
  writeFileSync(file, JSON.stringify(records));
  utimesSync(file, WRITTEN, WRITTEN);
  return dir;
}

/** A warm release of `live`: its files linked, new records where the build writes them. */
async function warmRelease(live: string, records: unknown[]) {
  const dir = join(root, `release-${String(releases++)}`);
  await linkTree(live, dir);
  mkdirSync(join(dir, 'search-index'), { recursive: true });
  writeFileSync(join(dir, SEARCH_RECORDS_PATH), JSON.stringify(records));
  return dir;
}

/** Rewrites a records file in place with other bytes of its size, its time as it was. */
function scribble(file: string) {
  const { size, mtimeMs } = statSync(file);
  expect(mtimeMs).toBe(WRITTEN.getTime());
  writeFileSync(file, 'x'.repeat(size));
  utimesSync(file, WRITTEN, WRITTEN);
}

/** The suggestion index's files under a release, with their text. */
const suggestTree = (dir: string) =>
  new Map(
    readdirSync(join(dir, 'suggest'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [path.slice(dir.length), readFileSync(path, 'utf8')] as const;
      }),
  );

const threads: SearchThread[] = [];
const thread = () => {
  const made = new SearchThread();
  threads.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(threads.splice(0).map((made) => made.close()));
});

describe('SearchThread', () => {
  it('compares a publish with the records of the release it indexed last, held in memory', async () => {
    const search = thread();
    const first = release(products(10));
    expect((await search.index({ outDir: first })).indexed).toBe(30);

    // The same records: nothing to index again. The live release's kept file is not read
    // (scribbled over, same inode, size and time): the thread holds its records.
    scribble(join(first, KEPT_SEARCH_RECORDS));
    const second = await warmRelease(first, products(10));
    expect((await search.index({ outDir: second, live: first })).indexed).toBe(0);

    // A thread without them reads the file, finds nothing there, and indexes everything.
    const third = await warmRelease(first, products(10));
    const unknown = await thread().index({ outDir: third, live: first });
    expect(unknown.indexed).toBe(30);
    expect(unknown.suggest).toBe('whole');
  });

  it('keeps the suggestion index with the records, and changes it for a product added', async () => {
    const search = thread();
    const first = release(products(10));
    const made = await search.index({ outDir: first });
    const added = [
      ...products(10),
      product(31, 'Drive Wheel 31', { sku: 'DW-31', vendor: 'Yale', price: 10 }),
    ];
    const next = await warmRelease(first, added);
    const report = await search.index({ outDir: next, live: first });
    expect(made.suggest).toBe('whole');
    expect(report.suggest).toBe('updated');
    // Only what the product touched: its documents chunk, the blocks of its words, the manifest.
    expect(report.suggestFiles.length).toBeGreaterThan(1);
    expect(report.suggestFiles.length).toBeLessThan(made.suggestFiles.length);
    // The same files as an index made afresh from the same records.
    const clean = release(added);
    await thread().index({ outDir: clean });
    expect(suggestTree(next)).toEqual(suggestTree(clean));
  });

  it('makes the suggestion index of a price change afterwards, for the next product added', async () => {
    const search = thread();
    const first = release(products(10));
    await search.index({ outDir: first });
    // Once a restart (another thread) indexed a price change: the documents chunks alone.
    const restarted = thread();
    const priced = await warmRelease(first, products(12));
    expect((await restarted.index({ outDir: priced, live: first })).suggest).toBe('documents');
    const added = [...products(12), product(31, 'Drive Wheel 31', { sku: 'DW-31', price: 12 })];
    const next = await warmRelease(priced, added);
    expect((await restarted.index({ outDir: next, live: priced })).suggest).toBe('updated');
    const clean = release(added);
    await thread().index({ outDir: clean });
    expect(suggestTree(next)).toEqual(suggestTree(clean));
  });

  it('reads the kept records again when the live release is not the one it indexed', async () => {
    const search = thread();
    const first = release(products(10));
    await search.index({ outDir: first });
    // Another release went live (a full build, a rollback): a new file, other prices.
    const other = await warmRelease(first, []);
    rmSync(join(other, KEPT_SEARCH_RECORDS));
    writeFileSync(join(other, KEPT_SEARCH_RECORDS), JSON.stringify(products(12)));
    const next = await warmRelease(other, products(12));
    expect((await search.index({ outDir: next, live: other })).indexed).toBe(0);
    const changed = await warmRelease(other, products(14));
    expect((await search.index({ outDir: changed, live: other })).indexed).toBe(30);
  });

  it('stops a job asked to stop, and takes the next one', async () => {
    const search = thread();
    const stop = new AbortController();
    stop.abort();
    await expect(search.index({ outDir: release(products(10)) }, stop.signal)).rejects.toThrow(
      /abort/i,
    );
    expect(search.alive).toBe(true);
    expect((await search.index({ outDir: release(products(10)) })).indexed).toBe(30);
  });

  it('fails a job of a closed thread; searchIndexApart then indexes in a thread of its own', async () => {
    const search = thread();
    await search.close();
    expect(search.alive).toBe(false);
    const dir = release(products(10));
    await expect(search.index({ outDir: dir })).rejects.toThrow(/closed/);
    expect((await searchIndexApart({ outDir: dir }, undefined, search)).indexed).toBe(30);
  });

  it('answers a failure in the job with its error', async () => {
    const dir = join(root, 'no-records');
    mkdirSync(dir, { recursive: true });
    await expect(thread().index({ outDir: dir })).rejects.toThrow(/ENOENT/);
  });
});
