// `npm run bench [-- --sizes 2000,100000 --seconds 10 --concurrency 8 --only api|build
//   --seed-cache DIR --without-fitment]`
// Build throughput (pages per second) per catalogue size, and API latency (p50/p95) for
// products/filter and product-by-handle under a bounded load from a second process on
// loopback, alone and together (bench/api-bench.ts). `--only api` runs the API part
// alone (a minute instead of a 15-minute build); `--only build` runs the full build alone,
// its time (search index included) and its peak memory, then a machine chosen on the built
// site to its results shown (bench/fitment-bench.ts); `--seed-cache DIR` keeps each seeded
// database in DIR and copies it on later runs; `--without-fitment` (with `--only build`) builds
// the catalogue with its machines and fitment taken out, the baseline of issue 31's build
// growth. Prints tables, the targets of the 100,000
// product store beside today's figures (bench-targets.ts), and writes
// bench-results/bench-<time>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { storeConfig } from '../shared/store-config.ts';
import { startApiProcess } from '../stack/api-process.ts';
import { benchBuild, buildTable, type BuildBenchResult } from '../bench/build-bench.ts';
import {
  startPublishBench,
  type PublishCase,
  type PublishFigures,
} from '../bench/publish-bench.ts';
import { sampleTreeMemory } from '../bench/tree-memory.ts';
import { benchStaticUnderLoad } from '../bench/static-bench.ts';
import {
  apiBenchUrls,
  apiTable,
  API_TARGETS,
  benchApi,
  type ApiFigures,
} from '../bench/api-bench.ts';
import { benchCatalogue, withoutFitment } from '../bench/bench-seed.ts';
import { targetsTable } from '../bench/bench-targets.ts';
import type { LoadSummary } from '../bench/load.ts';
import { stopProcessTreeOnSignal } from '../stack/process-tree.ts';
import { benchMachineChoice, type MachineChoiceResult } from '../bench/fitment-bench.ts';
import { benchSearchBox } from '../bench/search-bench.ts';
import { startStaticServer } from '../web/static-server.ts';
import { temporaryDir } from '../stack/stack.ts';
import { newSecret } from '../shared/merchandiser-token.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '2000,100000' },
    // Skip the browser part (keystroke-to-dropdown) when no Chromium is at hand.
    'no-browser': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
    // 'api': only the API measurements; 'build': only seed and build each size, with the
    // build's time and peak memory (no search box, static pages or publishes).
    only: { type: 'string', default: 'all' },
    'seed-cache': { type: 'string' },
    'without-fitment': { type: 'boolean', default: false },
  },
});
const only = values.only ?? 'all';
/** The merchandiser token of this run's throwaway stores (no token is a constant). */
const benchToken = newSecret();
if (only !== 'all' && only !== 'api' && only !== 'build')
  throw new Error(`--only takes all, api or build, not ${only}`);
const fitment = !values['without-fitment'];
if (!fitment && only !== 'build') throw new Error('--without-fitment goes with --only build');
const sizes = (values.sizes ?? '')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
// Ctrl-C or kill stops the API, a build under way and whatever else the bench started.
stopProcessTreeOnSignal();

