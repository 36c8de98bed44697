// `npm run bench [-- --sizes 2000,100000 --seconds 10 --concurrency 8 --only build]`
// Build throughput (pages per second) per catalogue size, and API latency (p50/p95) for
// products/filter and product-by-handle under a bounded load from a second process on
// loopback. Prints a table and writes bench-results/bench-<time>.json. `--only build` runs
// the full build alone (issue 14): its time, search index included, and its peak memory.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { databaseFile, startApi } from '../server/main.ts';
import { openDatabase } from '../server/db/open.ts';
import { seedDemo } from '../server/seed/index.ts';
import { storeConfig } from '../src/lib/config/store-config.ts';
import { startApiProcess } from './lib/api-process.ts';
import { benchBuild, buildTable, type BuildBenchResult } from './lib/build-bench.ts';
import { startPublishBench, type PublishCase } from './lib/publish-bench.ts';
import { sampleTreeMemory } from './lib/tree-memory.ts';
import { benchStaticUnderLoad } from './lib/static-bench.ts';
import { runLoad, summarize, type LoadResult } from './lib/load.ts';
import { benchSearchBox } from './lib/search-bench.ts';
import { startStaticServer } from './lib/static-server.ts';
import { temporaryDir } from './lib/stack.ts';
import { env } from '../src/lib/env.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '2000,100000' },
    // Skip the browser part (keystroke-to-dropdown) when no Chromium is at hand.
    'no-browser': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
    // `build`: only seed and build each size, with the build's time and peak memory.
    only: { type: 'string' },
  },
});
if (values.only !== undefined && values.only !== 'build')
  throw new Error(`--only takes "build", not "${values.only}".`);
const sizes = (values.sizes ?? '')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

const load = (urls: string[]) => runLoad(urls, { concurrency, seconds });
const summary = (result: LoadResult) => summarize(result, seconds);

/** Writes the bench's JSON beside the earlier ones and says where. */
function writeResults(content: Record<string, unknown>) {
  mkdirSync('bench-results', { recursive: true });
  const at = new Date().toISOString();
  const file = join('bench-results', `bench-${at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ at, ...content }, null, 2));
  console.log(`\nWrote ${file}`);
}

if (values.only === 'build') {
  const builds: (BuildBenchResult & { products: number; seedMs: number })[] = [];
  for (const size of sizes) {
    const work = temporaryDir(`store-bench-${size}-`);
    try {
      console.log(`\n--- ${size} products, full build`);
      const seedStarted = Date.now();
      const db = openDatabase(databaseFile(work.path));
      seedDemo(db, { products: size, seed: 1 });
      db.close();
      const seedMs = Date.now() - seedStarted;
      console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s`);
      // The API in its own process, so that its memory is not counted as the build's.
      const api = await startApiProcess({ dataDir: work.path, port: 0 });
      try {
        const build = await benchBuild({
          apiUrl: api.url,
          apiPid: api.pid,
          workDir: work.path,
          buildEnv: { ADMIN_TOKEN: env.ADMIN_TOKEN },
        });
        builds.push({ products: size, seedMs, ...build });
        console.log(buildTable(builds.slice(-1)));
      } finally {
        await api.close();
      }
    } finally {
      work.remove();
    }
  }
  console.log(`\n${buildTable(builds)}`);
  writeResults({ only: 'build', builds });
  process.exit(0);
}

