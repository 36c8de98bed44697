import { describe, expect, it } from 'vitest';
import type { ResolvedLine, ResolveLine } from '../../shared/contracts/quick-order.ts';
import { resolveReplySchema } from '../../shared/contracts/quick-order.ts';
import { readProduct } from '../catalog/admin-read.ts';
import { upsertProduct } from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import { cartTestApp, type Shopper } from '../testing/cart.ts';

// POST /api/quick-order/resolve (issue 32, items 2 and 3) on the cart tests' catalogue, with
// parts of two makers under one number, other makers' numbers and a superseded part.

function seedParts(db: Database) {
  const part = (handle: string, vendor: string, sku: string, extra: Record<string, unknown> = {}) =>
    upsertProduct(db, {
      handle,
      title: `${vendor} ${handle}`,
      vendor,
      sku,
      price: 40,
      collections: ['wheels'],
      variants: [{ title: 'Default Title', price: 40, inventory: { availableQuantity: 20 } }],
      ...extra,
    });
  return {
    crownWheel: part('crown-wheel', 'Crown', '85288-001', {
      crossReferences: [
        { brand: 'Crown', number: '85288', relation: 'replaces' },
        { brand: 'Raymond', number: '1-2345', relation: 'interchangeable' },
      ],
    }),
    // One number, two makers: Caterpillar and Mitsubishi print the same ones.
    catFilter: part('cat-filter', 'Caterpillar', '91A02-12345'),
    mitFilter: part('mit-filter', 'Mitsubishi', '91A02-12345'),
    oldSeal: part('old-seal', 'Crown', '12000-100', {
      crossReferences: [{ brand: 'Crown', number: '12000-200', relation: 'superseded-by' }],
    }),
    newSeal: part('new-seal', 'Crown', '12000-200'),
  };
}

function setUp() {
  const app = cartTestApp();
  return { ...app, parts: seedParts(app.db) };
}

async function resolve(shopper: Shopper, lines: ResolveLine[]): Promise<ResolvedLine[]> {
  const reply = await shopper.call('POST', '/quick-order/resolve', { lines });
  expect(reply.status).toBe(200);
  return resolveReplySchema.parse(await reply.json()).lines;
}

const one = async (shopper: Shopper, part: string, quantity = 1) =>
  (await resolve(shopper, [{ part, quantity }]))[0];

