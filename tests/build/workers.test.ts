import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiProcess } from '../../stack/api-process.ts';
import { buildSite, type BuildReport } from '../../publisher/build-site.ts';
import { newSecret } from '../../shared/merchandiser-token.ts';
import { SEARCH_RECORDS_URL } from '../../src/lib/search/search-record.ts';
import { seedIfEmpty, temporaryDir } from '../../stack/stack.ts';
import { filesUnder, SuiteFixture } from './tree.ts';

/**
 * "Full build": "a test that a build with 1 worker and with N workers gives the same
 * pages (ids aside)". The parallel prerender integration (src/integrations/parallel-prerender)
 * renders each page on whichever worker thread is least busy, from its own copy of the
 * prerender bundle and content store; a page must not depend on which worker rendered it, or
 * on what that worker rendered before.
 *
 * No normalisation: building the 40-product catalogue twice with 1 worker and once with 2
 * gave every file byte for byte the same (249 pages). The ids the issue sets aside are
 * deterministic here: an island's `uid` is a hash of its component and props, its `prefix`
 * (`r3`, the React useId prefix, patches/@astrojs+react+7.0.0.patch) counts within one page.
 * Should a legitimate difference appear (a build time on the page, say), normalise that one
 * thing here, named, rather than comparing less.
 */

// 40 products give several pages of each type: 40 products, about 90 collection pages, about 20
// brands, articles and help answers (the demo seed's content). Each build takes about 10 s.
const PRODUCTS = 40;
const WORKERS = 2;
/** Page types that must each have several pages, by their first path segment. */
const PAGE_TYPES = ['products', 'collections', 'brands', 'articles', 'help_answer'];

interface Fixture {
  root: string;
  one: BuildReport;
  many: BuildReport;
  /** What the N-worker build wrote to its log. */
  manyLog: string;
}

const suite = new SuiteFixture<Fixture>();
const need = (): Fixture => suite.need();

/** The HTML pages of a build. */
const pagesOf = async (outDir: string) =>
  (await filesUnder(outDir)).filter((file) => file.endsWith('.html'));

/** Where two pages first differ, with a little of each around it, for the failure message. */
function firstDifference(a: Buffer, b: Buffer): string {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const around = (bytes: Buffer) =>
    JSON.stringify(bytes.subarray(Math.max(0, at - 60), at + 60).toString('utf8'));
  return `at byte ${String(at)}: ${around(a)} against ${around(b)}`;
}

beforeAll(async () => {
  const temp = temporaryDir('workers-build-');
  const root = temp.path;
  suite.cleanUp = () => Promise.resolve(temp.remove());
  const dataDir = join(root, 'data');
  seedIfEmpty(dataDir, PRODUCTS);
  // The suite's own merchandiser token, for its API and its builds alike.
  const token = newSecret();
  const api = await startApiProcess({ dataDir, port: 0, env: { ADMIN_TOKEN: token } });
  suite.cleanUp = async () => {
    await api.close();
    temp.remove();
  };
  // Each build has its own output and a fresh incremental cache, so every page is rendered.
  const build = (name: string, workers: number, quiet: boolean) =>
    buildSite({
      apiUrl: api.url,
      outDir: join(root, name),
      cacheDir: join(root, `cache-${name}`),
      quiet,
      env: { PRERENDER_WORKERS: String(workers), ADMIN_TOKEN: token },
    });
  const one = await build('one', 1, true);
  // The N-worker build's log, kept to check that the pages did go to the workers.
  let manyLog = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    manyLog += String(chunk);
    return true;
  });
  const many = await build('many', WORKERS, false).finally(() => write.mockRestore());
  suite.set({ root, one, many, manyLog });
});

afterAll(async () => {
  await suite.cleanUp();
});

describe(`a build on 1 worker and on ${String(WORKERS)} (full build)`, () => {
  it(`renders every page on ${String(WORKERS)} worker threads in the second build`, () => {
    const { one, many, manyLog } = need();
    expect(manyLog).toContain(`Rendering pages on ${String(WORKERS)} worker threads.`);
    expect([one.rendered, many.rendered]).toEqual([one.pages, one.pages]);
    expect(many.pages).toBe(one.pages);
  });

  it('makes the search index while the pages render, from the records rendered first', () => {
    const { many, manyLog } = need();
    // The log's lines run together, coloured under CI: the first path follows the first mark.
    const log = stripVTControlCharacters(manyLog);
    const paths = log.slice(log.indexOf('paths to generate.'));
    const first = paths.slice(paths.indexOf('\u251C\u2500 ') + 3);
    expect(first.startsWith(`${SEARCH_RECORDS_URL}`), first.slice(0, 80)).toBe(true);
    expect(many.searchRecords).toBeGreaterThan(PRODUCTS);
    expect(many.searchStartedMs).toBeLessThan(many.astroMs);
  });

  it('builds several pages of each type', async () => {
    const pages = await pagesOf(join(need().root, 'one'));
    for (const type of PAGE_TYPES)
      expect(pages.filter((page) => page.startsWith(`${type}/`)).length, type).toBeGreaterThan(5);
  });

  it('writes the same files', async () => {
    const { root } = need();
    const [one, many] = await Promise.all([
      filesUnder(join(root, 'one')),
      filesUnder(join(root, 'many')),
    ]);
    // Both builds compile the islands from the working tree: different names under _astro/
    // mean a source file changed between the two builds, not a worker's doing.
    expect(many, `the files of the ${String(WORKERS)}-worker build`).toEqual(one);
  });

  it('writes every page byte for byte the same', async () => {
    const { root } = need();
    const pages = await pagesOf(join(root, 'one'));
    const differing: string[] = [];
    for (const page of pages) {
      const [one, many] = await Promise.all([
        readFile(join(root, 'one', page)),
        readFile(join(root, 'many', page)),
      ]);
      if (!one.equals(many)) differing.push(`${page} ${firstDifference(one, many)}`);
    }
    expect(
      differing.slice(0, 5),
      `${String(differing.length)} of ${String(pages.length)} pages differ`,
    ).toEqual([]);
  });
});
