import { join } from 'node:path';
import { buildSite } from '../publisher/build-site.ts';
import { sampleTreeMemory, type ProcessMemory } from './tree-memory.ts';

/** The full build of one catalogue, timed and with its peak memory. */
export interface BuildBenchResult {
  pages: number;
  /** `astro build`: loaders, bundling, every page. */
  astroMs: number;
  /** The search index (Pagefind), which runs beside astro's pages. */
  pagefindMs: number;
  /** The full build as issue 14 counts it: astro build and the search index. */
  buildMs: number;
  /** Compressing the files and writing the web servers' files, after the build. */
  serverFilesMs: number;
  /** The highest resident memory of the build's processes together, worker threads included. */
  peakBytes: number;
  /** The processes at that moment (the astro process holds its prerender workers). */
  atPeak: ProcessMemory[];
  /** CPU time of the build's processes: over buildMs, how busy the cores were. */
  cpuSeconds: number;
}

/**
 * Builds the catalogue the API at `apiUrl` serves into `workDir`, from an empty incremental
 * cache, sampling the memory of this process and every process it starts (astro build and
 * its worker threads, Pagefind) every 250 ms. `apiPid` is the API's process, left out when it
 * is a child of this one: in production the API is the store's platform, not the build.
 */
export async function benchBuild({
  apiUrl,
  apiPid,
  workDir,
  buildEnv = {},
}: {
  apiUrl: string;
  apiPid?: number;
  workDir: string;
  buildEnv?: Record<string, string>;
}): Promise<BuildBenchResult> {
  const memory = sampleTreeMemory(process.pid, {
    exclude: ({ pid }) => pid === apiPid,
  });
  try {
    const report = await buildSite({
      apiUrl,
      outDir: join(workDir, 'dist'),
      cacheDir: join(workDir, 'cache'),
      env: buildEnv,
      quiet: true,
    });
    const { peakBytes, atPeak, cpuSeconds } = memory.stop();
    return {
      pages: report.pages,
      astroMs: report.astroMs,
      pagefindMs: report.pagefindMs,
      buildMs: report.buildMs,
      serverFilesMs: report.serverFilesMs,
      peakBytes,
      // This process reads the search records and runs Pagefind's client: 'bench' in the table.
      atPeak: atPeak.map((p) => (p.pid === process.pid ? { ...p, name: 'bench' } : p)),
      cpuSeconds,
    };
  } finally {
    memory.stop();
  }
}

/** The bench's table of builds (`npm run bench -- --only build`). */
export function buildTable(rows: readonly (BuildBenchResult & { products: number })[]): string {
  const gb = (bytes: number) => (bytes / 1e9).toFixed(2);
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return [
    '| products | pages | build s (to the search index done) | astro s | pages/s | search s (beside the pages) | peak memory GB | at the peak | compress s |',
    '|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...rows.map(
      (r) =>
        `| ${r.products} | ${r.pages} | ${s(r.buildMs)} (${(r.buildMs / 60_000).toFixed(1)} min) | ` +
        `${s(r.astroMs)} | ${(r.pages / (r.astroMs / 1000)).toFixed(0)} | ${s(r.pagefindMs)} | ` +
        `${gb(r.peakBytes)} | ${r.atPeak.map((p) => `${p.name} ${gb(p.rssBytes)}`).join(', ')} | ` +
        `${s(r.serverFilesMs)} |`,
    ),
  ].join('\n');
}