describe('POST /api/quick-order/resolve', () => {
  it('resolves a number in any spelling a parts counter accepts, with price and line total', async () => {
    const { shopper } = setUp();
    for (const spelling of ['85288-001', '85288001', '85 288 001', '85.288/001']) {
      const line = await one(shopper, spelling, 3);
      expect(line?.status, spelling).toBe('resolved');
      if (line?.status !== 'resolved') continue;
      expect(line.product.handle).toBe('crown-wheel');
      expect(line.variant).toMatchObject({ price: 40, available: 20, inCart: 0 });
      expect(line.lineTotal).toBe(120);
      expect(line.reference).toBeUndefined();
    }
  });

  it("resolves another maker's number to the part that replaces it, and says so", async () => {
    const { shopper } = setUp();
    const line = await one(shopper, 'Raymond 1-2345');
    expect(line).toMatchObject({
      status: 'resolved',
      product: { handle: 'crown-wheel' },
      reference: { brand: 'Raymond', number: '1-2345', relation: 'interchangeable' },
    });
    expect(await one(shopper, '12345')).toMatchObject({
      reference: { brand: 'Raymond', relation: 'interchangeable' },
    });
  });

  it('never picks between two makers with the same number, unless the line names one', async () => {
    const { shopper, parts } = setUp();
    const line = await one(shopper, '91A02-12345');
    expect(line?.status).toBe('choose');
    if (line?.status !== 'choose') return;
    expect(line.candidates.map((c) => [c.vendor, c.match])).toEqual([
      ['Caterpillar', 'own'],
      ['Mitsubishi', 'own'],
    ]);
    expect(await one(shopper, 'Mitsubishi 91A02-12345')).toMatchObject({
      status: 'resolved',
      product: { id: parts.mitFilter },
    });
    // The shopper's choice, sent back with the line.
    const [chosen] = await resolve(shopper, [
      { part: '91A02-12345', quantity: 2, productId: parts.catFilter },
    ]);
    expect(chosen).toMatchObject({ status: 'resolved', product: { vendor: 'Caterpillar' } });
  });

  it('knows a maker added after an earlier call (the makers are read again after a change)', async () => {
    const { shopper, db } = setUp();
    expect(await one(shopper, 'Linde 0009399')).toMatchObject({ status: 'unknown' });
    upsertProduct(db, {
      handle: 'linde-brush',
      title: 'Linde carbon brush',
      vendor: 'Linde',
      sku: '0009399',
      price: 12,
      variants: [{ title: 'Default Title', price: 12, inventory: { availableQuantity: 5 } }],
    });
    expect(await one(shopper, 'Linde 0009399')).toMatchObject({
      status: 'resolved',
      product: { handle: 'linde-brush' },
    });
  });

  it('offers the part that supersedes one, and up to three near numbers for an unknown one', async () => {
    const { shopper, parts } = setUp();
    expect(await one(shopper, '12000-100')).toMatchObject({
      status: 'resolved',
      product: { handle: 'old-seal' },
      supersededBy: { id: parts.newSeal, sku: '12000-200' },
    });
    const unknown = await one(shopper, '12000-10O');
    expect(unknown?.status).toBe('unknown');
    if (unknown?.status !== 'unknown') return;
    expect(unknown.suggestions.map((s) => s.sku)).toEqual(['12000-100', '12000-200']);
    // 85288 is a number the wheel replaces; a number cut shorter suggests the one it begins.
    expect(await one(shopper, '85288')).toMatchObject({ status: 'resolved' });
    const short = await one(shopper, '8528');
    expect(short).toMatchObject({ status: 'unknown', suggestions: [{ sku: '85288-001' }] });
    expect(await one(shopper, 'zz')).toEqual({ status: 'unknown', suggestions: [] });
  });

  it('asks for the options of a product with several variants, and takes the one picked', async () => {
    const { shopper, levels, db } = setUp();
    // The pump's variants have numbers of their own (HP-S, HP-M, HP-L), and it one of its own.
    const pumpId = (
      db.prepare("SELECT id FROM products WHERE handle = 'hydraulic-pump'").get() as { id: number }
    ).id;
    const pump = readProduct(db, pumpId);
    if (!pump) throw new Error('no pump');
    upsertProduct(db, { ...pump, sku: 'HP-100' });
    const [byVariant] = await resolve(shopper, [{ part: 'hp-l', quantity: 1 }]);
    expect(byVariant).toMatchObject({
      status: 'resolved',
      variant: { levelId: levels.hydraulicLarge, title: 'Large', sku: 'HP-L' },
    });
    const [picker] = await resolve(shopper, [{ part: 'hp 100', quantity: 1 }]);
    expect(picker?.status).toBe('options');
    if (picker?.status !== 'options') return;
    expect(picker.options).toEqual(['Size']);
    expect(picker.variants.map((v) => [v.values['Size'], v.forSale])).toEqual([
      ['Small', false],
      ['Medium', true],
      ['Large', true],
    ]);
    const medium = picker.variants[1]?.id;
    const [picked] = await resolve(shopper, [
      { part: 'HP-100', quantity: 1, productId: pumpId, variantId: medium },
    ]);
    expect(picked).toMatchObject({
      status: 'resolved',
      problem: 'Hydraulic Pump (Medium) is out of stock.',
    });
  });

  it('counts the cart and the lines above against the stock, and says why a line cannot go', async () => {
    const { shopper, levels } = setUp();
    await shopper.add(levels.wheel, 2); // poly-load-wheel: 3 in stock
    const lines = await resolve(shopper, [
      { part: 'POLY-LOAD-WHEEL-SKU', quantity: 1 },
      { part: 'poly load wheel sku', quantity: 1 },
      { part: 'SEAL-KIT-SKU', quantity: 1 },
      { part: 'DISCONTINUED-PUMP-SKU', quantity: 1 },
      { part: 'CALL-FOR-PRICE-AXLE-SKU', quantity: 1 },
      { part: 'MADE-TO-ORDER-FORK-SKU', quantity: 500 },
    ]);
    expect(lines.map((line) => (line.status === 'resolved' ? line.problem : line.status))).toEqual([
      undefined,
      "Can't add more than 3 of Poly Load Wheel: only 3 in stock. You already have 3 in your cart.",
      'Seal Kit is out of stock.',
      'Item is not available for sale: Discontinued Pump.',
      'Please call us for the price of Steer Wheel Axle: it cannot be bought online.',
      undefined,
    ]);
    expect(lines[0]).toMatchObject({ variant: { available: 1, inCart: 2 } });
    expect(lines[5]).toMatchObject({ variant: { available: null }, lineTotal: 150_000 });
  });

  it('refuses more than 500 lines, a quantity out of range, and a call from another site', async () => {
    const { shopper } = setUp();
    const send = (body: unknown, headers?: Record<string, string>) =>
      shopper.call('POST', '/quick-order/resolve', body, headers);
    const many = Array.from({ length: 501 }, () => ({ part: 'X-1', quantity: 1 }));
    expect((await send({ lines: many })).status).toBe(400);
    expect((await send({ lines: [{ part: 'X-1', quantity: 0 }] })).status).toBe(400);
    expect(
      (await send({ lines: [{ part: 'X-1', quantity: 1 }] }, { origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
  });
});

describe('POST /api/checkouts/lineItems/batch', () => {
  it('adds the lines it can in one call, refuses the others with their reason, and replays a retry', async () => {
    const { shopper, levels } = setUp();
    const lines = [
      { inventoryLevelId: levels.wheel, quantity: 2 },
      { inventoryLevelId: levels.sealKit, quantity: 1 },
      { inventoryLevelId: levels.wheel, quantity: 2 },
      { inventoryLevelId: 999_999, quantity: 1 },
      { inventoryLevelId: levels.chain, quantity: 5 },
    ];
    const key = { 'idempotency-key': 'quick-order-chunk-1' };
    const first = await shopper.call(
      'POST',
      '/checkouts/lineItems/batch',
      { lineItems: lines },
      key,
    );
    expect(first.status).toBe(200);
    const body = (await first.json()) as {
      checkout: { LineItems: { inventoryLevelId: number; currentQuantity: number }[] };
      results: { added: boolean; error?: string }[];
    };
    expect(body.results.map((r) => r.error ?? 'added')).toEqual([
      'added',
      'Seal Kit is out of stock.',
      "Can't add more than 3 of Poly Load Wheel: only 3 in stock. You already have 2 in your cart.",
      'That item was not found. It may have been removed from the store.',
      'added',
    ]);
    const held = () =>
      shopper
        .cart()
        .then((cart) => cart.LineItems.map((l) => [l.inventoryLevelId, l.currentQuantity]));
    expect(await held()).toEqual([
      [levels.wheel, 2],
      [levels.chain, 5],
    ]);
    // The same chunk sent again (a lost reply): the same answer, nothing added twice.
    const again = await shopper.call(
      'POST',
      '/checkouts/lineItems/batch',
      { lineItems: lines },
      key,
    );
    expect(((await again.json()) as typeof body).results).toEqual(body.results);
    expect(await held()).toEqual([
      [levels.wheel, 2],
      [levels.chain, 5],
    ]);
  });

  it('takes at most 100 lines a call', async () => {
    const { shopper, levels } = setUp();
    const lineItems = Array.from({ length: 101 }, () => ({
      inventoryLevelId: levels.chain,
      quantity: 1,
    }));
    const reply = await shopper.call('POST', '/checkouts/lineItems/batch', { lineItems });
    expect(reply.status).toBe(400);
  });
});