const results = [];
for (const size of sizes) {
  const work = temporaryDir(`store-bench-${size}-`);
  try {
    console.log(`\n--- ${size} products`);
    const seedStarted = Date.now();
    const db = openDatabase(databaseFile(work.path));
    seedDemo(db, { products: size, seed: 1 });
    db.close();
    const seedMs = Date.now() - seedStarted;
    console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s`);

    const api = await startApi({ port: 0, dataDir: work.path });
    try {
      const handles = (
        (await (
          await fetch(`${api.url}/api/products/filter?limit=76&sortBy=title_asc`)
        ).json()) as {
          products: { handle: string }[];
        }
      ).products.map((p) => p.handle);
      const filterQueries = [
        '?limit=24',
        '?limit=24&sortBy=price_asc&page=3',
        '?q=wheel&limit=24',
        '?q=seal%20kit&limit=24&sortBy=best_selling',
        '?q=85-288&limit=24',
        '?q=polyurethane%20load%20wheel&minPrice=20&maxPrice=200&limit=24',
        '?v=Crown&limit=24&sortBy=title_asc',
        // A collection page's list after a sort (the results-list island's call).
        '?c=1&limit=24&sortBy=price_asc&page=1',
      ].map((query) => `${api.url}/api/products/filter${query}`);
      const filter = summary(await load(filterQueries));
      const byHandle = summary(
        await load(handles.map((handle) => `${api.url}/api/products/handle/${handle}`)),
      );

      // The site is built by a first publish; the publish cases (issue 12) run last, since they
      // change the catalogue.
      // The first publish's peak memory; here the API is in this process and counted with it
      // (`--only build` leaves it out).
      const publishMemory = sampleTreeMemory(process.pid);
      const publishing = await startPublishBench({
        apiUrl: api.url,
        adminToken: env.ADMIN_TOKEN,
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
        } finally {
          await site.close();
        }
      }
      let publishCases: PublishCase[];
      try {
        publishCases = await publishing.runCases();
      } finally {
        await publishing.close();
      }
      results.push({
        products: size,
        publishCases,
        seedMs,
        build: { ...build, pagesPerSecond },
        filter,
        byHandle,
        search,
        staticUnderLoad,
      });
    } finally {
      await api.close();
    }
  } finally {
    work.remove();
  }
}

console.log(
  '\n| products | seed s | pages | build s | pages/s | pagefind s | peak memory GB (with the API) | filter p50/p95 ms | by handle p50/p95 ms |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.products} | ${(r.seedMs / 1000).toFixed(1)} | ${r.build.pages} | ${(r.build.astroMs / 1000).toFixed(1)} | ` +
      `${r.build.pagesPerSecond.toFixed(0)} | ${(r.build.pagefindMs / 1000).toFixed(1)} | ` +
      `${(r.build.peakBytes / 1e9).toFixed(2)} | ` +
      `${r.filter.p50Ms} / ${r.filter.p95Ms} | ${r.byHandle.p50Ms} / ${r.byHandle.p95Ms} |`,
  );
}
// Issue 5's named figure: the p95 of the results list's call (products/filter) at 100,000
// products, over the query mix above (words, part number, price range, vendor, deep page).
const at100k = results.find((r) => r.products === 100_000);
const figures = { apiFilterP95MsAt100k: at100k ? at100k.filter.p95Ms : null };
console.log(
  at100k
    ? `\nAPI filter p95 at 100,000 products: ${at100k.filter.p95Ms} ms`
    : '\nAPI filter p95 at 100,000 products: not measured (--sizes has no 100000)',
);

console.log(
  '\n| products | index MB | index files | indexing s | dropdown cold median/p95 ms | warm median/p95 ms | bytes/query cold / warm |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
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
console.log(
  '\n| products | serving | static p50/p95 ms, idle | static p50/p95 ms, API under filter load | filter calls/s |',
);
console.log('|---:|---|---:|---:|---:|');
for (const r of results) {
  for (const t of r.staticUnderLoad) {
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
for (const r of results) {
  for (const c of r.publishCases) {
    const t = c.timings ?? {};
    console.log(
      `| ${r.products} | ${c.name} | ${sec(c.liveMs)} | ${sec(c.publishMs)} | ` +
        `${sec(t.build)} / ${sec(t.search)} / ${sec(t.compress)} / ${sec(t.switch)} | ${c.rendered} of ${c.pages} |`,
    );
  }
}
writeResults({ seconds, concurrency, figures, results });
