import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../stack/api-process.ts';
import { buildSite, NGINX_DIR, type BuildReport } from '../../publisher/build-site.ts';
import { seedIfEmpty, temporaryDir } from '../../stack/stack.ts';
import { merchandiser } from '../../publisher/merchandiser-client.ts';
import { PRODUCT_PAGES } from '../../src/lib/catalog/collection-page.ts';
import { UNLISTED_FILE } from '../../src/lib/content/sitemap-xml.ts';
import { env } from '../../shared/env.ts';
import { newSecret } from '../../shared/merchandiser-token.ts';
import {
  manifestShards,
  SHARDS_FILE,
  shardCount,
  shardDir,
  shardOf,
} from '../../src/lib/search/pagefind-shards.ts';
import {
  collectionsPath,
  MANIFEST_FILE,
  SUGGEST_DIR,
  type SuggestCollection,
  type SuggestManifest,
} from '../../src/lib/search/suggest-format.ts';
import { PATHS_FILE, warmBuild, type WarmBuildReport } from '../../publisher/warm/release.ts';
import { filesUnder, SuiteFixture } from './tree.ts';
import type { WarmPath } from '../../publisher/warm/protocol.ts';
import { WarmRenderer } from '../../publisher/warm/renderer.ts';
import { KEPT_BUNDLE_DIR } from '../../src/integrations/parallel-prerender/index.ts';
import { storeConfig } from '../../src/lib/config/index.ts';
import { machinePath } from '../../src/lib/fitment/machine-path.ts';
import { BRANDS_SIDEBAR_LIMIT, topBrands } from '../../src/lib/catalog/brands-sidebar.ts';
import { articlePath, collectionPath, productPath } from '../../src/lib/routing/paths.ts';
import {
  assembleParts,
  includedParts,
  partPath,
  trailPart,
  type PagePart,
} from '../../src/lib/shell/shell-parts.ts';
import { feedCursor, onlyWarmChanges } from '../../publisher/feed.ts';
import type { MachineRecord } from '../../shared/contracts/machine-record.ts';

/**
 * "after a price change, a stock change, a new product, a deleted product
 * and a collection rename, no published page, sitemap entry or search record is stale (a
 * test compares an incremental publish with a clean full build of the same data)".
 *
 * One catalogue, four builds:
 *   A   full build, incremental cache X;
 *       rename a collection of the menus;
 *   B1  incremental (X): the rename changes the menus, a shell part published once
 *       (src/lib/shell/shell-parts.ts), and the trails of the collection's own products, so
 *       only those product pages are rendered again;
 *       change a price and a stock, add a product, delete a product;
 *   B   incremental (X) into a fresh directory: most product pages are restored from X;
 *   C   clean full build (fresh cache Y) of the same data.
 * B must equal C byte for byte. W publishes B's changes warm from B1, as the publisher does.
 * Then fitment (issue 31, item 11): a machine model renamed and a fitment row added to one
 * product, published warm from W (F); D is a clean full build of that data, which F equals.
 * The rename comes first so that B both reuses pages (the test cannot pass by rendering
 * everything) and covers it: a product page that B1 had wrongly restored with the old trail
 * would reach B from X and differ from C. Later phases (G to L) publish content, collection
 * and top-brand changes warm, each compared with a clean build.
 */

// Enough for the biggest collection to have a page past PRODUCT_PAGES (74 products: 4 pages).
/** This suite's merchandiser token (its API's and its builds'). */
const TOKEN = newSecret();
const PRODUCTS = 160;
// Small shards, so that the products' search index has several and a warm publish keeps some.
const SHARD_RECORDS = 20;
const SHARDS = shardCount(PRODUCTS, SHARD_RECORDS);
const NEW_NAME = 'Zephyr Lift Spares';
const NEW_PRICE = '4321.09';
const NEW_HANDLE = 'incremental-test-new-caster-zq-1';

interface Fixture {
  root: string;
  api: ApiProcess;
  renamed: { id: number; handle: string; oldTitle: string };
  /** The catalogue before the changes. */
  products: BulkProduct[];
  priced: BulkProduct;
  stocked: BulkProduct;
  deleted: BulkProduct;
  reports: {
    A: BuildReport;
    B1: BuildReport;
    B: BuildReport;
    C: BuildReport;
    D: BuildReport;
    E: BuildReport;
    I: BuildReport;
    K: BuildReport;
    M: BuildReport;
  };
  /** The top ten brands changed, published warm from J (L). */
  topBrands: { entering: string; leaving: string; moved: number; report: WarmBuildReport };
  /** A collection's own edits published warm (issue 33, item 9): H from G, then J from H. */
  collections: {
    warmable: boolean;
    /** The description changed and another collection saved unchanged. */
    edited: WarmBuildReport;
    /** The parent renamed. */
    renamed: WarmBuildReport;
    childPage: string;
    /** The nested collection's id and its parent's, the one renamed. */
    childId: number;
    parentId: number;
    description: string;
    newParentTitle: string;
  };
  warm: WarmBuildReport;
  /** The fitment changes published warm from W. */
  fitment: {
    report: WarmBuildReport;
    /** The renamed model's page and the page of the model the row was added to. */
    modelPages: [renamed: string, added: string];
    /** The product given a row, then every product fitting the renamed model. */
    productPages: [given: string, ...fitting: string[]];
    newName: string;
    /** The name of the model the row was added for. */
    addedName: string;
  };
  /** Content edited through the merchandiser API (issue 33, item 12), published warm from F. */
  content: {
    report: WarmBuildReport;
    /** Whether the publisher would publish the edits warm (publisher/feed.ts). */
    warmable: boolean;
    articlePage: string;
    oldTitle: string;
    newTitle: string;
  };
  /** The brand of the new product: the one with the most products. */
  topVendor: string;
  /** B1's paths and keys, as the warm publish compared with. */
  livePaths: WarmPath[];
  seconds: number;
}

