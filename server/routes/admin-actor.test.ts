import { describe, expect, it } from 'vitest';
import { upsertProduct } from '../catalog/write.ts';
import { HttpError } from '../http/errors.ts';
import { jsonInit } from '../testing/app.ts';
import { actorOf } from './admin-actor.ts';
import { ADMIN_AUTH as AUTH, adminPerTest, loadWheel, seedWheels } from './admin.testing.ts';
import type { Change } from './changes.ts';

const { ctx, send } = adminPerTest(seedWheels);

/** A merchandiser API call with the token, and `headers` besides it. */
const admin = (
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => send(method, path, body, { ...AUTH, ...headers });

/** The change feed as the build reads it. */
async function feed(since: number): Promise<Change[]> {
  const reply = await ctx.app.request(`http://localhost/api/changes?since=${since}`, {
    headers: AUTH,
  });
  return ((await reply.json()) as { changes: Change[] }).changes;
}

const newest = () =>
  (ctx.db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM changes').get() as { seq: number }).seq;

describe('actorOf', () => {
  it('is the token holder, with the X-Merchandiser name after a colon', () => {
    expect(actorOf(undefined)).toBe('admin');
    expect(actorOf('')).toBe('admin');
    expect(actorOf('   ')).toBe('admin');
    expect(actorOf('Jane Doe')).toBe('admin:Jane Doe');
    expect(actorOf(' jane.doe@store.example ')).toBe('admin:jane.doe@store.example');
    expect(actorOf('x'.repeat(64))).toBe(`admin:${'x'.repeat(64)}`);
  });

  it.each([
    ['a colon, which would forge the holder', 'system:Jane'],
    ['markup', '<script>'],
    ['a newline', 'Jane\nDoe'],
    ['a quote', "O'Brien"],
    ['non-ASCII letters', 'José'],
    ['65 characters', 'x'.repeat(65)],
  ])('refuses %s with 400', (_, name) => {
    expect(() => actorOf(name)).toThrow(HttpError);
    try {
      actorOf(name);
    } catch (error) {
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).message).toMatch(/^X-Merchandiser: /);
    }
  });
});

describe('who made each change, in the change feed', () => {
  it('records the merchandiser of every write: create, update, stock, delete', async () => {
    const start = newest();
    const jane = { 'X-Merchandiser': 'Jane Doe' };
    const created = await admin('POST', '/products', loadWheel(), jane);
    const { id } = ((await created.json()) as { product: { id: number } }).product;
    await admin('PUT', `/products/${id}`, loadWheel({ title: 'Renamed' }));
    const variant = (
      ctx.db.prepare('SELECT id FROM variants WHERE product_id = ?').get(id) as { id: number }
    ).id;
    await admin(
      'PATCH',
      `/products/${id}/inventory`,
      { variantId: variant, availableQuantity: 0 },
      {
        'X-Merchandiser': 'Sam',
      },
    );
    await admin('DELETE', `/products/${id}`, undefined, jane);
    expect((await feed(start)).map((c) => [c.entity, c.op, c.actor])).toEqual([
      ['product', 'upsert', 'admin:Jane Doe'],
      ['product', 'upsert', 'admin'],
      ['product', 'upsert', 'admin:Sam'],
      ['product', 'delete', 'admin:Jane Doe'],
    ]);
  });

  it('labels the member products a collection delete touches too', async () => {
    const wheels = (
      ctx.db.prepare("SELECT id FROM collections WHERE handle = 'wheels'").get() as {
        id: number;
      }
    ).id;
    const member = upsertProduct(ctx.db, loadWheel());
    const start = newest();
    await admin('DELETE', `/collections/${wheels}`, undefined, { 'X-Merchandiser': 'Kim' });
    const changes = await feed(start);
    expect(changes.map((c) => [c.entity, c.id, c.actor])).toEqual(
      expect.arrayContaining([
        ['collection', wheels, 'admin:Kim'],
        ['product', member, 'admin:Kim'],
      ]),
    );
    expect(changes.every((c) => c.actor === 'admin:Kim')).toBe(true);
  });

  it("keeps 'system' for writes outside the merchandiser API", async () => {
    const start = newest();
    await admin('POST', '/products', loadWheel(), { 'X-Merchandiser': 'Jane' });
    upsertProduct(ctx.db, loadWheel({ handle: 'seeded' }));
    expect((await feed(start)).map((c) => c.actor)).toEqual(['admin:Jane', 'system']);
  });

  it('refuses a bad X-Merchandiser with 400, writing nothing', async () => {
    const start = newest();
    const reply = await admin('POST', '/products', loadWheel(), { 'X-Merchandiser': 'admin:root' });
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { error: string }).error).toMatch(/^X-Merchandiser: /);
    expect(newest()).toBe(start);
    expect(
      ctx.db.prepare("SELECT id FROM products WHERE handle = 'load-wheel'").get(),
    ).toBeUndefined();
  });

  it('never reads X-Merchandiser before the token: 401 whatever it says', async () => {
    const start = newest();
    for (const name of ['Jane', 'bad:name']) {
      const reply = await ctx.app.request(
        'http://localhost/api/admin/products',
        jsonInit('POST', loadWheel(), { 'X-Merchandiser': name }),
      );
      expect(reply.status).toBe(401);
    }
    expect(newest()).toBe(start);
  });

  it('labels nothing of a write that was refused, nor what follows it', async () => {
    const start = newest();
    const refused = await admin('POST', '/products', loadWheel({ collections: ['no-such'] }), {
      'X-Merchandiser': 'Jane',
    });
    expect(refused.status).toBe(422);
    upsertProduct(ctx.db, loadWheel({ handle: 'after' }));
    expect((await feed(start)).map((c) => c.actor)).toEqual(['system']);
  });
});
