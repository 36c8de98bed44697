import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { storeConfig } from '../shared/store-config.ts';
import { merchandiser, withoutIds } from '../publisher/merchandiser-client.ts';
import type { Publisher } from '../publisher/publisher.ts';
import { openStorePublisher } from '../publisher/store-publisher.ts';
import { env } from '../shared/env.ts';
import { newSecret } from '../shared/merchandiser-token.ts';
import { startSiteProcess } from '../stack/site-process.ts';
import type { PublishRecord } from '../publisher/types.ts';
import { BRANDS_SIDEBAR_LIMIT, topBrands } from '../src/lib/catalog/brands-sidebar.ts';
import { escapeHtml } from '../shared/format/escape-html.ts';
import { releaseDir, rollbackTarget, type PublishLayout } from '../publisher/releases.ts';
import { runLoad, summarize, type LoadSummary } from './load.ts';

/** One case of issue 12 item 4, timed from the merchandiser's API call to the page served. */
export interface PublishCase {
  name: string;
  /** From the change's API call until the served site shows it. */
  liveMs: number;
  /** The publish alone, and its phases. */
  publishMs: number;
  timings: PublishRecord['timings'];
  rendered: number;
  pages: number;
  /** Whether the warm renderer published it or a full build (publisher/warm). */
  mode: PublishRecord['mode'];
}

/** The cases and what issue 33 measures around them. */
export interface PublishFigures {
  cases: PublishCase[];
  /**
   * Issue 33, item 7: shoppers' static pages (SHOPPER_PATHS, SHOPPERS at once) from the Node
   * web server in its own process beside the publisher's (npm start's topology), idle and
   * during the warm publish of LOADED_CASE; undefined when that case did not run.
   */
  shoppers: { idle: LoadSummary; during: LoadSummary; duringCase: string } | undefined;
  /** Issue 33, item 5: a product page as the web server sends it, and gzipped as nginx does. */
  productPage: { path: string; bytes: number; gzipBytes: number };
  /** Issue 33, item 6: the live release, one to roll back to and the incremental cache. */
  diskBytes: number;
}

export interface PublishBench {
  /** The first publish: a full build. */
  first: PublishRecord;
  /** The live site (a symlink to the live release). */
  liveDir: string;
  /** Makes the changes of issue 12 item 4 one by one (or those named), each published and timed. */
  runCases: (only?: readonly string[]) => Promise<PublishFigures>;
  close: () => Promise<void>;
}

/** Shoppers requesting pages at once while a publish runs (issue 33, item 7). */
const SHOPPERS = 4;
/** The warm publish the shoppers' load runs beside. */
const LOADED_CASE = 'price change';
/** nginx's gzip_comp_level (web/nginx-server-conf.ts): what a product page weighs on the wire. */
const NGINX_GZIP_LEVEL = 5;

const { productBase } = storeConfig.theme.paths;

/**
 * Publish latency: a first, full publish, then a price change, a stock
 * change, a new product, a deleted product, a collection rename and a change of the top ten
 * brands (issue 33, items 1 and 2), each made through the
 * merchandiser API and published; each is timed until the Node server over the live
 * release answers with the change.
 */
export async function startPublishBench({
  apiUrl,
  adminToken,
  workDir,
  log = () => {},
}: {
  apiUrl: string;
  adminToken: string;
  workDir: string;
  log?: (line: string) => void;
}): Promise<PublishBench> {
  const layout = { publishDir: join(workDir, 'publish'), liveDir: join(workDir, 'dist') };
  // As the store publishes: product changes through the warm renderer (publisher/warm).
  const publisher = await openStorePublisher({
    layout,
    feed: { apiUrl, adminToken },
    cacheDir: join(workDir, 'cache'),
    buildEnv: { ADMIN_TOKEN: adminToken },
    site: env.SITE_URL,
    warmMaxPages: env.PUBLISH_WARM_MAX_PAGES,
    log,
  });
  const admin = merchandiser(apiUrl, adminToken, 'bench');
  const first = await publisher.publishNow({ trigger: 'cli', actor: 'bench' });
  if (first.state === 'failed') {
    await publisher.close();
    throw new Error(first.error);
  }
  log(`first publish: ${String(first.counts?.pages)} pages in ${seconds(first.durationMs)} s`);

  const runCases = async (only?: readonly string[]): Promise<PublishFigures> => {
    // The web server in its own process, as `npm start` runs it (stack/site-process.ts).
    const site = await startSiteProcess({
      distDir: layout.liveDir,
      dataDir: workDir,
      apiUrl,
      port: 0,
      proxySecret: newSecret(),
      trustedRanges: [],
      adminPublic: false,
    });
    const page = async (path: string) => {
      const response = await fetch(new URL(path, site.url));
      return { status: response.status, text: await response.text() };
    };
    const cases = await changeCases(apiUrl, admin, page);
    const results: PublishCase[] = [];
    let shoppers: PublishFigures['shoppers'];
    try {
      const paths = await shopperPaths(apiUrl);
      const productPage = await pageWeight(
        page,
        paths.find((path) => path.startsWith(productBase)),
      );
      const urls = paths.map((path) => new URL(path, site.url).href);
      const idle = summarize(await runLoad(urls, { concurrency: SHOPPERS, seconds: 10 }), 10);
      for (const change of cases) {
        if (only && !only.includes(change.name)) continue;
        const loaded = change.name === LOADED_CASE ? loadDuring(urls) : undefined;
        const result = await timeCase(publisher, change).finally(() => loaded?.stop.abort());
        if (loaded) {
          const during = summarize(
            await loaded.result,
            (performance.now() - loaded.started) / 1000,
          );
          shoppers = { idle, during, duringCase: change.name };
          log(
            `static p95 during the ${change.name}: ${String(during.p95Ms)} ms, idle ${String(idle.p95Ms)} ms`,
          );
        }
        log(
          `${result.name}: live in ${seconds(result.liveMs)} s, ${result.mode ?? 'full'} ` +
            `(${String(result.rendered)} of ${String(result.pages)} pages rendered)`,
        );
        results.push(result);
      }
      await publisher.settled();
      return {
        cases: results,
        shoppers,
        productPage,
        diskBytes: await storeDisk(layout, join(workDir, 'cache')),
      };
    } finally {
      await site.close();
    }
  };
  return { first, liveDir: layout.liveDir, runCases, close: () => publisher.close() };
}

