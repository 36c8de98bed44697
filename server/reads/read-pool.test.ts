import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteProduct, upsertCollection, upsertProduct } from '../catalog/write.ts';
import { openDatabase, transaction, type Database } from '../db/open.ts';
import { testApp } from '../testing/app.ts';
import { filterReplyJson } from './filter-reply.ts';
import { startReadPool, type ReadPool } from './read-pool.ts';

// A store database on disk, as the API has it: the workers open the file themselves.
let dir: string;
let db: Database;
let pool: ReadPool;
const vendors = ['Crown', 'Toyota', 'Yale'];

const product = (n: number) => ({
  handle: `part-${n}`,
  title: `${vendors[n % 3] ?? ''} Load Wheel ${n}`,
  vendor: vendors[n % 3] ?? '',
  sku: `${10000 + n}-001`,
  price: n % 200,
  collections: n % 2 === 0 ? ['wheels'] : [],
  tags: [`Size_S${n % 4}`],
  variants: [{ title: 'Default Title', price: n % 200, inventory: { availableQuantity: 1 } }],
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'read-pool-'));
  db = openDatabase(join(dir, 'store.db'));
  transaction(db, () => {
    upsertCollection(db, { handle: 'wheels', title: 'Wheels' });
    for (let n = 1; n <= 300; n += 1) upsertProduct(db, product(n));
  });
  pool = startReadPool({ file: join(dir, 'store.db'), size: 2 });
  await pool.ready;
});

afterAll(async () => {
  await pool.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const QUERIES = [
  '',
  '?q=wheel&limit=10&page=2',
  '?v=crown&t=size_s1&sortBy=price_desc',
  '?c=1&sortBy=title_asc&fields=title,price',
  '?minPrice=20&maxPrice=80&availableForSaleOnly=true',
  '?q=%22((&sortBy=nonsense&limit=-4',
];

describe('the read pool', () => {
  it("answers a filter byte for byte as the main thread's connection does", async () => {
    for (const query of QUERIES) {
      expect(await pool.run('filter', query), query).toBe(filterReplyJson(db, query));
    }
  });

  it('sees every write committed before the read (created, changed, deleted products)', async () => {
    const before = JSON.parse(await pool.run('filter', '?v=yale')) as {
      pageInfo: { totalObjects: number };
    };
    const id = upsertProduct(db, { ...product(301), vendor: 'Yale' });
    // Product 3 was Crown's.
    upsertProduct(db, { ...product(3), vendor: 'Linde' });
    for (const query of ['?v=yale', '?v=linde', '?c=1', '']) {
      expect(await pool.run('filter', query), query).toBe(filterReplyJson(db, query));
    }
    const after = JSON.parse(await pool.run('filter', '?v=yale')) as typeof before;
    expect(after.pageInfo.totalObjects).toBe(before.pageInfo.totalObjects + 1);
    deleteProduct(db, id);
    // Both workers, whichever takes the job: ask more often than there are workers.
    for (let n = 0; n < 4; n += 1) {
      expect(await pool.run('filter', '?v=yale')).toBe(filterReplyJson(db, '?v=yale'));
    }
  });

  it('keeps the main thread free: a cheap call answers before a filter started first', async () => {
    const order: string[] = [];
    const { app } = testApp({ db, reads: pool });
    // app.request answers synchronously when the route does: a promise either way.
    const request = (target: typeof app, path: string) =>
      Promise.resolve(target.request(`http://localhost/api/products/${path}`));
    const filter = request(app, 'filter?q=wheel&sortBy=best_selling').then(() =>
      order.push('filter'),
    );
    const cheap = request(app, 'handle/part-10').then(() => order.push('handle'));
    await Promise.all([filter, cheap]);
    expect(order).toEqual(['handle', 'filter']);
    // Without the pool the filter holds the thread, and the cheap call waits behind it.
    const inline = testApp({ db }).app;
    order.length = 0;
    await Promise.all([
      request(inline, 'filter?q=wheel').then(() => order.push('filter')),
      request(inline, 'handle/part-10').then(() => order.push('handle')),
    ]);
    expect(order).toEqual(['filter', 'handle']);
  });

  it('sends the reply the route sends without a pool, headers included', async () => {
    const pooled = await testApp({ db, reads: pool }).app.request(
      'http://localhost/api/products/filter?q=wheel&limit=5',
    );
    const inline = await testApp({ db }).app.request(
      'http://localhost/api/products/filter?q=wheel&limit=5',
    );
    expect(pooled.status).toBe(200);
    expect(pooled.headers.get('content-type')).toBe(inline.headers.get('content-type'));
    expect(await pooled.text()).toBe(await inline.text());
  });

  it('fails a job with the error a worker met, and refuses jobs once closed', async () => {
    const other = startReadPool({ file: join(dir, 'missing', 'store.db'), size: 1 });
    await expect(other.run('filter', '')).rejects.toThrow();
    // A worker that could not start is not started again and again.
    await other.ready;
    await expect(other.run('filter', '')).rejects.toThrow(/could start/);
    await other.close();
    await expect(other.run('filter', '')).rejects.toThrow(/closed/);
  });
});
