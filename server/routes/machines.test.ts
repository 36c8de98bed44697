import { describe, expect, it } from 'vitest';
import { compactSerial } from '../../shared/fitment/serial.ts';
import type { Database } from '../db/open.ts';
import { serialFormatOf } from '../seed/machines.ts';
import { TEST_ADMIN_TOKEN } from '../testing/app.ts';
import { fixtureApp } from '../testing/catalogue.ts';

// The machines' public calls and the `fits=` filter (issue 31, item 3) over the fixture
// catalogue: a Crown PTH50 whose load wheel fits from serial 1A100000 on and whose seal kit
// fits every one, a Yale MPB040 with its pump, a universal lift chain, and a steer wheel the
// store knows nothing about.

interface Card {
  id: number;
  handle: string;
  fit?: { verdict: string; universal: boolean; rows: { serialFrom: string | null }[] } | null;
}
interface FilterReply {
  products: Card[];
  pageInfo: { totalObjects: number; machine?: { code: string; serial: string | null } | null };
}

function addModel(db: Database, brand: string, code: string, aliases: string[] = []): number {
  const { id } = db
    .prepare(
      `INSERT INTO machine_models (brand, brand_handle, code, handle, name, machine_type)
       VALUES (?, ?, ?, ?, ?, 'pallet-jack') RETURNING id`,
    )
    .get(brand, brand.toLowerCase(), code, code.toLowerCase(), `${brand} ${code}`) as {
    id: number;
  };
  for (const alias of [code, ...aliases]) {
    db.prepare('INSERT INTO machine_model_keys (model_id, key, alias) VALUES (?, ?, ?)').run(
      id,
      compactSerial(alias),
      alias,
    );
  }
  return id;
}

function machineApp() {
  const fixture = fixtureApp();
  const { db, ids } = fixture;
  const id = (handle: string) => ids[handle] ?? 0;
  for (const brand of ['Crown', 'Yale']) {
    const format = serialFormatOf(brand);
    db.prepare('INSERT INTO serial_formats (brand, pattern, example) VALUES (?, ?, ?)').run(
      brand,
      format.pattern,
      format.example,
    );
  }
  const pth50 = addModel(db, 'Crown', 'PTH50', ['PTH50-20']);
  addModel(db, 'Crown', 'WP3000');
  const mpb040 = addModel(db, 'Yale', 'MPB040');
  const row = db.prepare(
    `INSERT INTO product_fitment (product_id, model_id, serial_from, serial_to, position, quantity)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  row.run(id('poly-load-wheel'), pth50, '1A100000', null, 'load wheel', 2);
  row.run(id('hydraulic-seal-kit'), pth50, null, null, '', 1);
  row.run(id('hydraulic-pump'), mpb040, null, null, '', 1);
  db.prepare('UPDATE products SET fits_universally = 1 WHERE id = ?').run(id('lift-chain'));
  const api = async <T>(path: string) => {
    const reply = await fixture.app.request(`http://localhost/api${path}`);
    return { status: reply.status, body: (await reply.json()) as T };
  };
  return { ...fixture, api };
}

const handles = (reply: { body: FilterReply }) => reply.body.products.map((card) => card.handle);

