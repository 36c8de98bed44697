import { describe, expect, it } from 'vitest';
import { upsertProduct } from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import { serialFormatOf } from '../seed/machines.ts';
import { ADMIN_AUTH, adminPerTest, loadWheel, seedWheels } from './admin.testing.ts';

// The merchandiser's machine calls (issue 31, item 4): models, serial formats, and a
// product's fitment, each write checked whole before anything changes.

function seed(db: Database) {
  seedWheels(db);
  const wheel = upsertProduct(db, loadWheel());
  const crown = serialFormatOf('Crown');
  db.prepare('INSERT INTO serial_formats (brand, pattern, example) VALUES (?, ?, ?)').run(
    'Crown',
    crown.pattern,
    crown.example,
  );
  return { wheel };
}

const { ctx, send } = adminPerTest(seed);
const json = async <T = Record<string, unknown>>(reply: Response) => ({
  status: reply.status,
  body: (await reply.json()) as T,
});
const pth50 = { brand: 'Crown', code: 'PTH50', machineType: 'pallet-jack', aliases: ['PTH50-20'] };
const changes = (db: Database) =>
  db.prepare("SELECT entity, op, actor FROM changes WHERE entity = 'machine' ORDER BY seq").all();

describe('machine models', () => {
  it('creates a model with its handle and name from the code, and reads it back', async () => {
    const created = await json<{ model: { id: number; handle: string } }>(
      await send('POST', '/machines/models', pth50),
    );
    expect(created).toEqual({
      status: 201,
      body: { model: { id: expect.any(Number) as number, handle: 'pth50' } },
    });
    const read = await json(await send('GET', `/machines/models/${created.body.model.id}`));
    expect(read.body).toEqual({
      id: created.body.model.id,
      brand: 'Crown',
      code: 'PTH50',
      handle: 'pth50',
      name: 'Crown PTH50',
      series: '',
      machineType: 'pallet-jack',
      aliases: ['PTH50-20'],
    });
    // The public calls know it at once, by its other name too.
    const lookup = await ctx.app.request('http://localhost/api/machines/lookup?q=pth50%2020');
    expect(((await lookup.json()) as { models: unknown[] }).models).toHaveLength(1);
  });

  it('patches the fields sent, and a patch that changes nothing writes nothing', async () => {
    const { body } = await json<{ model: { id: number } }>(
      await send('POST', '/machines/models', pth50),
    );
    const id = body.model.id;
    const before = changes(ctx.db).length;
    const same = await json(await send('PATCH', `/machines/models/${id}`, { code: 'PTH50' }));
    expect(same.status).toBe(200);
    expect(changes(ctx.db)).toHaveLength(before);
    const renamed = await json(
      await send('PATCH', `/machines/models/${id}`, { name: 'Crown PTH 50 Pallet Truck' }),
    );
    expect(renamed.body).toMatchObject({
      name: 'Crown PTH 50 Pallet Truck',
      aliases: ['PTH50-20'],
    });
    expect(changes(ctx.db).length).toBeGreaterThan(before);
  });

  it('refuses a second model at the same address or name within a brand, naming the field', async () => {
    await send('POST', '/machines/models', pth50);
    expect(await json(await send('POST', '/machines/models', { ...pth50, aliases: [] }))).toEqual({
      status: 422,
      body: {
        error: 'handle: Crown already has a model at "pth50"',
        issues: [{ path: 'handle', message: 'Crown already has a model at "pth50"' }],
      },
    });
    const other = await json(
      await send('POST', '/machines/models', {
        ...pth50,
        code: 'PTH 50 HD',
        aliases: ['pth50-20'],
      }),
    );
    expect(other).toMatchObject({ status: 422, body: { issues: [{ path: 'aliases' }] } });
    // Another brand may use the same code.
    expect((await send('POST', '/machines/models', { ...pth50, brand: 'Clark' })).status).toBe(201);
  });

  it('refuses fields it does not have and values it cannot take', async () => {
    const wrong = await json(
      await send('POST', '/machines/models', {
        ...pth50,
        machineType: 'Pallet Jack!',
        colour: 'red',
      }),
    );
    expect(wrong.status).toBe(422);
    const bad = await json(
      await send('POST', '/machines/models', { ...pth50, machineType: 'Pallet Jack!' }),
    );
    expect(bad).toMatchObject({ status: 400, body: { issues: [{ path: 'machineType' }] } });
  });

  it('deletes a model with its fitment rows; the product changes with it', async () => {
    const { body } = await json<{ model: { id: number } }>(
      await send('POST', '/machines/models', pth50),
    );
    const { wheel } = ctx.seeded;
    await send('PUT', `/products/${wheel}/fitment`, { rows: [{ model: 'crown/pth50' }] });
    const seq = (ctx.db.prepare('SELECT MAX(seq) AS seq FROM changes').get() as { seq: number })
      .seq;
    expect((await send('DELETE', `/machines/models/${body.model.id}`)).status).toBe(200);
    expect(ctx.db.prepare('SELECT COUNT(*) AS n FROM product_fitment').get()).toEqual({ n: 0 });
    expect(
      ctx.db
        .prepare('SELECT entity, entity_id AS id, op FROM changes WHERE seq > ? ORDER BY seq')
        .all(seq),
    ).toEqual([
      { entity: 'product', id: wheel, op: 'upsert' },
      { entity: 'machine', id: body.model.id, op: 'delete' },
    ]);
    expect((await send('GET', `/machines/models/${body.model.id}`)).status).toBe(404);
  });

  it('asks for the token', async () => {
    expect((await send('POST', '/machines/models', pth50, {})).status).toBe(401);
  });
});