/** What shoppers load: the home page, product pages the cases leave alone, a collection. */
async function shopperPaths(apiUrl: string): Promise<string[]> {
  const { products } = (await (await fetch(new URL('/api/products?limit=8', apiUrl))).json()) as {
    products: { handle: string }[];
  };
  const { collections } = (await (
    await fetch(new URL('/api/collections?limit=1', apiUrl))
  ).json()) as { collections: { handle: string }[] };
  return [
    '/',
    // The first three are the cases' own (changeCases).
    ...products.slice(3).map(({ handle }) => `${productBase}/${handle}`),
    ...collections.map(({ handle }) => `${storeConfig.theme.paths.collectionBase}/${handle}`),
  ];
}

/** A page as the server sends it (its shell parts filled in), and gzipped as nginx sends it. */
async function pageWeight(page: Page, path: string | undefined) {
  if (!path) throw new Error('The catalogue has too few products.');
  const { status, text } = await page(path);
  if (status !== 200) throw new Error(`${path} answered ${String(status)}`);
  return {
    path,
    bytes: Buffer.byteLength(text),
    gzipBytes: gzipSync(text, { level: NGINX_GZIP_LEVEL }).length,
  };
}

/** The shoppers' load, kept up until `stop` is aborted (at most 120 s). */
function loadDuring(urls: string[]) {
  const stop = new AbortController();
  const started = performance.now();
  const result = runLoad(urls, { concurrency: SHOPPERS, seconds: 120, signal: stop.signal });
  return { stop, started, result };
}

/**
 * What the store keeps on disk (issue 33, item 6): the live release, the one a rollback would
 * go back to and the incremental cache. One `du` over all three counts a file that releases
 * share by hard link (publisher/warm/link-tree.ts) once; blocks, not apparent sizes.
 */
async function storeDisk(layout: PublishLayout, cacheDir: string): Promise<number> {
  const previous = await rollbackTarget(layout);
  const dirs = [
    realpathSync(layout.liveDir),
    ...(previous ? [releaseDir(layout, previous)] : []),
    cacheDir,
  ];
  const out = execFileSync('du', ['-s', '-c', '-B1', '--', ...dirs], { encoding: 'utf8' });
  const total = /^(\d+)\s+total$/m.exec(out)?.[1];
  if (!total) throw new Error(`du said: ${out}`);
  return Number(total);
}

/** One change of issue 12 item 4: how to make it, and how the served site shows it. */
interface ChangeCase {
  name: string;
  change: () => Promise<unknown>;
  visible: () => Promise<boolean>;
}

type Admin = ReturnType<typeof merchandiser>;
type Page = (path: string) => Promise<{ status: number; text: string }>;