describe('GET /api/machines', () => {
  it('lists the brands that have models, with how many', async () => {
    const { api } = machineApp();
    expect((await api('/machines')).body).toEqual({
      brands: [
        { name: 'Crown', handle: 'crown', modelCount: 2 },
        { name: 'Yale', handle: 'yale', modelCount: 1 },
      ],
    });
  });

  it("lists a brand's models with the parts that fit each, universal ones too", async () => {
    const { api } = machineApp();
    const { body } = await api<{ models: { code: string; partCount: number }[] }>(
      '/machines/CROWN',
    );
    expect(body.models.map(({ code, partCount }) => [code, partCount])).toEqual([
      ['PTH50', 3],
      ['WP3000', 1],
    ]);
  });

  it('answers a brand or model it lacks with a clear 404', async () => {
    const { api } = machineApp();
    expect(await api('/machines/clark')).toEqual({
      status: 404,
      body: { error: 'Machine brand not found.' },
    });
    expect(await api('/machines/crown/pth99')).toEqual({
      status: 404,
      body: { error: 'Machine model not found.' },
    });
    expect((await api('/machines/crown/pth99/parts')).status).toBe(404);
  });

  it('reads a model with its other names and how its brand writes serials', async () => {
    const { api } = machineApp();
    const { body } = await api<{ model: Record<string, unknown> }>('/machines/crown/PTH50');
    expect(body.model).toMatchObject({
      brand: 'Crown',
      code: 'PTH50',
      aliases: ['PTH50', 'PTH50-20'],
      partCount: 3,
      serialFormat: { example: '1A234567' },
    });
  });

  it('lists every model a page at a time for the build, with names and serial formats', async () => {
    const { api } = machineApp();
    type Listed = { id: number; code: string; aliases: string[]; serialFormat: unknown };
    const page = async (query: string) =>
      (await api<{ models: Listed[] }>(`/machines/models?${query}`)).body.models;
    const all = await page('');
    expect(all.map((model) => model.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => a - b));
    expect(all.find((model) => model.code === 'PTH50')).toMatchObject({
      aliases: ['PTH50', 'PTH50-20'],
      serialFormat: { example: '1A234567' },
    });
    expect(all[0]).not.toHaveProperty('partCount');
    const first = await page('limit=1&page=0');
    const second = await page('limit=1&page=1');
    expect([...first, ...second].map((model) => model.id)).toEqual(
      all.slice(0, 2).map((m) => m.id),
    );
    expect(await page(`limit=1&page=${String(all.length)}`)).toEqual([]);
    // A page size out of range is the largest or the smallest, never an error.
    expect(await page('limit=100000')).toHaveLength(all.length);
    expect(await page('limit=0&page=x')).toHaveLength(1);
  });

  it('finds the models a typed text names, the named brand first', async () => {
    const { api } = machineApp();
    const codes = async (q: string) =>
      (
        await api<{ models: { code: string }[] }>(`/machines/lookup?q=${encodeURIComponent(q)}`)
      ).body.models.map((model) => model.code);
    expect(await codes('pth 50 load wheel')).toEqual(['PTH50']);
    expect(await codes('PTH50-20')).toEqual(['PTH50']);
    expect(await codes('yale mpb 040')).toEqual(['MPB040']);
    expect(await codes('load wheel')).toEqual([]);
    expect(await codes('')).toEqual([]);
  });
});

