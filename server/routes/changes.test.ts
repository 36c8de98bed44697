import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductInput } from '../catalog/input.ts';
import { upsertCollection, upsertProduct } from '../catalog/write.ts';
import { databaseId } from '../db/open.ts';
import { expectErrorReply, jsonInit, TEST_ADMIN_TOKEN, testApp } from '../testing/app.ts';
import type { Change } from './changes.ts';

let app: ReturnType<typeof testApp>['app'];
let db: ReturnType<typeof testApp>['db'];

beforeEach(() => {
  ({ app, db } = testApp());
});

interface Page {
  changes: Change[];
  cursor: number;
  hasMore: boolean;
}

const AUTH = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
/** The feed as the build reads it: with the merchandiser token. */
const get = (path: string) => app.request(`http://localhost/api/changes${path}`, { headers: AUTH });
const page = async (query: string) => (await (await get(query)).json()) as Page;
const cursor = async () =>
  (await (await get('/cursor')).json()) as { cursor: number; databaseId: string };

const product = (n: number, extra: Partial<ProductInput> = {}): ProductInput => ({
  handle: `part-${n}`,
  title: `Part ${n}`,
  price: 10,
  variants: [{ title: 'Default Title', price: 10, inventory: { availableQuantity: 1 } }],
  ...extra,
});

const admin = (method: string, path: string, body?: unknown) =>
  app.request(
    `http://localhost/api/admin${path}`,
    jsonInit(method, body, { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }),
  );

describe('GET /api/changes/cursor', () => {
  it('is 0 on an empty database, with the database id', async () => {
    const reply = await get('/cursor');
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['cursor', 'databaseId']);
    expect(body).toEqual({ cursor: 0, databaseId: databaseId(db) });
    expect(body.databaseId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is the newest sequence number after changes', async () => {
    upsertCollection(db, { handle: 'wheels', title: 'Wheels' });
    upsertProduct(db, product(1));
    upsertProduct(db, product(2));
    const { seq } = db.prepare('SELECT MAX(seq) AS seq FROM changes').get() as { seq: number };
    expect((await cursor()).cursor).toBe(seq);
    expect(seq).toBeGreaterThanOrEqual(3);
  });

  it('differs between databases', async () => {
    const other = testApp();
    const mine = (await cursor()).databaseId;
    const theirs = (
      (await (await other.app.request('http://localhost/api/changes/cursor')).json()) as {
        databaseId: string;
      }
    ).databaseId;
    expect(theirs).not.toBe(mine);
  });

  it('needs no token', async () => {
    expect((await get('/cursor')).status).toBe(200);
    expect((await get('?since=0')).status).toBe(200);
  });
});