/** The changes, on the catalogue's first products and collection. */
async function changeCases(apiUrl: string, admin: Admin, page: Page): Promise<ChangeCase[]> {
  const cards = (await (await fetch(new URL('/api/products?limit=3', apiUrl))).json()) as {
    products: { id: number; handle: string; price: number }[];
  };
  const [priced, stocked, deleted] = cards.products;
  if (!priced || !stocked || !deleted) throw new Error('The catalogue has too few products.');
  const template = await admin('GET', `/api/admin/products/${String(priced.id)}`);
  const top = (await (await fetch(new URL('/api/collections?limit=1', apiUrl))).json()) as {
    collections: { id: number; title: string; handle: string }[];
  };
  const renamed = top.collections[0];
  if (!renamed) throw new Error('The catalogue has no collection.');
  const newPrice = Math.round(priced.price * 100 + 1_01) / 100;
  let brandsChange: { entering: string; leaving: string } | undefined;
  const stockStamp = Date.now().toString(36);

  return [
    {
      name: 'price change',
      change: () => admin('PATCH', `/api/admin/products/${String(priced.id)}`, { price: newPrice }),
      visible: async () =>
        (await page(`${productBase}/${priced.handle}`)).text.includes(
          `data-price="${String(newPrice)}"`,
        ),
    },
    {
      name: 'stock change',
      change: async () => {
        const product = await admin<{ variants: { id: number }[] }>(
          'GET',
          `/api/admin/products/${String(stocked.id)}`,
        );
        return admin('PATCH', `/api/admin/products/${String(stocked.id)}/inventory`, {
          variantId: product.variants[0]?.id,
          availableQuantity: 0,
        });
      },
      visible: async () =>
        (await page(`${productBase}/${stocked.handle}`)).text.includes('OutOfStock'),
    },
    {
      name: 'new product',
      change: () =>
        admin('POST', '/api/admin/products', {
          ...withoutIds(template),
          handle: `bench-new-${stockStamp}`,
          title: `Bench New Part ${stockStamp}`,
          sku: `BENCH-${stockStamp}`,
          productCode: `BENCH-${stockStamp}`,
        }),
      visible: async () => (await page(`${productBase}/bench-new-${stockStamp}`)).status === 200,
    },
    {
      name: 'deleted product',
      change: () => admin('DELETE', `/api/admin/products/${String(deleted.id)}`),
      visible: async () => (await page(`${productBase}/${deleted.handle}`)).status === 404,
    },
    {
      name: 'collection rename',
      change: async () => {
        const path = `/api/admin/collections/${String(renamed.id)}`;
        const collection = await admin('GET', path);
        return admin('PUT', path, { ...collection, title: `${renamed.title} Renamed` });
      },
      visible: async () => (await page('/')).text.includes(`${renamed.title} Renamed`),
    },
    {
      // Issue 33, item 2: products of the tenth brand move to the eleventh until it passes
      // it, as a merchandiser's corrections of a brand would: the sidebar's ten change.
      name: 'top brands change',
      change: async () => {
        brandsChange = await overtakeTenthBrand(apiUrl, admin);
      },
      visible: async () => {
        const entering = brandsChange?.entering;
        const collection = top.collections[0];
        if (!entering || !collection) return false;
        const sidebar = (await page(`/collections/${collection.handle}`)).text;
        return sidebar.includes(`>${escapeHtml(entering)}</a>`);
      },
    },
  ];
}

/**
 * Moves products of the tenth of the sidebar's brands to the eleventh through the merchandiser
 * API until the eleventh has more (topBrands), in a few calls of up to 200 products each.
 */
async function overtakeTenthBrand(apiUrl: string, admin: Admin) {
  const reply = await fetch(
    new URL('/api/products/vendors/fullDetail?page=0&limit=20&sortBy=PRODUCT_COUNT', apiUrl),
  );
  const { vendors } = (await reply.json()) as {
    vendors: { name: string; productCount: number }[];
  };
  const ranked = topBrands(vendors, vendors.length);
  const leaving = ranked[BRANDS_SIDEBAR_LIMIT - 1];
  const entering = ranked[BRANDS_SIDEBAR_LIMIT];
  if (!leaving || !entering) throw new Error('The catalogue has eleven brands or fewer.');
  let left = Math.floor((leaving.productCount - entering.productCount) / 2) + 1;
  while (left > 0) {
    const found = (await (
      await fetch(
        new URL(
          `/api/products/filter?vendor=${encodeURIComponent(leaving.name)}&limit=${String(Math.min(left, 200))}`,
          apiUrl,
        ),
      )
    ).json()) as { products: { id: number }[] };
    if (found.products.length === 0) throw new Error(`${leaving.name} ran out of products.`);
    for (const product of found.products)
      await admin('PATCH', `/api/admin/products/${String(product.id)}`, {
        vendor: entering.name,
      });
    left -= found.products.length;
  }
  return { entering: entering.name, leaving: leaving.name };
}

/** Makes one change, publishes it and times it until the served page shows it. */
async function timeCase(
  publisher: Publisher,
  { name, change, visible }: ChangeCase,
): Promise<PublishCase> {
  // Each change is made on a store at rest, as a merchandiser's single change is: the copy
  // of the live release the warm publish starts from is made after each switch, in
  // about 15 s at 100,000 products, and a publish that follows sooner waits for it.
  await publisher.settled();
  const started = performance.now();
  await change();
  const record = await publisher.publishNow({ trigger: 'api', actor: 'bench' });
  if (record.state === 'failed') throw new Error(`${name}: ${record.error ?? ''}`);
  // Live once the switch is done; a page that still lacks the change is a bug, not a wait.
  const published = performance.now();
  while (!(await visible())) {
    if (performance.now() - published > 10_000)
      throw new Error(`${name}: published, but the served page does not show it`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name,
    liveMs: Math.round(performance.now() - started),
    publishMs: record.durationMs ?? 0,
    timings: record.timings,
    rendered: record.counts?.rendered ?? 0,
    pages: record.counts?.pages ?? 0,
    mode: record.mode,
  };
}

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(1);