describe('GET /api/products/filter?fits=', () => {
  it('lists only what may fit the model, universal parts too, each card with its verdict', async () => {
    const { api } = machineApp();
    const reply = await api<FilterReply>('/products/filter?fits=crown/pth50&sortBy=A_TO_Z');
    expect(handles(reply).sort()).toEqual(['hydraulic-seal-kit', 'lift-chain', 'poly-load-wheel']);
    const fit = Object.fromEntries(reply.body.products.map((card) => [card.handle, card.fit]));
    expect(fit['hydraulic-seal-kit']).toMatchObject({ verdict: 'fits', universal: false });
    expect(fit['lift-chain']).toEqual({ verdict: 'fits', universal: true, rows: [] });
    // No serial: the load wheel fits some PTH50s, so the shopper is asked to check.
    expect(fit['poly-load-wheel']).toMatchObject({
      verdict: 'check',
      rows: [{ serialFrom: '1A100000' }],
    });
    expect(reply.body.pageInfo.machine).toMatchObject({ code: 'PTH50', serial: null });
  });

  it('reads the serial through the brand, boundaries inclusive; outside a range is check', async () => {
    const { api } = machineApp();
    const verdict = async (serial: string) =>
      (
        await api<FilterReply>(
          `/products/filter?fits=crown/pth50&serial=${encodeURIComponent(serial)}`,
        )
      ).body.products.find((card) => card.handle === 'poly-load-wheel')?.fit?.verdict;
    expect(await verdict('1A100000')).toBe('fits');
    expect(await verdict('1a-100 001')).toBe('fits');
    expect(await verdict('1A099999')).toBe('check');
    expect(await verdict('not a serial')).toBe('check');
    expect(await verdict('2A100000')).toBe('check');
  });

  it('keeps the search text and its order within the fitting parts', async () => {
    const { api } = machineApp();
    const reply = await api<FilterReply>('/products/filter?fits=crown/pth50&q=wheel');
    expect(handles(reply)).toEqual(['poly-load-wheel']);
    expect((await api<FilterReply>('/products/filter?q=wheel')).body.products.length).toBe(2);
  });

  it('answers a model the store lacks with a 404, never every product', async () => {
    const { api } = machineApp();
    for (const fits of ['crown/pth99', 'pth50', '../x', 'crown/pth50/extra']) {
      expect(await api(`/products/filter?fits=${encodeURIComponent(fits)}`)).toEqual({
        status: 404,
        body: { error: 'Machine model not found.' },
      });
    }
  });

  it('gives a model with no parts an empty list; the parts call is the same list', async () => {
    const { api } = machineApp();
    expect(
      (await api<FilterReply>('/products/filter?fits=crown/wp3000')).body.pageInfo,
    ).toMatchObject({ totalObjects: 1 });
    const filter = await api<FilterReply>('/products/filter?fits=yale/mpb040&limit=8');
    const parts = await api<FilterReply>('/machines/yale/mpb040/parts?limit=8');
    expect(parts).toEqual(filter);
    expect(handles(parts).sort()).toEqual(['hydraulic-pump', 'lift-chain']);
  });

  it('leaves the cards of a list without fits= as they were', async () => {
    const { api } = machineApp();
    const { body } = await api<FilterReply>('/products/filter');
    expect(body.products.every((card) => !('fit' in card))).toBe(true);
    expect('machine' in body.pageInfo).toBe(false);
  });
});

describe('GET /api/products/handle/:handle/fitment', () => {
  it("lists a product's machines by brand, model and serial", async () => {
    const { api } = machineApp();
    const { body } = await api<{ fitment: unknown }>('/products/handle/poly-load-wheel/fitment');
    expect(body.fitment).toEqual({
      universal: false,
      rows: [
        {
          modelId: expect.any(Number) as number,
          brand: 'Crown',
          brandHandle: 'crown',
          model: 'PTH50',
          modelHandle: 'pth50',
          modelName: 'Crown PTH50',
          serialFrom: '1A100000',
          serialTo: null,
          position: 'load wheel',
          quantity: 2,
          note: '',
        },
      ],
    });
  });

  it('says universal, or nothing known, and 404 for a product it lacks', async () => {
    const { api } = machineApp();
    expect((await api('/products/handle/lift-chain/fitment')).body).toEqual({
      fitment: { universal: true, rows: [] },
    });
    expect((await api('/products/handle/nylon-steer-wheel/fitment')).body).toEqual({
      fitment: { universal: false, rows: [] },
    });
    expect((await api('/products/handle/nope/fitment')).status).toBe(404);
  });
});

describe("the build's bulk records", () => {
  it("carry each product's fitment, so a fitment change is a change of its record", async () => {
    const { app, db, ids } = machineApp();
    const bulk = async () => {
      const reply = await app.request('http://localhost/api/products/bulk?limit=100', {
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      });
      const { products } = (await reply.json()) as {
        products: { handle: string; Fitment: { universal: boolean; rows: unknown[] } }[];
      };
      return Object.fromEntries(products.map((p) => [p.handle, p.Fitment]));
    };
    const before = await bulk();
    expect(before['poly-load-wheel']).toEqual({
      universal: false,
      rows: [expect.objectContaining({ model: 'PTH50', serialFrom: '1A100000', quantity: 2 })],
    });
    expect(before['lift-chain']).toEqual({ universal: true, rows: [] });
    expect(before['nylon-steer-wheel']).toEqual({ universal: false, rows: [] });
    db.prepare('DELETE FROM product_fitment WHERE product_id = ?').run(ids['poly-load-wheel'] ?? 0);
    expect((await bulk())['poly-load-wheel']).toEqual({ universal: false, rows: [] });
  });
});