describe('serial formats', () => {
  it('stores a pattern that reads its example, and refuses one that does not', async () => {
    const ok = await send('PUT', '/machines/serial-formats/Yale', {
      pattern: '^(?<prefix>[A-Z]\\d{3}[A-Z])(?<number>\\d{5})(?<suffix>[A-Z])$',
      example: 'A875B12345C',
    });
    expect(ok.status).toBe(200);
    for (const [pattern, path] of [
      ['^(?<prefix>[A-Z]+)(\\d+)$', 'pattern'],
      ['^([', 'pattern'],
      ['^(?<number>\\d{3})$', 'example'],
      // Reads the example, but 'A875B' and thirty digits then a wrong letter would hang the API.
      ['^(?<prefix>[A-Z]\\d{3}[A-Z])(?<number>(?:\\d+)+)(?<suffix>[A-Z])$', 'pattern'],
    ] as const) {
      const refused = await json<{ issues: { path: string }[] }>(
        await send('PUT', '/machines/serial-formats/Yale', { pattern, example: 'A875B12345C' }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.issues.map((issue) => issue.path)).toContain(path);
    }
  });
});

describe("a product's fitment", () => {
  async function withModel() {
    await send('POST', '/machines/models', pth50);
    return ctx.seeded.wheel;
  }

  it('replaces the rows, reads them back in the input format, and PUT of that changes nothing', async () => {
    const wheel = await withModel();
    const fitment = {
      universal: false,
      rows: [
        {
          model: 'crown/pth50',
          serialFrom: '1A100000',
          serialTo: null,
          position: 'load wheel',
          quantity: 2,
          note: 'two per machine',
          source: 'Crown parts manual PF12345',
        },
      ],
    };
    expect(await json(await send('PUT', `/products/${wheel}/fitment`, fitment))).toEqual({
      status: 200,
      body: fitment,
    });
    const seq = ctx.db.prepare('SELECT COUNT(*) AS n FROM changes').get();
    await send('PUT', `/products/${wheel}/fitment`, fitment);
    expect(ctx.db.prepare('SELECT COUNT(*) AS n FROM changes').get()).toEqual(seq);
    const publicList = await ctx.app.request(
      'http://localhost/api/products/handle/load-wheel/fitment',
    );
    expect(await publicList.json()).toMatchObject({
      fitment: { rows: [{ model: 'PTH50', serialFrom: '1A100000', quantity: 2 }] },
    });
  });

  it('PATCH changes what it sends: universal alone keeps the rows', async () => {
    const wheel = await withModel();
    await send('PUT', `/products/${wheel}/fitment`, { rows: [{ model: 'crown/pth50' }] });
    const patched = await json(
      await send('PATCH', `/products/${wheel}/fitment`, { universal: true }),
    );
    expect(patched.body).toMatchObject({ universal: true, rows: [{ model: 'crown/pth50' }] });
  });

  it('refuses the whole list for one bad row, naming each, and keeps what was there', async () => {
    const wheel = await withModel();
    await send('PUT', `/products/${wheel}/fitment`, { rows: [{ model: 'crown/pth50' }] });
    const refused = await json<{ issues: { path: string; message: string }[] }>(
      await send('PUT', `/products/${wheel}/fitment`, {
        rows: [
          { model: 'crown/pth99' },
          { model: 'crown/pth50', serialFrom: 'SZ123', serialTo: null },
          { model: 'crown/pth50', serialFrom: '1A200000', serialTo: '1A100000' },
          { model: 'crown/pth50', serialFrom: '1A100000', serialTo: '2A100000' },
        ],
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.issues).toEqual([
      { path: 'rows[0].model', message: 'no model "crown/pth99" in the store' },
      {
        path: 'rows[1].serialFrom',
        message: 'SZ123 is not a serial number as this brand writes them (like 1A234567)',
      },
      {
        path: 'rows[2].serialTo',
        message: 'the range is reversed: 1A100000 comes before 1A200000',
      },
      {
        path: 'rows[3].serialTo',
        message: '2A100000 has another prefix than 1A100000: a range runs within one prefix',
      },
    ]);
    const overlapping = await json<{ issues: { path: string }[] }>(
      await send('PUT', `/products/${wheel}/fitment`, {
        rows: [
          { model: 'crown/pth50', serialTo: '1A150000', position: 'load wheel' },
          { model: 'crown/pth50', serialFrom: '1A150000', position: 'Load Wheel' },
          { model: 'crown/pth50', serialFrom: '1A150000', position: 'steer wheel' },
        ],
      }),
    );
    expect(overlapping.body.issues).toEqual([
      {
        path: 'rows[1]',
        message: 'its serials overlap those of rows[0] for the same model and position',
      },
    ]);
    expect((await json(await send('GET', `/products/${wheel}/fitment`))).body).toEqual({
      universal: false,
      rows: [
        {
          model: 'crown/pth50',
          serialFrom: null,
          serialTo: null,
          position: '',
          quantity: 1,
          note: '',
          source: '',
        },
      ],
    });
  });

  it('answers 404 for a product the store lacks', async () => {
    expect((await send('GET', '/products/999999/fitment')).status).toBe(404);
    expect((await send('PUT', '/products/999999/fitment', { rows: [] })).status).toBe(404);
  });

  it('labels its change-feed rows with the merchandiser', async () => {
    const wheel = await withModel();
    await send(
      'PUT',
      `/products/${wheel}/fitment`,
      { rows: [{ model: 'crown/pth50' }] },
      {
        ...ADMIN_AUTH,
        'x-merchandiser': 'dana',
      },
    );
    expect(changes(ctx.db).at(-1)).toEqual({
      entity: 'machine',
      op: 'upsert',
      actor: 'admin:dana',
    });
  });
});
