import { beforeEach, describe, expect, it } from 'vitest';
import { deleteProduct, upsertCollection, upsertProduct } from '../../server/catalog/write.ts';
import type { ProductInput } from '../../server/catalog/input.ts';
import { TEST_ADMIN_TOKEN, testApp } from '../../server/testing/app.ts';
import { syncProducts, type SyncTarget } from './products-loader.ts';
import type { ProductRecord } from '../../shared/contracts/product-record.ts';

// The loader against the real reference API over a real (in-memory) database: its fetch
// goes straight into the Hono app, with no port.
const API = 'http://api.test';

function memoryTarget() {
  const entries = new Map<string, { data: ProductRecord; digest: string }>();
  const meta = new Map<string, string>();
  const warnings: string[] = [];
  const target: SyncTarget = {
    get: (id) => entries.get(id),
    set: ({ id, data, digest }) => entries.set(id, { data, digest }),
    delete: (id) => entries.delete(id),
    keys: () => [...entries.keys()],
    getMeta: (key) => meta.get(key),
    setMeta: (key, value) => meta.set(key, value),
    digest: (data) => JSON.stringify(data),
    warn: (message) => warnings.push(message),
    info: () => {},
  };
  return { entries, meta, warnings, target };
}

const product = (n: number, extra: Partial<ProductInput> = {}): ProductInput => ({
  handle: `part-${n}`,
  title: `Part ${n}`,
  vendor: 'Crown',
  sku: `85288-${String(n).padStart(3, '0')}`,
  price: 10 + n,
  collections: ['wheels'],
  descriptionHtml: '<p>Good</p>',
  variants: [{ title: 'Default Title', price: 10 + n, inventory: { availableQuantity: 5 } }],
  ...extra,
});

const urlOf = (input: string | URL | Request) =>
  input instanceof Request ? input.url : input.toString();

/** A fetch that goes straight into the Hono app, headers included. */
const viaApp =
  (target: { request: (url: string, init?: RequestInit) => Response | Promise<Response> }) =>
  (input: string | URL | Request, init?: RequestInit) =>
    Promise.resolve(target.request(urlOf(input), init));

let app: ReturnType<typeof testApp>['app'];
let db: ReturnType<typeof testApp>['db'];
let fetchViaApp: typeof fetch;

beforeEach(() => {
  ({ app, db } = testApp());
  fetchViaApp = viaApp(app);
  upsertCollection(db, { handle: 'wheels', title: 'Wheels' });
});

// The build reads the bulk and change-feed calls with the merchandiser token.
const sync = (target: SyncTarget) =>
  syncProducts(API, target, { fetch: fetchViaApp, delay: () => 0, token: TEST_ADMIN_TOKEN });