/** Writes the bench's JSON beside the earlier ones and says where. */
function writeResults(content: Record<string, unknown>) {
  mkdirSync('bench-results', { recursive: true });
  const at = new Date().toISOString();
  const file = join('bench-results', `bench-${at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ at, ...content }, null, 2));
  console.log(`\nWrote ${file}`);
}

if (only === 'build') {
  const builds: (BuildBenchResult & {
    products: number;
    seedMs: number;
    machineChoice?: MachineChoiceResult | null;
  })[] = [];
  for (const size of sizes) {
    const work = temporaryDir(`store-bench-${size}-`);
    try {
      console.log(`\n--- ${size} products, full build${fitment ? '' : ', without fitment'}`);
      const seeded = benchCatalogue({ size, dataDir: work.path, cacheDir: values['seed-cache'] });
      if (!fitment) withoutFitment(work.path);
      const seedMs = seeded.ms;
      console.log(`seeded (or copied from the seed cache) in ${(seedMs / 1000).toFixed(1)} s`);
      // The API in its own process, so that its memory is not counted as the build's.
      const api = await startApiProcess({
        dataDir: work.path,
        port: 0,
        env: { ADMIN_TOKEN: benchToken },
      });
      try {
        const build = await benchBuild({
          apiUrl: api.url,
          apiPid: api.pid,
          workDir: work.path,
          buildEnv: { ADMIN_TOKEN: benchToken },
        });
        // The built site with its fitment: a machine chosen to its list shown (issue 31), as
        // the whole bench measures it, without the publishes the whole bench goes on to.
        let machineChoice: MachineChoiceResult | null = null;
        if (fitment && !values['no-browser']) {
          const site = await startStaticServer({
            distDir: join(work.path, 'dist'),
            apiUrl: api.url,
            port: 0,
            host: '127.0.0.1',
          });
          try {
            machineChoice = await benchMachineChoice({ siteUrl: site.url, apiUrl: api.url });
          } finally {
            await site.close();
          }
        }
        builds.push({ products: size, seedMs, ...build, machineChoice });
        console.log(buildTable(builds.slice(-1)));
      } finally {
        await api.close();
      }
    } finally {
      work.remove();
    }
  }
  console.log(`\n${buildTable(builds)}`);
  const measured = builds.map(({ products, buildMs, peakBytes, machineChoice }) => ({
    products,
    build: { ms: buildMs, peakBytes },
    machineChoice,
  }));
  console.log(machineChoiceTable(builds));
  console.log(`\n${targetsTable(measured).join('\n')}`);
  writeResults({ only: 'build', fitment, builds });
  process.exit(0);
}

interface SizeResult {
  products: number;
  seedMs: number;
  api: ApiFigures;
  /** api.filter and api.byHandle, under the names earlier runs' JSON used. */
  filter: LoadSummary;
  byHandle: LoadSummary;
  /** The rest, absent with --only api. */
  publishCases?: PublishCase[];
  /** Issue 33: shoppers during a publish, a product page's weight, the store's disk. */
  publishFigures?: Omit<PublishFigures, 'cases'>;
  build?: {
    pages: number;
    astroMs: number;
    pagefindMs: number;
    compressMs: number;
    publishMs: number;
    /** The first publish's peak memory, this process (and its API) included. */
    peakBytes: number;
    pagesPerSecond: number;
  };
  search?: Awaited<ReturnType<typeof benchSearchBox>> | null;
  /** A machine chosen to its results shown (issue 31). */
  machineChoice?: MachineChoiceResult | null;
  staticUnderLoad?: Awaited<ReturnType<typeof benchStaticUnderLoad>>;
}
const results: SizeResult[] = [];
for (const size of sizes) {
  const work = temporaryDir(`store-bench-${size}-`);
  try {
    console.log(`\n--- ${size} products`);
    const seeded = benchCatalogue({ size, dataDir: work.path, cacheDir: values['seed-cache'] });
    const seedMs = seeded.ms;
    console.log(
      `${seeded.from === 'seed' ? 'seeded' : 'copied from the seed cache'} in ${(seedMs / 1000).toFixed(1)} s`,
    );

    // The API in its own process, as in production (and as `--only build` runs it), so that
    // the build's peak below is the build's and not the platform's beside it.
    const api = await startApiProcess({
      dataDir: work.path,
      port: 0,
      env: { ADMIN_TOKEN: benchToken },
    });
    try {
      const { handles, filter: filterQueries } = await apiBenchUrls(api.url);
      const apiFigures = await benchApi({
        apiUrl: api.url,
        seconds,
        concurrency,
        adminToken: benchToken,
      });
      const { filter, byHandle } = apiFigures;
      if (only === 'api') {
        results.push({ products: size, seedMs, api: apiFigures, filter, byHandle });
        continue;
      }

      // The site is built by a first publish; the publish cases run last, since they
      // change the catalogue.
      // The first publish's peak memory: this process (the publisher and its build) and every
      // process under it but the API.
      const publishMemory = sampleTreeMemory(process.pid, {
        exclude: ({ pid }) => pid === api.pid,
      });
      const publishing = await startPublishBench({
        apiUrl: api.url,
        adminToken: benchToken,
        workDir: work.path,
        log: (line) => console.log(line),
      });
      const { first } = publishing;
      const peakBytes = publishMemory.stop().peakBytes;
      const build = {
        pages: first.counts?.pages ?? 0,
        astroMs: first.timings?.build ?? 0,
        pagefindMs: first.timings?.search ?? 0,
        compressMs: first.timings?.compress ?? 0,
        publishMs: first.durationMs ?? 0,
        peakBytes,
      };
      const pagesPerSecond = build.pages / (build.astroMs / 1000);
      const collection = (
        (await (await fetch(`${api.url}/api/collections?limit=1`)).json()) as {
          collections: { handle: string }[];
        }
      ).collections[0]?.handle;
      const staticUnderLoad = await benchStaticUnderLoad({
        dataDir: work.path,
        distDir: join(work.path, 'dist'),
        pagePaths: [
          '/',
          '/cart.php',
          ...handles
            .slice(0, 8)
            .map((handle) => `${storeConfig.theme.paths.productBase}/${handle}`),
          ...(collection ? [`${storeConfig.theme.paths.collectionBase}/${collection}`] : []),
        ],
        filterPaths: filterQueries.map((url) => new URL(url).pathname + new URL(url).search),
        seconds,
        apiConcurrency: 4,
        log: (line) => console.log(line),
      });
      let search: Awaited<ReturnType<typeof benchSearchBox>> | null = null;
      let machineChoice: MachineChoiceResult | null = null;
      if (!values['no-browser']) {
        const distDir = join(work.path, 'dist');
        const site = await startStaticServer({
          distDir,
          apiUrl: api.url,
          port: 0,
          host: '127.0.0.1',
        });
        try {
          const skus = (
            (await (
              await fetch(`${api.url}/api/products/filter?limit=8&sortBy=id_desc`)
            ).json()) as {
              products: { sku: string }[];
            }
          ).products
            .map((p) => p.sku.slice(0, -2))
            .filter((sku) => sku.length >= 3);
          const words = ['wheel', 'seal kit', 'load wheel', 'hydraulic pump', 'bearing', 'charger'];
          search = await benchSearchBox({
            siteUrl: site.url,
            distDir,
            queries: [...words, ...skus],
          });
          machineChoice = await benchMachineChoice({ siteUrl: site.url, apiUrl: api.url });
        } finally {
          await site.close();
        }
      }
      let figures: PublishFigures;
      try {
        figures = await publishing.runCases();
      } finally {
        await publishing.close();
      }
      const { cases: publishCases, ...publishFigures } = figures;
      results.push({
        products: size,
        publishCases,
        publishFigures,
        seedMs,
        build: { ...build, pagesPerSecond },
        api: apiFigures,
        filter,
        byHandle,
        search,
        machineChoice,
        staticUnderLoad,
      });
    } finally {
      await api.close();
    }
  } finally {
    work.remove();
  }
}

/** The machine choice's table (issue 31): the whole bench's and `--only build`'s. */
function machineChoiceTable(
  rows: readonly {
    products: number;
    machineChoice?: MachineChoiceResult | null | undefined;
  }[],
): string {
  const lines = [
    '\n| products | search | machines × choices | a machine chosen to its first page median/p95 ms |',
    '|---:|---|---:|---:|',
  ];
  for (const { products, machineChoice: m } of rows) {
    lines.push(
      m
        ? `| ${products} | ${m.query} | ${m.machines} × ${m.samples / m.machines} | ${m.medianMs} / ${m.p95Ms} |`
        : `| ${products} | - | - | - |`,
    );
  }
  return lines.join('\n');
}

/** The build, search box, static-page and publish tables (not with --only api). */
function printSiteTables(rows: Required<SizeResult>[]): void {
  console.log(
    '\n| products | seed s | pages | build s | pages/s | search s after the pages | peak memory GB (the API apart) | filter p50/p95 ms | by handle p50/p95 ms |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.products} | ${(r.seedMs / 1000).toFixed(1)} | ${r.build.pages} | ${(r.build.astroMs / 1000).toFixed(1)} | ` +
        `${r.build.pagesPerSecond.toFixed(0)} | ${(r.build.pagefindMs / 1000).toFixed(1)} | ` +
        `${(r.build.peakBytes / 1e9).toFixed(2)} | ` +
        `${r.filter.p50Ms} / ${r.filter.p95Ms} | ${r.byHandle.p50Ms} / ${r.byHandle.p95Ms} |`,
    );
  }
  console.log(
    '\n| products | index MB | index files | search s after the pages | dropdown cold median/p95 ms | warm median/p95 ms | bytes/query cold / warm |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const s = r.search;
    console.log(
      s
        ? `| ${r.products} | ${(s.indexBytes / 1e6).toFixed(1)} | ${s.indexFiles} | ${(r.build.pagefindMs / 1000).toFixed(1)} | ` +
            `${s.cold.medianMs} / ${s.cold.p95Ms} | ${s.warm.medianMs} / ${s.warm.p95Ms} | ` +
            `${s.cold.medianBytes} / ${s.warm.medianBytes} |`
        : `| ${r.products} | - | - | ${(r.build.pagefindMs / 1000).toFixed(1)} | - | - | - |`,
    );
  }
  console.log('(dropdown times include the 600 ms debounce; the JSON has them without it)');
  console.log(machineChoiceTable(rows));
  console.log(
    '\n| products | serving | static p50/p95 ms, idle | static p50/p95 ms, API under filter load | filter calls/s |',
  );
  console.log('|---:|---|---:|---:|---:|');
  for (const r of rows) {
    for (const t of r.staticUnderLoad ?? []) {
      console.log(
        `| ${r.products} | ${t.topology} | ${t.idle.p50Ms} / ${t.idle.p95Ms} | ` +
          `${t.underLoad.p50Ms} / ${t.underLoad.p95Ms} | ${t.apiLoad.perSecond} |`,
      );
    }
  }
  console.log(
    '\n| products | case | live after the API call, s | publish s | build / search / compress / switch s | pages rendered |',
  );
  console.log('|---:|---|---:|---:|---|---:|');
  const sec = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(1);
  for (const r of rows) {
    for (const c of r.publishCases ?? []) {
      const t = c.timings ?? {};
      console.log(
        `| ${r.products} | ${c.name} | ${sec(c.liveMs)} | ${sec(c.publishMs)} | ` +
          `${sec(t.build)} / ${sec(t.search)} / ${sec(t.compress)} / ${sec(t.switch)} | ${c.rendered} of ${c.pages} |`,
      );
    }
  }
  console.log(
    '\n| products | static p50/p95 ms, idle | during a warm publish | product page as sent / gzip 5 KB | disk GB (live, rollback, cache) |',
  );
  console.log('|---:|---:|---:|---:|---:|');
  for (const { products, publishFigures: f } of rows) {
    const pair = (l: LoadSummary) => `${l.p50Ms} / ${l.p95Ms}`;
    console.log(
      `| ${products} | ${f.shoppers ? pair(f.shoppers.idle) : '-'} | ` +
        `${f.shoppers ? `${pair(f.shoppers.during)} (${f.shoppers.duringCase})` : '-'} | ` +
        `${(f.productPage.bytes / 1024).toFixed(1)} / ${(f.productPage.gzipBytes / 1024).toFixed(1)} | ` +
        `${(f.diskBytes / 1e9).toFixed(2)} |`,
    );
  }
}

