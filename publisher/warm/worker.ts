// The warm renderer's thread (./renderer.ts): Astro's prerender bundle of the last full build,
// kept loaded with its content store between publishes. A publish brings the store's products
// up to date from the change feed, lists every path with its key, and renders only those
// whose key changed.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import xxhash from 'xxhash-wasm';
import { forgetBuildMemos } from '../../src/data/build-memo.ts';
import { loadPrerenderBundle } from '../../src/integrations/parallel-prerender/bundle.ts';
import { loadContentModule } from '../../src/integrations/parallel-prerender/content-store.ts';
import {
  KEPT_BUNDLE_DIR,
  KEPT_SETUP_FILE,
  type KeptSetup,
} from '../../src/integrations/parallel-prerender/index.ts';
import type { WorkerSetup } from '../../src/integrations/parallel-prerender/protocol.ts';
import { routeKey } from '../../src/integrations/parallel-prerender/protocol.ts';
import { readApiList } from '../../src/loaders/api-list-loader.ts';
import { listSources } from '../../src/loaders/list-sources.ts';
import { syncProducts, type SyncTarget } from '../../src/loaders/products-loader.ts';
import type { WarmPath, WarmReply, WarmRequest, WarmWorkerData } from './protocol.ts';
import { lowerThisThread } from '../priority.ts';

if (!parentPort) throw new Error('The warm renderer runs only as a worker thread.');
const port = parentPort;
// This thread renders a warm publish's pages in the process that may serve the site itself
// (npm start): it runs below that process's other threads (issue 33, item 7).
lowerThisThread();
const post = (message: WarmReply, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);
const data = workerData as WarmWorkerData;

const kept = JSON.parse(
  readFileSync(join(data.rendererDir, KEPT_SETUP_FILE), 'utf8'),
) as Partial<KeptSetup> & WorkerSetup;
// React in the mode the bundle was built in, set before the bundle loads it: production under
// astro build (twice the speed of React's development build, which the store's own process
// may be running in), and a test build's jsxDEV calls need the development one.
process.env['NODE_ENV'] = kept.nodeEnv ?? 'production';
// The entry as it is now: the kept directory was renamed into place after the build wrote it.
const entry = basename(fileURLToPath(kept.entryUrl));
const setup: WorkerSetup = {
  ...kept,
  entryUrl: pathToFileURL(join(data.rendererDir, KEPT_BUNDLE_DIR, entry)).href,
};
const bundle = await loadPrerenderBundle(setup, (event) => {
  if (event.level === 'error' || event.level === 'warn')
    post({ type: 'log', message: event.message });
});
const hasher = await xxhash();
/** Astro's generateDigest (astro/dist/content/content-layer.js): the same digests as a build. */
const digest = (record: Record<string, unknown>) => hasher.h64ToString(JSON.stringify(record));

/** The content store's collections as the bundle holds them (patches/astro+7.3.5.patch). */
type Entry = { id: string; data: unknown; digest?: string | number };
type Collections = Map<string, Map<string, unknown>>;
const STORE = Symbol.for('astro.contentStore');

/** The bundle's content store singleton, as the patch exposes it (its `get` loads the store). */
type StoreGlobal = { get(): Promise<{ collections(): Collections }> };
const storeGlobal = () => (globalThis as Record<symbol, StoreGlobal | undefined>)[STORE];

async function collections(): Promise<Collections> {
  // The singleton is made when the bundle's content module loads, which pages do lazily.
  if (!storeGlobal()) await importContentModule();
  const store = storeGlobal();
  if (!store) throw new Error('The kept bundle does not expose its content store (patches/).');
  return (await store.get()).collections();
}

/** Loads the bundle's content module, which makes the store's singleton. */
async function importContentModule() {
  await loadContentModule(join(data.rendererDir, KEPT_BUNDLE_DIR));
}

async function paths(): Promise<WarmPath[]> {
  const all = await new StaticPaths(bundle.app as never).getAll();
  return all.map(({ pathname, route, cacheKey }) => ({
    pathname,
    route: routeKey(route),
    cacheKey,
  }));
}

/** The products loader's own sync (src/loaders/products-loader.ts) over the bundle's store. */
async function syncTarget(): Promise<SyncTarget> {
  const all = await collections();
  const products = all.get('products') as Map<string, Entry> | undefined;
  if (!products) throw new Error('The kept build has no products collection.');
  let meta = all.get('meta:products') as Map<string, string> | undefined;
  if (!meta) {
    meta = new Map();
    all.set('meta:products', meta);
  }
  const metaMap = meta;
  return {
    get: (id) => products.get(id),
    // The entry as Astro's store.set makes it for a record without body or assets.
    set: ({ id, data: record, digest }) => products.set(id, { id, data: record, digest }),
    delete: (id) => products.delete(id),
    keys: () => [...products.keys()],
    getMeta: (key) => metaMap.get(key),
    setMeta: (key, value) => metaMap.set(key, value),
    digest,
    warn: (message) => post({ type: 'log', message }),
    info: () => {},
  };
}

/**
 * A collection in the order a build's store has it: Astro writes each collection sorted by id
 * (astro/dist/content/data-store-writer.js, sortCollections), and pages list records in store
 * order (the search records, for one).
 */
function sortById(all: Collections, name: string) {
  const entries = all.get(name);
  if (!entries) return;
  const sorted = [...entries.entries()].sort(([a], [b]) => a.localeCompare(b));
  entries.clear();
  for (const [id, entry] of sorted) entries.set(id, entry);
}

/**
 * The collections a build reads whole (collections with their product counts, the menus,
 * articles, questions...) read again, as the build's loaders read them: they are small, and
 * some change with the products (a collection's count) or outside the change feed.
 */
async function readLists() {
  const all = await collections();
  for (const [name, { source, schema }] of Object.entries(listSources())) {
    const fresh = new Map<string, Entry>();
    await readApiList(data.apiUrl, source, schema, {
      set: (entry) => fresh.set(entry.id, entry),
      clear: () => fresh.clear(),
      digest,
      warn: (message) => post({ type: 'log', message }),
    });
    const entries = all.get(name) ?? new Map<string, unknown>();
    all.set(name, entries);
    entries.clear();
    for (const [id, entry] of fresh) entries.set(id, entry);
    sortById(all, name);
  }
}

async function update() {
  const target = await syncTarget();
  const before = new Set(target.keys());
  const result = await syncProducts(data.apiUrl, target, { token: data.adminToken });
  if (target.keys().some((id) => !before.has(id))) sortById(await collections(), 'products');
  await readLists();
  // Every lookup made from the old store (src/data) and every route's getStaticPaths.
  forgetBuildMemos();
  bundle.app.routeCache?.clearAll();
  return {
    cursor: result.cursor,
    written: result.written,
    deleted: result.deleted,
    skipped: result.skipped,
  };
}

async function handle(request: WarmRequest) {
  switch (request.op) {
    case 'update':
      post({ type: 'update', id: request.id, update: await update() });
      return;
    case 'paths':
      post({ type: 'paths', id: request.id, paths: await paths() });
      return;
    case 'render': {
      const page = await bundle.render(request.url, request.route, false);
      post(
        { type: 'render', id: request.id, status: page.status, body: page.body },
        page.body ? [page.body] : [],
      );
      return;
    }
  }
}

port.on('message', (request: WarmRequest) => {
  handle(request).catch((error: unknown) =>
    post({
      type: 'failed',
      id: request.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
});
post({ type: 'ready' });
