import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { redirectsFile } from '../../src/lib/routing/legacy-routes.ts';
import { RECORD_TYPE, type SearchRecord } from '../../src/lib/search/search-record.ts';

export const SEARCH_RECORDS_PATH = join('search-index', 'records.json');

export interface BuildOptions {
  apiUrl: string;
  outDir: string;
  cacheDir?: string;
  /** Extra environment for `astro build` (e.g. SITE_URL). */
  env?: Record<string, string>;
  quiet?: boolean;
}

export interface BuildReport {
  pages: number;
  searchRecords: number;
  astroMs: number;
  pagefindMs: number;
}

/**
 * The whole static build (DESIGN, build pipeline): `astro build` reading the API through the
 * content loaders, then the Pagefind index from the catalogue's search records, then the
 * host configuration for the legacy routes.
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const started = Date.now();
  const output = await runAstroBuild(options);
  const astroMs = Date.now() - started;
  const pagefindStarted = Date.now();
  const searchRecords = await writeSearchIndex(options.outDir);
  await writeFile(join(options.outDir, '_redirects'), redirectsFile());
  const pages = Number(/(\d+) page\(s\) built/.exec(output)?.[1] ?? 0);
  return { pages, searchRecords, astroMs, pagefindMs: Date.now() - pagefindStarted };
}

function runAstroBuild({ apiUrl, outDir, cacheDir, env = {}, quiet = false }: BuildOptions) {
  const astro = join(process.cwd(), 'node_modules', 'astro', 'bin', 'astro.mjs');
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [astro, 'build'], {
      env: {
        ...process.env,
        ...env,
        API_URL: apiUrl,
        BUILD_OUT_DIR: outDir,
        ...(cacheDir ? { BUILD_CACHE_DIR: cacheDir } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
      if (!quiet) process.stdout.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`astro build failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}

/**
 * Indexes the search records written by the build with Pagefind's Node API, as two indexes:
 * products in /pagefind/ and collections in /pagefind/collections/ (the search box's
 * Categories; src/lib/search/pagefind-client.ts says why they are apart).
 */
export async function writeSearchIndex(outDir: string): Promise<number> {
  const recordsFile = join(outDir, SEARCH_RECORDS_PATH);
  const records = JSON.parse(await readFile(recordsFile, 'utf8')) as SearchRecord[];
  const isCollection = (record: SearchRecord) =>
    record.filters.type?.includes(RECORD_TYPE.collection) === true;
  try {
    // Products first: a bundle's writeFiles owns its directory, and the collections' lies inside.
    await writeIndex(
      records.filter((record) => !isCollection(record)),
      join(outDir, 'pagefind'),
    );
    await writeIndex(records.filter(isCollection), join(outDir, 'pagefind', 'collections'));
  } finally {
    await pagefind.close();
  }
  await rm(join(outDir, 'search-index'), { recursive: true, force: true });
  return records.length;
}

async function writeIndex(records: SearchRecord[], outputPath: string) {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  for (const record of records) {
    const added = await index.addCustomRecord({ ...record, language: 'en' });
    if (added.errors.length)
      throw new Error(`Pagefind refused ${record.url}: ${added.errors.join('; ')}`);
  }
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length)
    throw new Error(`Pagefind could not write ${outputPath}: ${written.errors.join('; ')}`);
}