describe('GET /api/changes', () => {
  it('answers an empty feed with the since value as cursor', async () => {
    expect(await page('?since=0')).toEqual({ changes: [], cursor: 0, hasMore: false });
    expect(await page('?since=50')).toEqual({ changes: [], cursor: 50, hasMore: false });
    expect(await page('')).toEqual({ changes: [], cursor: 0, hasMore: false });
  });

  it('lists changes in order with seq, entity, id, op, at and actor', async () => {
    const wheels = upsertCollection(db, { handle: 'wheels', title: 'Wheels' });
    const id = upsertProduct(db, product(1));
    const { changes, cursor: next, hasMore } = await page('?since=0');
    expect(hasMore).toBe(false);
    expect(changes.map(({ entity, id: changed, op }) => [entity, changed, op])).toEqual(
      expect.arrayContaining([
        ['collection', wheels, 'upsert'],
        ['product', id, 'upsert'],
      ]),
    );
    for (const change of changes) {
      expect(Object.keys(change).sort()).toEqual(['actor', 'at', 'entity', 'id', 'op', 'seq']);
      expect(change.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    const seqs = changes.map((change) => change.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(next).toBe(seqs.at(-1));
  });

  it('pages with since and limit, hasMore telling when to go on', async () => {
    for (let n = 1; n <= 7; n += 1) upsertProduct(db, product(n));
    const total = (await cursor()).cursor;
    const seen: number[] = [];
    let since = 0;
    let pages = 0;
    for (;;) {
      const next = await page(`?since=${since}&limit=3`);
      pages += 1;
      expect(next.changes.length).toBeLessThanOrEqual(3);
      seen.push(...next.changes.map((change) => change.seq));
      since = next.cursor;
      if (!next.hasMore) break;
    }
    expect(since).toBe(total);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);
    expect(pages).toBe(Math.ceil(total / 3));
  });

  it('says hasMore false when the page ends exactly at the newest change', async () => {
    upsertProduct(db, product(1));
    upsertProduct(db, product(2));
    const total = (await cursor()).cursor;
    const exact = await page(`?since=0&limit=${total}`);
    expect(exact.hasMore).toBe(false);
    expect(exact.cursor).toBe(total);
    const short = await page(`?since=0&limit=${total - 1}`);
    expect(short.hasMore).toBe(true);
  });

  it('follows create, update and delete through the merchandiser API', async () => {
    const start = (await cursor()).cursor;
    const created = (await (await admin('POST', '/products', product(1))).json()) as {
      product: { id: number };
    };
    const id = created.product.id;
    const afterCreate = await page(`?since=${start}`);
    expect(afterCreate.changes.filter((c) => c.entity === 'product').map((c) => c.op)).toEqual([
      'upsert',
    ]);

    await admin('PUT', `/products/${id}`, product(1, { title: 'Renamed' }));
    const afterUpdate = await page(`?since=${afterCreate.cursor}`);
    expect(afterUpdate.changes.map((c) => [c.entity, c.id, c.op])).toContainEqual([
      'product',
      id,
      'upsert',
    ]);

    await admin('DELETE', `/products/${id}`);
    const afterDelete = await page(`?since=${afterUpdate.cursor}`);
    expect(afterDelete.changes.map((c) => [c.entity, c.id, c.op])).toEqual([
      ['product', id, 'delete'],
    ]);
    expect(afterDelete.cursor).toBe((await cursor()).cursor);
    expect(await page(`?since=${afterDelete.cursor}`)).toEqual({
      changes: [],
      cursor: afterDelete.cursor,
      hasMore: false,
    });
  });

  it('records stock changes made through the inventory call', async () => {
    const id = upsertProduct(db, product(1));
    const start = (await cursor()).cursor;
    const { variant } = db
      .prepare('SELECT id AS variant FROM variants WHERE product_id = ?')
      .get(id) as { variant: number };
    await admin('PATCH', `/products/${id}/inventory`, { variantId: variant, availableQuantity: 0 });
    expect((await page(`?since=${start}`)).changes.map((c) => [c.id, c.op])).toEqual([
      [id, 'upsert'],
    ]);
  });

  it('defaults the page size to 1000 and allows no more', async () => {
    const insert = db.prepare(
      "INSERT INTO changes (entity, entity_id, op) VALUES ('product', ?, 'upsert')",
    );
    for (let n = 1; n <= 1005; n += 1) insert.run(n);
    const first = await page('?since=0');
    expect(first.changes).toHaveLength(1000);
    expect(first.hasMore).toBe(true);
    const rest = await page(`?since=${first.cursor}&limit=1000`);
    expect(rest.changes).toHaveLength(5);
    expect(rest.hasMore).toBe(false);
  });

  it.each([
    ['since=-1'],
    ['since=abc'],
    ['since=1.5'],
    ['since=1e3'],
    ['since=99999999999'],
    ['since=0&limit=0'],
    ['since=0&limit=1001'],
    ['since=0&limit=-5'],
    ['since=0&limit=ten'],
    ["since=0'%20OR%201=1--"],
    ['limit=%00'],
  ])('refuses %s with 400 JSON', async (query) => {
    const reply = await get(`?${query}`);
    expect(reply.status).toBe(400);
    const body = (await reply.json()) as { error: string };
    expect(body.error).toMatch(/since|limit/);
  });
});

describe('the change feed without the merchandiser token', () => {
  it.each(['/cursor', '', '?since=0&limit=1000'])('answers GET %s with 401', async (path) => {
    const reply = await app.request(`http://localhost/api/changes${path}`, {
      headers: { authorization: 'Bearer wrong-token-0123456789' },
    });
    await expectErrorReply(
      reply,
      401,
      'This call is for the store build: send the merchandiser token.',
    );
    expect((await app.request(`http://localhost/api/changes${path}`)).status).toBe(401);
  });
});