const suite = new SuiteFixture<Fixture>();
const need = (): Fixture => suite.need();

/** The merchandiser API (docs/merchandiser-api.md) as the test's merchandiser. */
const admin = <T>(api: ApiProcess, method: string, path: string, body?: unknown) =>
  merchandiser(api.url, TOKEN, 'incremental test')<T>(method, `/api/admin${path}`, body);

interface NavNode {
  id: number;
  children: NavNode[];
}
interface BulkProduct {
  id: number;
  handle: string;
  vendor: string;
  Fitment?: { universal: boolean; rows: { modelId: number }[] };
  Collections: { id: number; handle: string }[];
  availableForSale: boolean;
  Variants: { id: number }[];
}
interface AdminCollection {
  id: number;
  handle: string;
  title: string;
  [field: string]: unknown;
}

const productPage = (outDir: string, handle: string) =>
  join(outDir, 'products', handle, 'index.html');

/**
 * The records of one Pagefind index (gzipped JSON after a signature): a products' shard in
 * pagefind/ or pagefind/shard-n/ (publisher/search-index.ts).
 */
async function searchRecords(indexDir: string): Promise<{ url: string; content: string }[]> {
  const dir = join(indexDir, 'fragment');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.pf_fragment'));
  return Promise.all(
    names.map(async (name) => {
      const text = gunzipSync(await readFile(join(dir, name))).toString('utf8');
      return JSON.parse(text.slice('pagefind_dcd'.length)) as { url: string; content: string };
    }),
  );
}

/** The records of every products' shard of a release. */
async function productRecords(outDir: string) {
  const dirs = Array.from({ length: SHARDS }, (_, shard) =>
    join(outDir, 'pagefind', shardDir(shard)),
  );
  return (await Promise.all(dirs.map(searchRecords))).flat();
}

/** The suggestion index of a release: its manifest, collections and every product shown. */
async function suggestIndex(outDir: string) {
  const read = async <T>(path: string) =>
    JSON.parse(await readFile(join(outDir, path), 'utf8')) as T;
  const manifest = await read<SuggestManifest>(join(SUGGEST_DIR, MANIFEST_FILE));
  const collections = await read<SuggestCollection[]>(collectionsPath(manifest.collections));
  const chunks = await readdir(join(outDir, SUGGEST_DIR, 'd'));
  const docs = await Promise.all(
    chunks
      .filter((name) => name.endsWith('.json'))
      .map((name) => read<[number, string][]>(join(SUGGEST_DIR, 'd', name))),
  );
  return { manifest, collections, urls: docs.flat().map(([, url]) => url) };
}

async function sitemapText(outDir: string): Promise<string> {
  const names = (await readdir(outDir)).filter((name) => /^sitemap-\d+\.xml$/.test(name));
  const texts = await Promise.all(names.map((name) => readFile(join(outDir, name), 'utf8')));
  return texts.join('\n');
}

/** The paths and keys a release was published with (PATHS_FILE). */
async function readPaths(outDir: string): Promise<WarmPath[]> {
  return JSON.parse(await readFile(join(outDir, PATHS_FILE), 'utf8')) as WarmPath[];
}

/**
 * A machine model renamed, and a row for another model added to a product that fits neither,
 * through the merchandiser API: the pages they concern, as the shopper's addresses.
 */