describe('syncProducts', () => {
  it('reads every product page by page on the first build', async () => {
    for (let n = 1; n <= 1203; n += 1) upsertProduct(db, product(n));
    const { entries, target } = memoryTarget();
    const result = await sync(target);
    expect(result).toMatchObject({ mode: 'full', written: 1203, skipped: 0 });
    expect(entries.size).toBe(1203);
    expect(entries.get('1')?.data).toMatchObject({ handle: 'part-1', vendor: 'Crown' });
  });

  it('sanitises descriptions once, on the way in', async () => {
    upsertProduct(
      db,
      product(1, {
        descriptionHtml:
          '<p onclick="x()">Hi</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      }),
    );
    const { entries, target } = memoryTarget();
    await sync(target);
    const html = entries.get('1')?.data.descriptionHtml ?? '';
    expect(html).not.toMatch(/script|onclick|onerror/i);
    expect(html).toContain('<p>Hi</p>');
  });

  it('fetches only what changed on the next build', async () => {
    for (let n = 1; n <= 30; n += 1) upsertProduct(db, product(n));
    const { entries, target } = memoryTarget();
    await sync(target);

    upsertProduct(
      db,
      product(3, {
        price: 99.5,
        variants: [{ title: 'Default Title', price: 99.5, inventory: { availableQuantity: 1 } }],
      }),
    );
    deleteProduct(db, 4);
    const added = upsertProduct(db, product(31));

    const second = await sync(target);
    expect(second).toMatchObject({ mode: 'incremental', written: 2, deleted: 1 });
    expect(entries.get('3')?.data.price).toBe(99.5);
    expect(entries.has('4')).toBe(false);
    expect(entries.has(String(added))).toBe(true);
    expect(entries.size).toBe(30);

    const third = await sync(target);
    expect(third).toMatchObject({ mode: 'incremental', written: 0, deleted: 0 });
  });

  it('does not trust a cache made from another database', async () => {
    upsertProduct(db, product(1));
    const { entries, target } = memoryTarget();
    await sync(target);

    const other = testApp();
    upsertCollection(other.db, { handle: 'wheels', title: 'Wheels' });
    upsertProduct(other.db, product(7, { handle: 'other-part' }));
    const otherFetch = viaApp(other.app);
    const result = await syncProducts(API, target, {
      fetch: otherFetch,
      delay: () => 0,
      token: TEST_ADMIN_TOKEN,
    });
    expect(result.mode).toBe('full');
    expect([...entries.values()].map((entry) => entry.data.handle)).toEqual(['other-part']);
  });

  it('skips a record that does not validate, naming the product and field', async () => {
    upsertProduct(db, product(1));
    upsertProduct(db, product(2));
    const badApi = ((input: string | URL | Request, init?: RequestInit) =>
      viaApp(app)(input, init).then(async (reply) => {
        if (!urlOf(input).includes('/products/bulk')) return reply;
        const body = (await reply.json()) as { products: Record<string, unknown>[] };
        body.products[1] = { ...body.products[1], price: 'twelve' };
        return Response.json(body);
      })) as typeof fetch;
    const { entries, warnings, target } = memoryTarget();
    const result = await syncProducts(API, target, {
      fetch: badApi,
      delay: () => 0,
      token: TEST_ADMIN_TOKEN,
    });
    expect(result.skipped).toBe(1);
    expect(entries.has('1')).toBe(true);
    expect(entries.has('2')).toBe(false);
    expect(warnings).toEqual([expect.stringMatching(/^Skipped product 2: price: /)]);
  });

  it('writes nothing until the last page was read', async () => {
    for (let n = 1; n <= 501; n += 1) upsertProduct(db, product(n));
    const { entries, meta, target } = memoryTarget();
    let reads = 0;
    const counting = ((input: string | URL | Request, init?: RequestInit) => {
      reads += 1;
      return fetchViaApp(input, init);
    }) as typeof fetch;
    const readsAtWrite: number[] = [];
    await syncProducts(
      API,
      { ...target, set: (entry) => (readsAtWrite.push(reads), target.set(entry)) },
      { fetch: counting, delay: () => 0, token: TEST_ADMIN_TOKEN },
    );
    expect(readsAtWrite).toHaveLength(501);
    expect(new Set(readsAtWrite)).toEqual(new Set([reads]));
    expect(entries.size).toBe(501);
    expect(meta.get('cursor')).toMatch(/^\d+$/);
  });

  it('leaves the store as it was when a read fails half way', async () => {
    for (let n = 1; n <= 501; n += 1) upsertProduct(db, product(n));
    const { entries, meta, target } = memoryTarget();
    await sync(target);
    const before = new Map(entries);
    const cursor = meta.get('cursor');
    for (let n = 1; n <= 501; n += 1) upsertProduct(db, product(n, { price: 99 }));
    let bulkReads = 0;
    const failsOnSecondPage = ((input: string | URL | Request, init?: RequestInit) => {
      if (urlOf(input).includes('/api/products/bulk') && ++bulkReads >= 2)
        return Promise.resolve(new Response('{"error":"down"}', { status: 500 }));
      return fetchViaApp(input, init);
    }) as typeof fetch;
    await expect(
      syncProducts(API, target, {
        fetch: failsOnSecondPage,
        delay: () => 0,
        token: TEST_ADMIN_TOKEN,
      }),
    ).rejects.toThrow();
    expect(entries).toEqual(before);
    expect(meta.get('cursor')).toBe(cursor);
  });

  it('fails the build when the API cannot be reached', async () => {
    const down = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    const { target } = memoryTarget();
    await expect(syncProducts(API, target, { fetch: down, delay: () => 0 })).rejects.toThrow(
      'Failed to prefetch data after multiple retries.',
    );
  });
});

describe('syncProducts and the merchandiser token', () => {
  it('fails the build with the API’s 401 when the token is wrong, writing nothing', async () => {
    upsertProduct(db, product(1));
    const { entries, target } = memoryTarget();
    await expect(
      syncProducts(API, target, {
        fetch: fetchViaApp,
        delay: () => 0,
        token: 'wrong-token-0123456789',
      }),
    ).rejects.toThrow('This call is for the store build: send the merchandiser token.');
    expect(entries.size).toBe(0);
  });
});
