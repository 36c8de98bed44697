import { describe, expect, it } from 'vitest';
import {
  anyPurchasable,
  apiCardStock,
  cardAddDisabled,
  cardStock,
  remainingOf,
  stockSource,
} from './quantity.ts';

const level = (id: number, availableQuantity: number, bypass = false, forSale = true) => ({
  id,
  availableQuantity,
  bypassNegativeQuantity: bypass,
  availableForSale: forSale,
});
const v = (title: string, variantPosition: number, qty: number, bypass = false) => ({
  title,
  variantPosition,
  price: 25.99,
  availableForSale: true,
  availableQuantity: qty,
  availableInventoryLevels: [level(variantPosition * 10, qty, bypass)],
});
const none = () => 0;

describe('stockSource', () => {
  const a = v('Red', 2, 1);
  const b = v('Blue', 1, 2);
  const d = v('Default Title', 3, 3);
  it('is the selected variant first', () => {
    expect(stockSource([a, b, d], a)).toBe(a);
  });
  it('else the single variant', () => {
    expect(stockSource([a], undefined)).toBe(a);
  });
  it("else the one titled 'Default Title'", () => {
    expect(stockSource([a, b, d], undefined)).toBe(d);
  });
  it('else the one at position 1', () => {
    expect(stockSource([a, b], undefined)).toBe(b);
    expect(stockSource([a], undefined)).toBe(a);
    expect(stockSource([], undefined)).toBeUndefined();
  });
});

describe('anyPurchasable', () => {
  it('is true while any variant has stock, whatever the first one has', () => {
    expect(anyPurchasable([v('S', 1, 0), v('M', 2, 0), v('L', 3, 626)])).toBe(true);
    expect(anyPurchasable([v('S', 1, 0), v('M', 2, 0, true)])).toBe(true);
  });
  it('is false when no variant can be bought', () => {
    expect(anyPurchasable([v('S', 1, 0), v('M', 2, 0)])).toBe(false);
    expect(anyPurchasable([{ ...v('S', 1, 5), availableForSale: false }])).toBe(false);
    expect(anyPurchasable([])).toBe(false);
  });
  it('is false when the variants in stock are priced 0 (call for price)', () => {
    expect(anyPurchasable([{ ...v('S', 1, 5), price: 0 }, v('M', 2, 0)])).toBe(false);
    expect(anyPurchasable([{ ...v('S', 1, 5), price: 0 }, v('M', 2, 1)])).toBe(true);
  });
});

describe('remainingOf', () => {
  it('subtracts what the cart holds of that level', () => {
    const red = v('Red', 1, 5);
    expect(remainingOf(red, (id) => (id === 10 ? 3 : 99))).toEqual({
      levelId: 10,
      remaining: 2,
      availableForSale: true,
    });
    expect(remainingOf(red, () => 8).remaining).toBe(0);
  });
  it('is unlimited with bypassNegativeQuantity, whatever the cart holds', () => {
    expect(remainingOf(v('Red', 1, 0, true), () => 50).remaining).toBe(Number.POSITIVE_INFINITY);
  });
  it('never goes below 0 for negative stock', () => {
    expect(remainingOf(v('Red', 1, -4), none).remaining).toBe(0);
  });
  it('falls back to the level stock when the variant has no quantity', () => {
    expect(remainingOf({ ...v('Red', 1, 4), availableQuantity: null }, none).remaining).toBe(4);
  });
  it('cannot buy a variant without a level or without a variant', () => {
    expect(remainingOf({ ...v('Red', 1, 4), availableInventoryLevels: [] }, none)).toEqual({
      levelId: null,
      remaining: 0,
      availableForSale: false,
    });
    expect(remainingOf(undefined, none).availableForSale).toBe(false);
  });
  it('is not for sale when the variant or its level is not', () => {
    expect(remainingOf({ ...v('Red', 1, 4), availableForSale: false }, none).availableForSale).toBe(
      false,
    );
    const closed = { ...v('Red', 1, 4), availableInventoryLevels: [level(1, 4, false, false)] };
    expect(remainingOf(closed, none).availableForSale).toBe(false);
  });
  it('is not for sale online at a price of 0, whatever its stock', () => {
    expect(remainingOf({ ...v('Red', 1, 4), price: 0 }, none)).toEqual({
      levelId: 10,
      remaining: 4,
      availableForSale: false,
    });
    expect(remainingOf({ ...v('Red', 1, 0, true), price: 0 }, none).availableForSale).toBe(false);
  });
});

describe('button rules', () => {
  it('the card button adds the add-to-order rule', () => {
    const ok = { updating: false, availableForSale: true, remaining: 2, addingToOrder: false };
    expect(cardAddDisabled(ok)).toBe(false);
    expect(cardAddDisabled({ ...ok, updating: true })).toBe(true);
    expect(cardAddDisabled({ ...ok, availableForSale: false })).toBe(true);
    expect(cardAddDisabled({ ...ok, remaining: 0 })).toBe(true);
    expect(cardAddDisabled({ ...ok, remaining: -1 })).toBe(true);
    expect(cardAddDisabled({ ...ok, addingToOrder: true })).toBe(true);
  });
});

describe('cardStock', () => {
  it('takes the first level in variant order', () => {
    const product = {
      price: 25.99,
      availableForSale: true,
      Variants: [
        { variantPosition: 2, availableInventoryLevels: [level(22, 9)] },
        { variantPosition: 1, availableInventoryLevels: [level(11, 4)] },
      ],
    };
    expect(cardStock(product)).toEqual({ levelId: 11, available: 4, availableForSale: true });
  });
  it('is unlimited with bypassNegativeQuantity and not for sale when either says so', () => {
    expect(
      cardStock({
        price: 10,
        availableForSale: true,
        Variants: [{ variantPosition: 1, availableInventoryLevels: [level(5, -2, true)] }],
      }),
    ).toEqual({ levelId: 5, available: null, availableForSale: true });
    expect(
      cardStock({
        price: 10,
        availableForSale: false,
        Variants: [{ variantPosition: 1, availableInventoryLevels: [level(5, 2)] }],
      })?.availableForSale,
    ).toBe(false);
  });
  it('is null without any level', () => {
    expect(
      cardStock({
        price: 10,
        availableForSale: true,
        Variants: [{ variantPosition: 1, availableInventoryLevels: [] }],
      }),
    ).toBeNull();
  });
  it('is null at a price of 0: the card asks the shopper to call and links to the page', () => {
    expect(
      cardStock({
        price: 0,
        availableForSale: true,
        Variants: [{ variantPosition: 1, availableInventoryLevels: [level(5, 12)] }],
      }),
    ).toBeNull();
  });
});

describe('apiCardStock', () => {
  it('reads the API card', () => {
    const base = { id: 1, handle: 'a', title: 'A', price: 1, availableForSale: false };
    expect(apiCardStock({ ...base, inventoryLevelId: 3, availableQuantity: -2 })).toEqual({
      levelId: 3,
      available: 0,
      availableForSale: false,
    });
    expect(apiCardStock(base)).toBeNull();
  });
  it('gives a card priced 0 nothing to add, though its level is for sale (issue 29)', () => {
    const base = { id: 1, handle: 'a', title: 'A', price: 0, availableForSale: true };
    expect(apiCardStock({ ...base, inventoryLevelId: 3, availableQuantity: 5 })).toBeNull();
  });
});
