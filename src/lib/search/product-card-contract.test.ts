import { describe, expect, it } from 'vitest';
import { fixtureApp } from '../../../server/testing/catalogue.ts';
import { parseProductsReply } from './card-reply.ts';
import { parseFilterReply } from './filter-reply.ts';
import { cardSchema } from '../../../shared/contracts/product-card.ts';

describe('the product card wire contract', () => {
  it("holds for the reference server's lists", async () => {
    const { get, ids } = fixtureApp();
    const filter = parseFilterReply((await get('/filter?limit=10')).body);
    expect(filter.products.length).toBeGreaterThan(1);
    expect(filter.products.every((card) => card.handle.length > 0)).toBe(true);
    const wanted = Object.values(ids).slice(0, 2);
    const listed = parseProductsReply((await get(`?productIds=${wanted.join(',')}`)).body);
    expect(listed.map((card) => card.id).sort()).toEqual([...wanted].sort());
  });

  it('refuses a card that drifted', () => {
    const card = { id: 1, handle: 'a', title: 'A', price: 5, availableForSale: true };
    expect(cardSchema.safeParse(card).success).toBe(true);
    expect(cardSchema.safeParse({ ...card, price: '5.00' }).success).toBe(false);
    expect(cardSchema.safeParse({ ...card, availableForSale: undefined }).success).toBe(false);
  });

  it("reads a card's verdict under a chosen machine, and a card without one (issue 31)", () => {
    const card = { id: 1, handle: 'a', title: 'A', price: 5, availableForSale: true };
    const row = {
      serialFrom: 'SZ1',
      serialTo: null,
      position: 'load wheel',
      quantity: 2,
      note: '',
    };
    const fit = { verdict: 'check', universal: false, rows: [row] };
    expect(cardSchema.parse({ ...card, fit }).fit).toEqual(fit);
    expect(cardSchema.parse({ ...card, fit: null }).fit).toBeNull();
    expect(cardSchema.parse(card).fit).toBeUndefined();
    // Any other verdict reads, and its badge says 'check' (machine-filter.test.ts): the schema
    // keeps to the kinds of check the islands already share (product-card.ts).
    expect(cardSchema.safeParse({ ...card, fit: { ...fit, verdict: 'maybe' } }).success).toBe(true);
    for (const drifted of [
      { ...fit, verdict: 2 },
      { ...fit, universal: 'no' },
      { ...fit, rows: [{ ...row, quantity: '2' }] },
      { ...fit, rows: [{ ...row, serialTo: undefined }] },
    ]) {
      expect(cardSchema.safeParse({ ...card, fit: drifted }).success).toBe(false);
    }
  });

  it("holds for the reference server's list under a machine, with pageInfo.machine", async () => {
    const { get, db, ids } = fixtureApp();
    const model = db
      .prepare(
        `INSERT INTO machine_models (brand, brand_handle, code, handle, name, machine_type)
         VALUES ('Crown', 'crown', 'PTH50', 'pth50', 'Crown PTH50 pallet jack', 'pallet-jack')
         RETURNING id`,
      )
      .get() as { id: number };
    db.prepare(
      `INSERT INTO product_fitment (product_id, model_id, serial_from, serial_to, position, quantity)
       VALUES (?, ?, '1A100000', NULL, 'load wheel', 2)`,
    ).run(ids['poly-load-wheel'] ?? 0, model.id);
    const reply = parseFilterReply((await get('/filter?fits=crown/pth50')).body);
    expect(reply.pageInfo.machine).toMatchObject({ brand: 'Crown', code: 'PTH50', serial: null });
    expect(reply.products.map((card) => card.fit?.verdict)).toEqual(['check']);
    const plain = parseFilterReply((await get('/filter?limit=4')).body);
    expect(plain.pageInfo.machine ?? null).toBeNull();
    expect(plain.products.every((card) => card.fit == null)).toBe(true);
  });
});
