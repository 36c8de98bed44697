import { describe, expect, it } from 'vitest';
import { upsertProduct } from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import { adminPerTest, loadWheel, seedWheels } from './admin.testing.ts';

// Other makers' numbers through the merchandiser API (issue 32, item 7): written with the
// product, read back, found by the search and indexed for the quick order.

const { ctx, send } = adminPerTest((db: Database) => {
  seedWheels(db);
  return { wheel: upsertProduct(db, loadWheel({ sku: 'IPD-LW-1' })) };
});

const references = [
  { brand: 'Crown', number: '12345', relation: 'replaces' },
  { brand: 'Raymond', number: '1-2345', relation: 'interchangeable' },
  { brand: 'Crown', number: '85288-001', relation: 'superseded-by' },
] as const;

const indexed = (db: Database) =>
  db.prepare('SELECT key, kind, brand, number FROM part_numbers ORDER BY rowid').all();

const search = async (q: string) => {
  const reply = await ctx.app.request(
    `http://localhost/api/products/filter?q=${encodeURIComponent(q)}`,
  );
  return ((await reply.json()) as { products: { handle: string }[] }).products.map((p) => p.handle);
};

describe("a product's cross-references", () => {
  it('are written by a PATCH, read back in order, and logged as a change of the product', async () => {
    const id = ctx.seeded.wheel;
    const before = (ctx.db.prepare('SELECT MAX(seq) AS seq FROM changes').get() as { seq: number })
      .seq;
    const patched = await send('PATCH', `/products/${String(id)}`, {
      crossReferences: references,
    });
    expect(patched.status).toBe(200);
    const read = (await (await send('GET', `/products/${String(id)}`)).json()) as {
      crossReferences: unknown;
    };
    expect(read.crossReferences).toEqual(references);
    expect(
      ctx.db.prepare('SELECT entity, entity_id AS id FROM changes WHERE seq > ?').all(before),
    ).toEqual([{ entity: 'product', id }]);
    // Its own numbers and those that find it; the number superseding it is another part's.
    expect(indexed(ctx.db)).toEqual([
      { key: 'ipdlw1', kind: 'own', brand: '', number: 'IPD-LW-1' },
      { key: '12345', kind: 'replaces', brand: 'Crown', number: '12345' },
      { key: '12345', kind: 'interchangeable', brand: 'Raymond', number: '1-2345' },
    ]);
  });

  it('find the product in the search by any spelling of a number it replaces', async () => {
    await send('PATCH', `/products/${String(ctx.seeded.wheel)}`, { crossReferences: references });
    expect(await search('12345')).toEqual(['load-wheel']);
    expect(await search('1-2345')).toEqual(['load-wheel']);
    expect(await search('85288-001')).toEqual([]);
    // Taken out again: no longer found, no longer indexed.
    await send('PATCH', `/products/${String(ctx.seeded.wheel)}`, { crossReferences: [] });
    expect(await search('12345')).toEqual([]);
    expect(indexed(ctx.db)).toHaveLength(1);
  });

  it('refuses a number without letters or digits, an unknown relation and a number twice, naming each', async () => {
    const patch = async (crossReferences: unknown) => {
      const reply = await send('PATCH', `/products/${String(ctx.seeded.wheel)}`, {
        crossReferences,
      });
      return { status: reply.status, issues: ((await reply.json()) as { issues: unknown }).issues };
    };
    expect(
      await patch([
        { brand: 'Crown', number: '--/--', relation: 'replaces' },
        { brand: 'Crown', number: '1', relation: 'fits' },
      ]),
    ).toEqual({
      status: 400,
      issues: [
        { path: 'crossReferences[0].number', message: 'must hold letters or digits' },
        {
          path: 'crossReferences[1].relation',
          message: 'must be one of "replaces", "interchangeable", "superseded-by"',
        },
      ],
    });
    expect(
      await patch([
        { brand: 'Yale', number: '580-001', relation: 'interchangeable' },
        { brand: 'yale', number: '580001', relation: 'replaces' },
      ]),
    ).toEqual({
      // The shape is right: the product cannot be as sent (422, as a variant's options).
      status: 422,
      issues: [{ path: 'crossReferences[1].number', message: 'is listed twice for yale' }],
    });
    expect(indexed(ctx.db)).toHaveLength(1);
  });
});
