import { describe, expect, it } from 'vitest';
import { upsertProduct } from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import { oneVariantProduct } from '../testing/catalogue.ts';
import { serialFormatOf } from '../seed/machines.ts';
import { ADMIN_AUTH, ADMIN_BASE, adminPerTest } from './admin.testing.ts';

// The fitment import (issue 31, item 4; docs/catalogue-format.md, "Fitment"): a dry run
// reports every row's problems before anything is written, and a bad file changes nothing.

function seed(db: Database) {
  const wheel = upsertProduct(
    db,
    oneVariantProduct('load-wheel', 'Load Wheel', 40, 3, { sku: '85288-001' }),
  );
  const steer = upsertProduct(
    db,
    oneVariantProduct('steer-wheel', 'Steer Wheel', 60, 3, { sku: '85289-002' }),
  );
  upsertProduct(db, oneVariantProduct('twin-a', 'Twin A', 1, 1, { sku: 'DUP-1' }));
  upsertProduct(db, oneVariantProduct('twin-b', 'Twin B', 1, 1, { sku: 'DUP-1' }));
  const crown = serialFormatOf('Crown');
  db.prepare('INSERT INTO serial_formats (brand, pattern, example) VALUES (?, ?, ?)').run(
    'Crown',
    crown.pattern,
    crown.example,
  );
  const model = db.prepare(
    `INSERT INTO machine_models (brand, brand_handle, code, handle, name, machine_type)
     VALUES ('Crown', 'crown', ?, ?, ?, 'pallet-jack') RETURNING id`,
  );
  for (const code of ['PTH50', 'WP3000']) {
    const { id } = model.get(code, code.toLowerCase(), `Crown ${code}`) as { id: number };
    db.prepare('INSERT INTO machine_model_keys (model_id, key, alias) VALUES (?, ?, ?)').run(
      id,
      code,
      code,
    );
  }
  return { wheel, steer };
}

const { ctx } = adminPerTest(seed);
const HEADER = 'brand,model,serial_from,serial_to,sku,position,qty,note';

async function post(csv: string, query = '?dryRun=true') {
  const reply = await ctx.app.request(`${ADMIN_BASE}/machines/fitment-import${query}`, {
    method: 'POST',
    headers: { ...ADMIN_AUTH, 'content-type': 'text/csv' },
    body: csv,
  });
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
}
const fitmentRows = () =>
  ctx.db
    .prepare(
      'SELECT product_id, model_id, serial_from, serial_to, position, quantity, note, source FROM product_fitment ORDER BY id',
    )
    .all();