async function fitmentChanges(api: ApiProcess) {
  const get = async <T>(path: string, token?: string) =>
    (await (
      await fetch(new URL(path, api.url), {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
    ).json()) as T;
  const { models } = await get<{ models: MachineRecord[] }>(
    '/api/machines/models?page=0&limit=500',
  );
  const { products } = await get<{ products: BulkProduct[] }>(
    '/api/products/bulk?afterId=0&limit=500',
    TOKEN,
  );
  const fitting = (model: MachineRecord) =>
    products.filter((p) => p.Fitment?.rows.some((row) => row.modelId === model.id));
  // Models with a few parts: a page to change and products whose own pages name the model.
  const [renamed, added] = models
    .map((model) => ({ model, parts: fitting(model).length }))
    .filter(({ parts }) => parts >= 2)
    .sort((a, b) => a.parts - b.parts || a.model.id - b.model.id)
    .map(({ model }) => model);
  if (!renamed || !added) throw new Error('the seed has too few models with parts');
  const renamedParts = fitting(renamed);
  const part = products.find(
    (p) =>
      (p.Fitment?.rows.length ?? 0) > 0 &&
      !p.Fitment?.rows.some((row) => row.modelId === renamed.id || row.modelId === added.id),
  );
  if (!part) throw new Error('the seed has no product fitting other models only');

  const newName = `${renamed.name} Mk II`;
  await admin(api, 'PATCH', `/machines/models/${String(renamed.id)}`, { name: newName });
  const fitment = await admin<{ rows: Record<string, unknown>[] }>(
    api,
    'GET',
    `/products/${String(part.id)}/fitment`,
  );
  await admin(api, 'PATCH', `/products/${String(part.id)}/fitment`, {
    rows: [
      ...fitment.rows,
      { model: `${added.brandHandle}/${added.handle}`, position: 'load wheel', quantity: 2 },
    ],
  });
  const { machineBase, productBase } = storeConfig.theme.paths;
  const modelPage = (m: MachineRecord) => machinePath(machineBase, m.brandHandle, m.handle);
  const productPage = (p: BulkProduct) => productPath(productBase, p.handle);
  return {
    newName,
    addedName: added.name,
    modelPages: [modelPage(renamed), modelPage(added)] as [string, string],
    productPages: [productPage(part), ...renamedParts.map(productPage)] as [string, ...string[]],
  };
}

beforeAll(async () => {
  const started = performance.now();
  const temp = temporaryDir('incremental-build-');
  const root = temp.path;
  suite.cleanUp = () => Promise.resolve(temp.remove());
  const dataDir = join(root, 'data');
  seedIfEmpty(dataDir, PRODUCTS);
  const api = await startApiProcess({ dataDir, port: 0, env: { ADMIN_TOKEN: TOKEN } });
  suite.cleanUp = async () => {
    await api.close();
    temp.remove();
  };
  const build = (outDir: string, cacheDir: string, keepRenderer?: string) =>
    buildSite({
      apiUrl: api.url,
      outDir: join(root, outDir),
      cacheDir: join(root, cacheDir),
      quiet: true,
      searchShardRecords: SHARD_RECORDS,
      env: {
        ADMIN_TOKEN: TOKEN,
        ...(keepRenderer ? { BUILD_RENDERER_DIR: join(root, keepRenderer) } : {}),
      },
    });

  const A = await build('A', 'X');

  // The renamed collection: the top-level one of the menus with the fewest products, so that
  // most product pages change only through the shell (their own records are untouched).
  const nav = (await (
    await fetch(new URL('/api/nav?collectionUrlPrefix=/collections', api.url))
  ).json()) as {
    navData: NavNode[];
  };
  const bulk = await fetch(new URL('/api/products/bulk?afterId=0&limit=500', api.url), {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const products = ((await bulk.json()) as { products: BulkProduct[] }).products;
  const members = (id: number) => products.filter((p) => p.Collections.some((c) => c.id === id));
  const top = nav.navData
    .map((node) => ({ id: node.id, count: members(node.id).length }))
    .sort((a, b) => a.count - b.count || a.id - b.id)[0];
  if (!top) throw new Error('the seed has no menu');
  const collection = await admin<AdminCollection>(api, 'GET', `/collections/${top.id}`);
  await admin(api, 'PUT', `/collections/${top.id}`, { ...collection, title: NEW_NAME });
  const renamed = { id: top.id, handle: collection.handle, oldTitle: collection.title };

  const B1 = await build('B1', 'X', 'R');
  // The warm renderer of B1's kept bundle, as the publisher starts it after a full build: it
  // lists B1's paths and keys (the publisher keeps them in the release).
  const startRenderer = () =>
    WarmRenderer.start({
      rendererDir: join(root, 'R'),
      apiUrl: api.url,
      adminToken: TOKEN,
    });
  const first = await startRenderer();
  const livePaths = await first.paths().finally(() => first.close());

  // Three different products of one-variant kind outside the renamed collection, and a new
  // product in the first one's collections (so it becomes some pages' related product).
  const plain = products.filter(
    (p) =>
      p.Variants.length === 1 && p.availableForSale && !p.Collections.some((c) => c.id === top.id),
  );
  const [priced, stocked, deleted] = [plain[3], plain[10], plain[20]];
  if (!priced || !stocked || !deleted) throw new Error('the seed has too few simple products');
  await admin(api, 'PATCH', `/products/${priced.id}`, { price: Number(NEW_PRICE) });
  await admin(api, 'PATCH', `/products/${stocked.id}`, {
    variants: [
      {
        id: stocked.Variants[0]?.id,
        inventory: { availableQuantity: 0, bypassNegativeQuantity: false },
      },
    ],
  });
  // The new product is the biggest brand's: its count changes, and the sidebar lists it.
  const counts = new Map<string, number>();
  for (const p of products) counts.set(p.vendor, (counts.get(p.vendor) ?? 0) + 1);
  const topVendor = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'Prime-Mover';
  await admin(api, 'POST', '/products', {
    handle: NEW_HANDLE,
    title: 'Incremental Test Caster ZQ-1',
    vendor: topVendor,
    sku: 'ZQ-1',
    price: 19.5,
    collections: priced.Collections.map((c) => c.handle),
    variants: [{ title: 'Default Title', price: 19.5, inventory: { availableQuantity: 7 } }],
  });
  await admin(api, 'DELETE', `/products/${deleted.id}`);

  const B = await build('B', 'X');
  // W: the same changes published warm from B1 (publisher/warm), by a renderer
  // started afresh, as after the store restarted: its first request is the update.
  const renderer = await startRenderer();
  const warm = await warmBuild({
    renderer,
    live: join(root, 'B1'),
    outDir: join(root, 'W'),
    livePaths,
    site: env.SITE_URL,
    maxPages: 5000,
  }).finally(() => renderer.close());
  if ('tooMany' in warm) throw new Error(`the warm build wanted ${String(warm.tooMany)} pages`);
  const C = await build('C', 'Y');

  const changed = await fitmentChanges(api);
  // A warm publish of the live release `live` into `outDir`, by a renderer started afresh.
  const warmFrom = async (live: string, outDir: string) => {
    const renderer = await startRenderer();
    const report = await warmBuild({
      renderer,
      live: join(root, live),
      outDir: join(root, outDir),
      livePaths: await readPaths(join(root, live)),
      site: env.SITE_URL,
      maxPages: 5000,
    }).finally(() => renderer.close());
    if ('tooMany' in report) throw new Error(`${outDir} wanted ${String(report.tooMany)} pages`);
    return report;
  };
  const refitted = await warmFrom('W', 'F');
  const D = await build('D', 'Z');

  // G: an article renamed and a help answer rewritten through the merchandiser API, published
  // warm from F; E is a clean full build of that data.
  const cursor = (await feedCursor({ apiUrl: api.url, adminToken: TOKEN })).cursor;
  const { articles } = (await (await fetch(new URL('/api/articles', api.url))).json()) as {
    articles: { id: number; handle: string; title: string }[];
  };
  const { helpAnswers } = (await (await fetch(new URL('/api/helpAnswers', api.url))).json()) as {
    helpAnswers: { id: number }[];
  };
  const article = articles[0];
  const help = helpAnswers[0];
  if (!article || !help) throw new Error('the seed has no article or help answer');
  const newTitle = 'Choosing load wheels, revised for 2027';
  await admin(api, 'PATCH', `/articles/${String(article.id)}`, { title: newTitle });
  await admin(api, 'PATCH', `/help-answers/${String(help.id)}`, {
    bodyHtml: '<p>Returns within 60 days now.</p>',
  });
  const warmable = await onlyWarmChanges({ apiUrl: api.url, adminToken: TOKEN }, cursor);
  const edited = await warmFrom('F', 'G');
  const E = await build('E', 'V');

  // H: a collection's own edits published warm from G (issue 33, item 9): a nested
  // collection's description changed and another collection saved unchanged; I is a clean
  // full build of that. J: then the nested collection's parent renamed, published warm from
  // H (every page's menus change: at this size under the warm limit); K is its clean build.
  const collectionFeed = { apiUrl: api.url, adminToken: TOKEN };
  const hCursor = (await feedCursor(collectionFeed)).cursor;
  const { collections: all } = (await (
    await fetch(new URL('/api/collections?sortBy=id_asc&limit=500', api.url))
  ).json()) as { collections: { id: number; handle: string; parentId: number | null }[] };
  const child = all.find((c) => c.parentId !== null);
  const parent = all.find((c) => c.id === child?.parentId);
  const other = all.find((c) => c.id !== child?.id && c.id !== parent?.id);
  if (!child || !parent || !other) throw new Error('the seed has no nested collection');
  const record = (id: number) => admin<AdminCollection>(api, 'GET', `/collections/${String(id)}`);
  const description = '<p>Every wheel we stock, by size and tread.</p>';
  await admin(api, 'PUT', `/collections/${String(child.id)}`, {
    ...(await record(child.id)),
    descriptionHtml: description,
  });
  await admin(api, 'PUT', `/collections/${String(other.id)}`, await record(other.id));
  const collectionsWarm = await onlyWarmChanges(collectionFeed, hCursor);
  const H = await warmFrom('G', 'H');
  const I = await build('I', 'U');
  const parentRecord = await record(parent.id);
  const newParentTitle = 'Zenith Lift Parts';
  await admin(api, 'PUT', `/collections/${String(parent.id)}`, {
    ...parentRecord,
    title: newParentTitle,
  });
  const J = await warmFrom('H', 'J');
  const K = await build('K', 'T');

  // L: the sidebar's top ten brands change (issue 33, item 2): products of the tenth brand
  // move to the best brand outside the ten until it passes it, published warm from J; M is
  // its clean build.
  const topBrandsChange = await changeTopBrands(api);
  const L = await warmFrom('J', 'L');
  const M = await build('M', 'S');
  suite.set({
    root,
    api,
    renamed,
    products,
    priced,
    stocked,
    deleted,
    reports: { A, B1, B, C, D, E, I, K, M },
    topBrands: { ...topBrandsChange, report: L },
    collections: {
      warmable: collectionsWarm,
      edited: H,
      renamed: J,
      childPage: collectionPath(storeConfig.theme.paths.collectionBase, child.handle),
      childId: child.id,
      parentId: parent.id,
      description,
      newParentTitle,
    },
    warm,
    fitment: { report: refitted, ...changed },
    content: {
      report: edited,
      warmable,
      articlePage: articlePath(storeConfig.theme.paths.articleBase, article.handle),
      oldTitle: article.title,
      newTitle,
    },
    topVendor,
    livePaths,
    seconds: (performance.now() - started) / 1000,
  });
});

afterAll(async () => {
  const fixture = suite.built();
  if (fixture) {
    const counts = Object.entries(fixture.reports).map(
      ([name, r]) => `${name} ${r.rendered} rendered, ${r.reused} reused`,
    );
    const seconds = fixture.seconds.toFixed(1);
    const warm = (name: string, r: WarmBuildReport) =>
      `${name} ${r.rendered} rendered, ${r.written} written, ${r.removed} removed`;
    console.log(
      `incremental build test: fifteen builds in ${seconds} s (${counts.join('; ')}; ` +
        `${warm('W', fixture.warm)}; ${warm('F', fixture.fitment.report)}; ` +
        `${warm('G', fixture.content.report)}; ${warm('H', fixture.collections.edited)}; ` +
        `${warm('J', fixture.collections.renamed)}; ${warm('L', fixture.topBrands.report)})`,
    );
  }
  await suite.cleanUp();
});

/**
 * That the release `build` holds the files of the clean build `clean`, byte for byte. A warm
 * release also lists its paths and keys, for the warm publish after it. nginx's server.conf
 * names its own release by its real path (web/nginx-server-conf.ts): that path aside, it too
 * is the same.
 */
const SERVER_CONF = join(NGINX_DIR, 'server.conf');

/**
 * Moves products of the last of the sidebar's ten brands to the first brand outside them (or
 * a new brand) through the merchandiser API, until that brand has more: the ten change.
 */
async function changeTopBrands(api: ApiProcess) {
  const reply = await fetch(
    new URL('/api/products/vendors/fullDetail?page=0&limit=500&sortBy=PRODUCT_COUNT', api.url),
  );
  const { vendors } = (await reply.json()) as {
    vendors: { name: string; productCount: number }[];
  };
  const ranked = topBrands(vendors, vendors.length);
  const leaving = ranked[BRANDS_SIDEBAR_LIMIT - 1];
  if (!leaving) throw new Error('the seed has fewer than ten brands');
  const entering = ranked[BRANDS_SIDEBAR_LIMIT] ?? { name: 'Zenith Handling', productCount: 0 };
  const moved = Math.floor((leaving.productCount - entering.productCount) / 2) + 1;
  const bulk = await fetch(new URL('/api/products/bulk?afterId=0&limit=500', api.url), {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const products = ((await bulk.json()) as { products: BulkProduct[] }).products;
  const theirs = products.filter((p) => p.vendor === leaving.name).slice(0, moved);
  if (theirs.length < moved) throw new Error(`${leaving.name} has too few products to move`);
  for (const product of theirs) {
    await admin(api, 'PATCH', `/products/${String(product.id)}`, { vendor: entering.name });
  }
  return { entering: entering.name, leaving: leaving.name, moved };
}

/** A page of a release as the web servers send it: its shell parts filled in. */
async function served(release: string, file: string): Promise<string> {
  const page = await readFile(file, 'utf8');
  const parts = new Map<PagePart, string>();
  for (const part of includedParts(page))
    parts.set(part, await readFile(join(release, partPath(part)), 'utf8'));
  return assembleParts(page, parts);
}

async function expectSameFiles(build: string, clean: string): Promise<void> {
  const { root } = need();
  const [built, cleanFiles] = await Promise.all([
    filesUnder(join(root, build)).then((files) => files.filter((f) => f !== PATHS_FILE)),
    filesUnder(join(root, clean)),
  ]);
  expect(built).toEqual(cleanFiles);
  const differing: string[] = [];
  const read = async (release: string, file: string) => {
    const bytes = await readFile(join(root, release, file));
    if (file !== SERVER_CONF) return bytes;
    const own = await realpath(join(root, release));
    const text = bytes.toString('utf8');
    expect(text).toContain(`root "${own}";`);
    return Buffer.from(text.replaceAll(own, '{release}'));
  };
  for (const file of built) {
    const [b, c] = await Promise.all([read(build, file), read(clean, file)]);
    if (!b.equals(c)) differing.push(file);
  }
  expect(differing.slice(0, 20), `${differing.length} files differ`).toEqual([]);
}

describe('an incremental build after catalogue changes', () => {
  it('publishes a renamed menu collection in the menus once, not in every page', async () => {
    const { root, renamed, reports } = need();
    const { A, B1 } = reports;
    expect(A.reused).toBe(0);
    // Product pages outside the collection show it only through the menus part: kept.
    expect(B1.reused).toBeGreaterThanOrEqual(PRODUCTS / 2);
    for (const part of ['menus', 'search-categories'] as const) {
      const html = await readFile(join(root, 'B1', partPath(part)), 'utf8');
      expect(html).toContain(`>${NEW_NAME}<`);
      expect(html).not.toContain(`>${renamed.oldTitle}<`);
    }
  });

  it('reuses the product pages the later changes did not touch', () => {
    const { B, C } = need().reports;
    expect(C.reused).toBe(0);
    // 160 product pages; the four changes touch their own pages and a few neighbours each.
    expect(B.reused).toBeGreaterThanOrEqual(PRODUCTS / 2);
    expect(B.pages).toBe(C.pages);
  });

  it.each([
    ['B', 'C'],
    ['W', 'C'],
  ])(
    'writes the same files, byte for byte, as a clean full build of the same data (%s, %s)',
    (build, clean) => expectSameFiles(build, clean),
  );

  it('keeps each page once on disk: the cache links the release’s file, a reused page is the earlier one', async () => {
    const { root, products, priced, stocked, deleted, renamed } = need();
    const touched = new Set([priced.id, stocked.id, deleted.id]);
    const untouched = products.filter(
      (p) => !touched.has(p.id) && !p.Collections.some((c) => c.id === renamed.id),
    );
    const inode = async (path: string) => (await stat(path)).ino;
    let shared = 0;
    for (const product of untouched.slice(0, 20)) {
      const [a, b, cached] = await Promise.all([
        inode(productPage(join(root, 'A'), product.handle)),
        inode(productPage(join(root, 'B'), product.handle)),
        inode(productPage(join(root, 'X', 'dist'), product.handle)),
      ]);
      // Rendered again (a related product changed) or not, B's page is its cache copy.
      expect(cached).toBe(b);
      if (a === b) shared += 1;
    }
    // Most were not rendered again: the earlier release's file itself, not a copy of it.
    expect(shared).toBeGreaterThanOrEqual(10);
  });

  it('publishes the product changes warm: only the pages they touch are rendered', () => {
    const { warm, reports } = need();
    expect(warm.pages).toBe(reports.C.pages);
    // The four changes touch their own pages, their neighbours and lists; static pages without
    // a key render every time.
    expect(warm.rendered).toBeLessThan(reports.C.pages / 2);
    expect(warm.removed).toBe(1);
    expect(warm.sitemap).toBe(true);
    expect(warm.searchRecords).toBeGreaterThan(0);
  });

  it('keeps the content store beside the kept bundle as files, not inside its code', async () => {
    // patches/astro+7.3.5.patch: the bundle's store chunks are read at run time; as string
    // literals they were bundled, parsed and held by every process loading the bundle.
    const bundle = join(need().root, 'R', KEPT_BUNDLE_DIR);
    const store = await readdir(join(bundle, 'data-store'));
    expect(store.filter((name) => name.endsWith('.txt')).length).toBeGreaterThan(0);
    const chunks = (await readdir(join(bundle, 'chunks'))).filter((name) =>
      name.startsWith('_astro_data-layer-content-chunk'),
    );
    expect(chunks.length).toBeGreaterThan(0);
    for (const name of chunks)
      expect((await stat(join(bundle, 'chunks', name))).size, name).toBeLessThan(1024);
  });

  it('indexes again only the search shards whose products changed', async () => {
    const { root, priced, deleted, warm } = need();
    const manifest: unknown = JSON.parse(
      await readFile(join(root, 'W', 'pagefind', SHARDS_FILE), 'utf8'),
    );
    expect(manifestShards(manifest)).toBe(SHARDS);
    const changed = new Set(
      [priced.handle, deleted.handle, NEW_HANDLE].map((handle) =>
        shardOf(`/products/${handle}`, SHARDS),
      ),
    );
    expect(changed.size).toBeLessThan(SHARDS); // else the test proves nothing
    for (let shard = 0; shard < SHARDS; shard++) {
      const entry = join('pagefind', shardDir(shard), 'pagefind-entry.json');
      const [live, next] = await Promise.all(
        [join(root, 'B1'), join(root, 'W')].map((dir) => stat(join(dir, entry))),
      );
      // Kept shards are the live release's files (hard links); changed ones were written.
      expect(next?.ino === live?.ino, `shard ${String(shard)}`).toBe(!changed.has(shard));
    }
    expect(warm.searchRecords).toBeGreaterThan(0);
    expect(warm.searchRecords).toBeLessThan(PRODUCTS);
  });

  it("rewrites only the suggestion index's files that changed", async () => {
    const { root } = need();
    const files = (await readdir(join(root, 'W', SUGGEST_DIR), { recursive: true })).filter(
      (name) => name.endsWith('.json'),
    );
    let kept = 0;
    let written = 0;
    for (const name of files) {
      const live = join(root, 'B1', SUGGEST_DIR, name);
      const next = join(root, 'W', SUGGEST_DIR, name);
      const before = await readFile(live, 'utf8').catch(() => undefined);
      const same = before === (await readFile(next, 'utf8'));
      const [a, b] = await Promise.all([live, next].map((file) => stat(file).catch(() => null)));
      // A file with the live release's bytes is the live release's file (a hard link).
      expect(a != null && a.ino === b?.ino, name).toBe(same);
      if (same) kept++;
      else written++;
    }
    // Three products changed: the chunks of most products, and most collections, did not.
    expect(kept).toBeGreaterThan(written);
    expect(written).toBeGreaterThan(0);
  });

  it("keeps a collection's later pages, which load their products, when its products change", async () => {
    const { root, priced, deleted } = need();
    // The collections whose lists the new product (in the priced one's) and the deleted one
    // changed, and their pages past PRODUCT_PAGES.
    const changed = [...priced.Collections, ...deleted.Collections].map((c) => c.handle);
    const later: string[] = [];
    for (const handle of new Set(changed)) {
      const dir = join(root, 'W', 'collections', handle, 'page');
      const pages = await readdir(dir).catch(() => []);
      for (const page of pages.filter((n) => Number(n) > PRODUCT_PAGES))
        later.push(join('collections', handle, 'page', page, 'index.html'));
    }
    expect(later.length).toBeGreaterThan(0); // else the test proves nothing
    // Not rendered again: their keys did not change (a page rendered to the same bytes keeps
    // its file, so the files alone would not tell).
    const keys = (paths: readonly WarmPath[]) =>
      new Map(paths.map((path) => [path.pathname, path.cacheKey]));
    const [before, after] = [
      keys(need().livePaths),
      keys(JSON.parse(await readFile(join(root, 'W', PATHS_FILE), 'utf8')) as WarmPath[]),
    ];
    for (const file of later) {
      const pathname = `/${file.replace(/\/index\.html$/, '')}`;
      expect(after.get(pathname), pathname).toBeDefined();
      expect(after.get(pathname), pathname).toBe(before.get(pathname));
      const [live, next] = await Promise.all([
        stat(join(root, 'B1', file)),
        stat(join(root, 'W', file)),
      ]);
      expect(next.ino, file).toBe(live.ino);
      const html = await readFile(join(root, 'W', file), 'utf8');
      expect(html).toContain('aria-label="Loading products"');
      expect(html).not.toMatch(/href="\/products\/[^"]+"/);
    }
  });

  it('keeps the pages of the brands whose products did not change', async () => {
    const { root, priced, deleted, stocked, topVendor } = need();
    // Brand paths are listed with the name as it is (/brands/EP Equipment).
    const changed = new Set([priced.vendor, deleted.vendor, stocked.vendor, topVendor]);
    const keys = (paths: readonly WarmPath[]) =>
      new Map(paths.map((path) => [path.pathname, path.cacheKey]));
    const after = keys(
      JSON.parse(await readFile(join(root, 'W', PATHS_FILE), 'utf8')) as WarmPath[],
    );
    const kept = [...keys(need().livePaths)].filter(([pathname]) => {
      const brand = /^\/brands\/([^/]+)/.exec(pathname)?.[1];
      return brand !== undefined && !changed.has(brand);
    });
    expect(kept.length).toBeGreaterThan(0);
    for (const [pathname, key] of kept) expect(after.get(pathname), pathname).toBe(key);
  });

  it('leaves the release it started from as it was', async () => {
    const { root, priced, deleted } = need();
    const B1 = join(root, 'B1');
    // The sitemap was written again, and the list of pages it leaves out replaced, not
    // written through the hard link both releases started with.
    const [liveUnlisted, nextUnlisted] = await Promise.all(
      [B1, join(root, 'W')].map((dir) => stat(join(dir, UNLISTED_FILE))),
    );
    expect(nextUnlisted?.ino).not.toBe(liveUnlisted?.ino);
    const html = await readFile(productPage(B1, priced.handle), 'utf8');
    expect(html).not.toContain(`data-price="${NEW_PRICE}"`);
    expect((await readdir(join(B1, 'products'))).includes(deleted.handle)).toBe(true);
    expect(await sitemapText(B1)).toContain(`/products/${deleted.handle}/`);
  });

  it("shows the renamed collection's new name on every product page", async () => {
    const { root, renamed, deleted } = need();
    const handles = (await readdir(join(root, 'B', 'products'))).sort();
    expect(handles).toContain(NEW_HANDLE);
    expect(handles).not.toContain(deleted.handle);
    expect(handles).toHaveLength(PRODUCTS); // one deleted, one added
    const stale: string[] = [];
    for (const handle of handles) {
      // As a shopper gets it: with the release's shell parts filled in.
      const html = await served(join(root, 'B'), productPage(join(root, 'B'), handle));
      // Menu links carry the title as text; the old title may be in a product's own text.
      if (!html.includes(`>${NEW_NAME}<`) || html.includes(`>${renamed.oldTitle}<`))
        stale.push(handle);
    }
    expect(stale).toEqual([]);
    const { collections } = await suggestIndex(join(root, 'B'));
    const record = collections.find((r) => r.url === `/collections/${renamed.handle}`);
    expect(record?.title).toBe(NEW_NAME);
  });

  it("has no page, sitemap entry or search record of the deleted product, and has the new one's", async () => {
    const { root, deleted } = need();
    const B = join(root, 'B');
    const sitemapUrls = [...(await sitemapText(B)).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1] ?? '').pathname,
    );
    expect(sitemapUrls).not.toContain(`/products/${deleted.handle}/`);
    expect(sitemapUrls).toContain(`/products/${NEW_HANDLE}/`);
    const urls = (await productRecords(B)).map((record) => record.url);
    expect(urls).not.toContain(`/products/${deleted.handle}`);
    expect(urls).toContain(`/products/${NEW_HANDLE}`);
    const suggested = (await suggestIndex(B)).urls;
    expect(suggested).not.toContain(`/products/${deleted.handle}`);
    expect(suggested).toContain(`/products/${NEW_HANDLE}`);
    const handles = await readFile(join(B, 'product-handles.txt'), 'utf8');
    expect(handles.split('\n')).not.toContain(deleted.handle);
  });

  it('shows the new price and the sold-out stock on their pages', async () => {
    const { root, priced, stocked } = need();
    const pricedHtml = await readFile(productPage(join(root, 'B'), priced.handle), 'utf8');
    expect(pricedHtml).toContain(`data-price="${NEW_PRICE}"`);
    expect(pricedHtml).toContain(`"price":"${NEW_PRICE}"`);
    // Sold out between B1 and B: the structured data says so.
    const [before, after] = await Promise.all([
      readFile(productPage(join(root, 'B1'), stocked.handle), 'utf8'),
      readFile(productPage(join(root, 'B'), stocked.handle), 'utf8'),
    ]);
    expect(before).toContain('"availability":"https://schema.org/InStock"');
    expect(after).toContain('"availability":"https://schema.org/OutOfStock"');
  });
});

describe('a fitment change published warm (issue 31, item 11)', () => {
  it('renders the pages of the product given a row, the renamed model, its parts and the model added, no other', async () => {
    const { root, fitment } = need();
    const before = new Map(
      (await readPaths(join(root, 'W'))).map((path) => [path.pathname, path.cacheKey]),
    );
    const after = await readPaths(join(root, 'F'));
    expect(after.map((path) => path.pathname).sort()).toEqual([...before.keys()].sort());
    const keyed = after.filter((path) => path.cacheKey !== undefined);
    const changed = keyed.filter((path) => before.get(path.pathname) !== path.cacheKey);
    // Not the collection and brand pages, nor the product pages showing these as related
    // cards: a card shows no machine (cache-key.ts, listedDigest).
    expect(changed.map((path) => path.pathname).sort()).toEqual(
      [...fitment.modelPages, ...fitment.productPages].sort(),
    );
    // Pages whose route gives no key are rendered on every publish.
    expect(fitment.report.rendered).toBe(changed.length + after.length - keyed.length);
    expect(fitment.report.removed).toBe(0);
  });

  it('writes the same files, byte for byte, as a clean full build of the same data', () =>
    expectSameFiles('F', 'D'));

  it("shows the model's new name on its page and on the pages of the parts that fit it", async () => {
    const { root, fitment } = need();
    const [modelPage] = fitment.modelPages;
    const [given, ...parts] = fitment.productPages;
    const html = (release: string, pathname: string) =>
      readFile(join(root, release, pathname, 'index.html'), 'utf8');
    const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(await html('F', modelPage))?.[1];
    expect(heading).toBe(`Parts for the ${fitment.newName}`);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    // Their 'Fits these machines' tables (not toContain, which prints the page when it fails).
    for (const part of parts) {
      expect((await html('F', part)).includes(fitment.newName), part).toBe(true);
    }
    expect((await html('F', given)).includes(fitment.addedName)).toBe(true);
    // The live release is as it was.
    expect((await html('W', modelPage)).includes(fitment.newName)).toBe(false);
    expect((await html('W', given)).includes(fitment.addedName)).toBe(false);
  });
});

describe('a content edit through the merchandiser API, published warm (issue 33, item 12)', () => {
  it('is in the change feed as a change the warm publish follows, not a full build', () => {
    expect(need().content.warmable).toBe(true);
  });

  it('renders far fewer pages than a full build, and the article with its new title', async () => {
    const { root, content, reports } = need();
    expect(content.report.rendered).toBeLessThan(reports.E.pages / 2);
    const page = (release: string) =>
      readFile(join(root, release, content.articlePage, 'index.html'), 'utf8');
    expect((await page('G')).includes(content.newTitle)).toBe(true);
    // The live release is as it was.
    expect((await page('F')).includes(content.newTitle)).toBe(false);
  });

  it('writes the same files, byte for byte, as a clean full build of the same data', () =>
    expectSameFiles('G', 'E'));
});

describe('a change of the top ten brands published warm (issue 33, item 2)', () => {
  it('renders the sidebar part once, not the catalogue pages that show it', async () => {
    const { root, topBrands: change, reports } = need();
    // The moved products' own pages and lists, the two brands' pages, the unkeyed pages.
    expect(change.report.rendered).toBeLessThan(reports.M.pages / 4);
    const sidebar = (release: string) => readFile(join(root, release, partPath('sidebar')), 'utf8');
    const link = (name: string) => `>${name}</a>`;
    expect(await sidebar('J')).toContain(link(change.leaving));
    expect(await sidebar('J')).not.toContain(link(change.entering));
    expect(await sidebar('L')).toContain(link(change.entering));
    expect(await sidebar('L')).not.toContain(link(change.leaving));
  });

  it('writes the same files, byte for byte, as a clean full build (L, M)', () =>
    expectSameFiles('L', 'M'));
});

describe("a collection's own edits published warm (issue 33, item 9)", () => {
  it('are changes the warm publish follows', () => {
    expect(need().collections.warmable).toBe(true);
  });

  it('render the pages that show the description, not every page', async () => {
    const { root, collections, content } = need();
    // As many as an edit that touches a page or two: the pages without a key render every time.
    expect(collections.edited.rendered).toBeLessThanOrEqual(content.report.rendered + 5);
    const page = (release: string) =>
      readFile(join(root, release, collections.childPage, 'index.html'), 'utf8');
    expect((await page('H')).includes(collections.description)).toBe(true);
    expect((await page('G')).includes(collections.description)).toBe(false);
  });

  it('write the same files, byte for byte, as a clean full build (H, I)', () =>
    expectSameFiles('H', 'I'));

  it("publish a parent's new name warm into the menus and its pages' trails, as a clean build (J, K)", async () => {
    const { root, collections, reports } = need();
    await expectSameFiles('J', 'K');
    // The menus, the sidebar and the search box's categories are parts, and so is each
    // collection's trail on its products' pages: the rename renders the pages that show the
    // parent itself (its and its children's pages, their trail parts), not its products'.
    expect(collections.renamed.rendered).toBeLessThan(reports.K.pages / 2);
    const before = new Map(
      (await readPaths(join(root, 'H'))).map((path) => [path.pathname, path.cacheKey]),
    );
    const changed = (await readPaths(join(root, 'J')))
      .filter((path) => path.cacheKey !== undefined && before.get(path.pathname) !== path.cacheKey)
      .map((path) => path.pathname);
    expect(changed.filter((path) => path.startsWith('/products/'))).toEqual([]);
    expect(changed).toEqual(
      expect.arrayContaining([
        `/shell-parts/trail/${String(collections.parentId)}/crumbs`,
        `/shell-parts/trail/${String(collections.childId)}/ld`,
      ]),
    );
    const trail = await readFile(
      join(root, 'J', partPath(trailPart(collections.childId, 'crumbs'))),
      'utf8',
    );
    expect(trail.includes(`>${collections.newParentTitle}<`)).toBe(true);
    const html = await readFile(join(root, 'J', collections.childPage, 'index.html'), 'utf8');
    expect(html.includes(collections.newParentTitle)).toBe(true);
    const menus = await readFile(join(root, 'J', partPath('menus')), 'utf8');
    expect(menus.includes(`>${collections.newParentTitle}<`)).toBe(true);
  });
});
