import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import {
  addLines,
  addProducts,
  findLevel,
  productLevels,
  quantityInCart,
  removeLine,
  setLine,
  stockRefusal,
  type LevelInfo,
} from './lines.ts';
import { insertCheckout } from './session.ts';
import { seedCartCatalogue } from '../testing/cart.ts';

const level = (over: Partial<LevelInfo>): LevelInfo => ({
  id: 1,
  name: 'Poly Load Wheel',
  priceCents: 2599,
  availableForSale: true,
  availableQuantity: 3,
  bypassNegativeQuantity: false,
  ...over,
});

describe('stockRefusal', () => {
  it('allows up to the available quantity', () => {
    expect(stockRefusal(level({}), 0, 3)).toBeUndefined();
    expect(stockRefusal(level({}), 0, 4)).toBe(
      "Can't add more than 3 of Poly Load Wheel: only 3 in stock.",
    );
  });

  it('mentions what the cart already holds', () => {
    expect(stockRefusal(level({}), 2, 4)).toBe(
      "Can't add more than 3 of Poly Load Wheel: only 3 in stock. You already have 2 in your cart.",
    );
  });

  it('says out of stock at 0 or below', () => {
    expect(stockRefusal(level({ availableQuantity: 0 }), 0, 1)).toBe(
      'Poly Load Wheel is out of stock.',
    );
    expect(stockRefusal(level({ availableQuantity: -2 }), 0, 1)).toBe(
      'Poly Load Wheel is out of stock.',
    );
  });

  it('has no stock limit with bypassNegativeQuantity, but keeps the line maximum', () => {
    const bypass = level({ availableQuantity: 0, bypassNegativeQuantity: true });
    expect(stockRefusal(bypass, 0, 500)).toBeUndefined();
    expect(stockRefusal(bypass, 0, 10_000)).toBe(
      'You can have at most 9999 of Poly Load Wheel in your cart.',
    );
  });

  it('refuses increases of an item not for sale, but allows lowering anything', () => {
    const gone = level({ availableForSale: false, availableQuantity: 0 });
    expect(stockRefusal(gone, 0, 1)).toBe('Item is not available for sale: Poly Load Wheel.');
    expect(stockRefusal(gone, 5, 2)).toBeUndefined();
    expect(stockRefusal(level({ availableQuantity: 1 }), 5, 5)).toBeUndefined();
  });

  it('refuses any unit priced 0, in stock or unlimited, but lets a shopper lower its line', () => {
    const free = level({ priceCents: 0, availableQuantity: 8 });
    const refusal = 'Please call us for the price of Poly Load Wheel: it cannot be bought online.';
    expect(stockRefusal(free, 0, 1)).toBe(refusal);
    expect(stockRefusal(level({ priceCents: 0, bypassNegativeQuantity: true }), 0, 1)).toBe(
      refusal,
    );
    expect(stockRefusal(free, 2, 3)).toBe(refusal);
    expect(stockRefusal(free, 3, 1)).toBeUndefined();
    expect(stockRefusal(level({ priceCents: 1 }), 0, 1)).toBeUndefined();
  });
});

describe('line changes on the database', () => {
  const setup = () => {
    const db = openDatabase(':memory:');
    const levels = seedCartCatalogue(db);
    return { db, levels, checkout: insertCheckout(db) };
  };

  it('finds a level with a readable name, or 404', () => {
    const { db, levels } = setup();
    expect(findLevel(db, levels.hydraulicLarge)).toMatchObject({
      name: 'Hydraulic Pump (Large)',
      availableQuantity: 2,
    });
    expect(findLevel(db, levels.wheel).name).toBe('Poly Load Wheel');
    expect(() => findLevel(db, 123_456)).toThrow(HttpError);
  });

  it("lists a product's levels first variant first", () => {
    const { db, levels } = setup();
    const id = (
      db.prepare("SELECT id FROM products WHERE handle = 'hydraulic-pump'").get() as {
        id: number;
      }
    ).id;
    expect(productLevels(db, id).map((l) => l.id)).toEqual([
      levels.hydraulicSmall,
      levels.hydraulicMedium,
      levels.hydraulicLarge,
    ]);
  });

  it('adds, sets and removes, keeping each line in place', () => {
    const { db, levels, checkout } = setup();
    addLines(db, checkout, [{ inventoryLevelId: levels.chain, quantity: 1 }]);
    addLines(db, checkout, [{ inventoryLevelId: levels.wheel, quantity: 1 }]);
    setLine(db, checkout, { inventoryLevelId: levels.chain, quantity: 9 });
    expect(quantityInCart(db, checkout, levels.chain)).toBe(9);
    const ids = db
      .prepare('SELECT id, inventory_level_id FROM checkout_line_items ORDER BY id')
      .all() as { id: number; inventory_level_id: number }[];
    expect(ids.map((row) => row.inventory_level_id)).toEqual([levels.chain, levels.wheel]);
    setLine(db, checkout, { inventoryLevelId: levels.chain, quantity: 0 });
    expect(quantityInCart(db, checkout, levels.chain)).toBe(0);
    removeLine(db, checkout, ids[1]?.id ?? 0);
    expect(quantityInCart(db, checkout, levels.wheel)).toBe(0);
    expect(() => removeLine(db, checkout, ids[1]?.id ?? 0)).toThrow(
      'That item is not in your cart.',
    );
    expect(() => removeLine(db, undefined, 1)).toThrow('That item is not in your cart.');
  });

  it('picks the first variant that can take one more for a product', () => {
    const { db, levels, checkout } = setup();
    addProducts(db, checkout, ['hydraulic-pump']);
    expect(quantityInCart(db, checkout, levels.hydraulicLarge)).toBe(1);
    db.prepare('UPDATE inventory_levels SET available_quantity = 1 WHERE id = ?').run(
      levels.hydraulicMedium,
    );
    addProducts(db, checkout, ['hydraulic-pump', 'hydraulic-pump']);
    expect(quantityInCart(db, checkout, levels.hydraulicMedium)).toBe(1);
    expect(quantityInCart(db, checkout, levels.hydraulicLarge)).toBe(2);
  });

  it('adds no line priced 0, by level or by handle', () => {
    const { db, levels, checkout } = setup();
    const refusal = 'Please call us for the price of Steer Wheel Axle: it cannot be bought online.';
    expect(findLevel(db, levels.callForPrice)).toMatchObject({
      priceCents: 0,
      availableQuantity: 8,
    });
    expect(() =>
      addLines(db, checkout, [{ inventoryLevelId: levels.callForPrice, quantity: 1 }]),
    ).toThrow(refusal);
    expect(() =>
      setLine(db, checkout, { inventoryLevelId: levels.callForPrice, quantity: 1 }),
    ).toThrow(refusal);
    expect(() => addProducts(db, checkout, ['call-for-price-axle'])).toThrow(refusal);
    expect(quantityInCart(db, checkout, levels.callForPrice)).toBe(0);
  });
});