describe('POST /api/admin/machines/fitment-import', () => {
  it('reports every problem, row by row, on a dry run, and writes nothing', async () => {
    const csv = [
      HEADER,
      'Crown,PTH50,1A100000,,85288-001,load wheel,2,',
      'Crown,PTH 99,,,85288-001,,1,',
      'Crown,PTH50,,,NOPE-1,,1,',
      'Crown,PTH50,1A200000,1A100000,85289-002,steer wheel,1,',
      'Crown,PTH50,SZ12,,85289-002,,1,',
      'Crown,WP3000,,,85288-001,,0,',
      'Crown,PTH50,1A150000,,85288-001,Load Wheel,2,overlaps line 2',
      'Crown,PTH50,,,DUP-1,,1,',
    ].join('\n');
    const { status, body } = await post(csv);
    expect(status).toBe(200);
    expect(body).toMatchObject({ dryRun: true, written: false, rows: 8, problemCount: 7 });
    expect(body.problems).toEqual([
      { line: 3, column: 'model', message: 'unknown model "Crown PTH 99"' },
      { line: 4, column: 'sku', message: 'unknown part number "NOPE-1"' },
      {
        line: 5,
        column: 'serial_to',
        message: 'the range is reversed: 1A100000 comes before 1A200000',
      },
      {
        line: 6,
        column: 'serial_from',
        message: 'SZ12 is not a serial number as this brand writes them (like 1A234567)',
      },
      { line: 7, column: 'qty', message: 'quantity must be a whole number from 1 to 99, not "0"' },
      {
        line: 8,
        column: 'serial_from',
        message: 'its serials overlap those of line 2 for the same part, model and position',
      },
      { line: 9, column: 'sku', message: 'part number "DUP-1" belongs to 2 products' },
    ]);
    expect(fitmentRows()).toEqual([]);
    // Without the dry run, the same file is refused whole.
    const refused = await post(csv, '');
    expect(refused).toMatchObject({ status: 422, body: { written: false, problemCount: 7 } });
    expect(fitmentRows()).toEqual([]);
  });

  it("writes a clean file as each product's rows from its source, leaving other sources", async () => {
    const { wheel, steer } = ctx.seeded;
    const first = [HEADER, 'crown,pth50,1A100000,,85288-001,load wheel,2,from the 2019 manual'];
    expect(await post(first.join('\n'), '?source=crown-2019')).toMatchObject({
      status: 200,
      body: { dryRun: false, written: true, rows: 1, products: 1, models: 1, problemCount: 0 },
    });
    const second = [
      HEADER,
      'Crown,PTH50,,1A099999,85288-001,load wheel,2,',
      'Crown,WP3000,,,85289-002,steer wheel,1,"one, with a comma"',
    ];
    expect((await post(second.join('\r\n'), '?source=crown-2024')).status).toBe(200);
    // The 2024 file again, changed: its own rows are replaced, the 2019 row stays.
    const third = [HEADER, 'Crown,WP3000,,,85289-002,steer wheel,1,'];
    expect((await post(third.join('\n'), '?source=crown-2024')).status).toBe(200);
    expect(fitmentRows()).toEqual([
      {
        product_id: wheel,
        model_id: expect.any(Number) as number,
        serial_from: '1A100000',
        serial_to: null,
        position: 'load wheel',
        quantity: 2,
        note: 'from the 2019 manual',
        source: 'crown-2019',
      },
      expect.objectContaining({ product_id: wheel, serial_to: '1A099999', source: 'crown-2024' }),
      expect.objectContaining({ product_id: steer, note: '', source: 'crown-2024' }),
    ]);
  });

  it('refuses a file it cannot read, a header without its columns, and a body not CSV', async () => {
    expect((await post('brand,model\n"unclosed,PTH50')).body).toMatchObject({
      problemCount: 1,
      problems: [{ line: expect.any(Number) as number, column: '' }],
    });
    const header = await post('brand,model,sku,colour\nCrown,PTH50,85288-001,red');
    expect(header.body.problems).toEqual(
      expect.arrayContaining([
        { line: 1, column: 'serial_from', message: 'the header has no serial_from column' },
        {
          line: 1,
          column: '',
          message: 'the header names a column the format does not have: "colour"',
        },
      ]),
    );
    expect((await post('')).body).toMatchObject({
      problems: [{ line: 1, message: 'the file has no rows' }],
    });
    const json = await ctx.app.request(`${ADMIN_BASE}/machines/fitment-import`, {
      method: 'POST',
      headers: { ...ADMIN_AUTH, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
  });

  it('logs each part and model once, not each row, and nothing for a file that changes nothing', async () => {
    const { wheel, steer } = ctx.seeded;
    const seq = () =>
      (ctx.db.prepare('SELECT MAX(seq) AS seq FROM changes').get() as { seq: number }).seq;
    const start = seq();
    const csv = [
      HEADER,
      'Crown,PTH50,,1A099999,85288-001,load wheel,2,',
      'Crown,PTH50,1A100000,,85288-001,load wheel,2,',
      'Crown,WP3000,,,85288-001,load wheel,2,',
      'Crown,PTH50,,,85289-002,steer wheel,1,',
    ].join('\n');
    expect((await post(csv, '')).status).toBe(200);
    const logged = ctx.db
      .prepare('SELECT entity, entity_id AS id, op FROM changes WHERE seq > ? ORDER BY seq')
      .all(start) as { entity: string; id: number }[];
    expect(
      logged
        .filter((row) => row.entity === 'product')
        .map((row) => row.id)
        .sort(),
    ).toEqual([wheel, steer].sort());
    expect(logged.filter((row) => row.entity === 'machine')).toHaveLength(2);
    const after = seq();
    expect((await post(csv, '')).status).toBe(200);
    expect(seq()).toBe(after);
  });

  it('keeps a hostile note as text', async () => {
    const csv = [HEADER, 'Crown,PTH50,,,85288-001,,1,"<img src=x onerror=alert(1)>"'].join('\n');
    expect((await post(csv, '')).status).toBe(200);
    expect(fitmentRows()).toEqual([
      expect.objectContaining({ note: '<img src=x onerror=alert(1)>' }),
    ]);
  });
});