console.log(`\n${apiTable(results).join('\n')}`);
// Issue 5's named figure: the p95 of the results list's call (products/filter) at 100,000
// products, over the query mix (api-bench.ts); issue 14's: a cheap call's p95 beside it.
const at100k = results.find((r) => r.products === 100_000);
const figures = {
  apiFilterP95MsAt100k: at100k ? at100k.filter.p95Ms : null,
  apiByHandleUnderFilterP95MsAt100k: at100k ? at100k.api.byHandleUnderFilter.p95Ms : null,
  targets: API_TARGETS,
};
console.log(
  at100k
    ? `\nAPI filter p95 at 100,000 products: ${at100k.filter.p95Ms} ms (target ${API_TARGETS.filterP95Ms}); ` +
        `by handle under filter load: ${at100k.api.byHandleUnderFilter.p95Ms} ms (target ${API_TARGETS.byHandleUnderFilterP95Ms})`
    : '\nAPI filter p95 at 100,000 products: not measured (--sizes has no 100000)',
);

if (only === 'all') printSiteTables(results as Required<SizeResult>[]);
console.log(
  `\n${targetsTable(
    results.map(
      ({ products, api, search, machineChoice, build, publishCases, publishFigures }) => ({
        products,
        api,
        search,
        machineChoice,
        build: build && { ms: build.astroMs + build.pagefindMs, peakBytes: build.peakBytes },
        publish: build &&
          publishCases &&
          publishFigures && { firstMs: build.publishMs, cases: publishCases, ...publishFigures },
      }),
    ),
  ).join('\n')}`,
);
writeResults({ seconds, concurrency, figures, results });
