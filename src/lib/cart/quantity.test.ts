import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '../../../shared/contracts/cart.ts';
import {
  addDisabled,
  cantAddMoreThan,
  checkQuantity,
  digitsOnly,
  INVALID_QUANTITY,
  lineLimits,
  minusDisabled,
  mostAllowed,
  NOT_FOR_SALE,
  plusDisabled,
  QUANTITY_ABOVE_ZERO,
  QUANTITY_COMMIT_MS,
} from './quantity.ts';

const stock = { remaining: 3, availableForSale: true };
const unlimited = { remaining: Infinity, availableForSale: true };

describe('constants and messages', () => {
  it('match the spec', () => {
    expect(QUANTITY_COMMIT_MS).toBe(800);
    expect(cantAddMoreThan(4)).toBe("Can't add more than 4");
    expect(NOT_FOR_SALE).toBe('Item is not available for sale');
    expect(INVALID_QUANTITY).toBe('Invalid quantity');
    expect(QUANTITY_ABOVE_ZERO).toBe('Quantity must be greater than 0');
  });
});

describe('digitsOnly', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('1a2-3 .4')).toBe('1234');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('checkQuantity', () => {
  it('accepts a whole number above 0 within what remains', () => {
    expect(checkQuantity('3', stock)).toEqual({ ok: true, quantity: 3 });
    expect(checkQuantity('01', stock)).toEqual({ ok: true, quantity: 1 });
    expect(checkQuantity('500', unlimited)).toEqual({ ok: true, quantity: 500 });
  });

  it('gives the four messages of the spec', () => {
    expect(checkQuantity('4', stock)).toEqual({ ok: false, message: "Can't add more than 3" });
    expect(checkQuantity('1', { ...stock, availableForSale: false })).toEqual({
      ok: false,
      message: 'Item is not available for sale',
    });
    expect(checkQuantity('', stock)).toEqual({ ok: false, message: 'Invalid quantity' });
    expect(checkQuantity('abc', stock)).toEqual({ ok: false, message: 'Invalid quantity' });
    expect(checkQuantity('99999999999999999999', stock)).toEqual({
      ok: false,
      message: 'Invalid quantity',
    });
    expect(checkQuantity('0', stock)).toEqual({
      ok: false,
      message: 'Quantity must be greater than 0',
    });
  });

  it('holds the API cap of 9,999 a line, with the same words', () => {
    expect(MAX_LINE_QUANTITY).toBe(9999);
    expect(checkQuantity('9999', unlimited)).toEqual({ ok: true, quantity: 9999 });
    expect(checkQuantity('10000', unlimited)).toEqual({
      ok: false,
      message: "Can't add more than 9999",
    });
    expect(checkQuantity('10000', { remaining: 50_000, availableForSale: true })).toEqual({
      ok: false,
      message: "Can't add more than 9999",
    });
  });

  it('counts what the line holds already against the cap (an add)', () => {
    const holding = { ...unlimited, inCart: 9990 };
    expect(checkQuantity('9', holding)).toEqual({ ok: true, quantity: 9 });
    expect(checkQuantity('10', holding)).toEqual({ ok: false, message: "Can't add more than 9" });
    expect(mostAllowed({ ...unlimited, inCart: MAX_LINE_QUANTITY + 5 })).toBe(0);
  });

  // One rule for both quantity fields: the buy box adds to a line, the cart page sets one.
  it('says the same on the buy box and on a cart line', () => {
    const line = { availableQuantity: null, availableForSale: true, bypassNegativeQuantity: true };
    const buyBox = checkQuantity('12000', {
      remaining: Infinity,
      inCart: 0,
      availableForSale: true,
    });
    const cartLine = checkQuantity('12000', lineLimits(line));
    expect(buyBox).toEqual(cartLine);
    expect(cartLine).toEqual({ ok: false, message: cantAddMoreThan(MAX_LINE_QUANTITY) });
  });
});

describe('lineLimits', () => {
  const line = { availableQuantity: 5, availableForSale: true, bypassNegativeQuantity: false };
  it("is the line's stock, unlimited with bypassNegativeQuantity or unknown stock", () => {
    expect(lineLimits(line)).toEqual({ remaining: 5, availableForSale: true });
    expect(lineLimits({ ...line, availableQuantity: -3 }).remaining).toBe(0);
    expect(lineLimits({ ...line, bypassNegativeQuantity: true }).remaining).toBe(Infinity);
    expect(lineLimits({ ...line, availableQuantity: null }).remaining).toBe(Infinity);
    expect(lineLimits({ ...line, availableForSale: false }).availableForSale).toBe(false);
  });
});

describe('buttons', () => {
  it('minus is disabled when the quantity would reach 0, or while updating', () => {
    expect([minusDisabled(1, false), minusDisabled(2, false), minusDisabled(2, true)]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('plus is disabled when there is no room for one more, or no sale', () => {
    expect(plusDisabled(2, stock)).toBe(false);
    expect(plusDisabled(3, stock)).toBe(true);
    expect(plusDisabled(1, { remaining: 0, availableForSale: true })).toBe(true);
    expect(plusDisabled(1000, unlimited)).toBe(false);
    expect(plusDisabled(MAX_LINE_QUANTITY, unlimited)).toBe(true);
    expect(plusDisabled(1, { ...stock, availableForSale: false })).toBe(true);
  });

  it('Add to Cart is disabled when updating, not for sale, or nothing remains', () => {
    expect(addDisabled(false, { remaining: 1, availableForSale: true })).toBe(false);
    expect(addDisabled(true, { remaining: 1, availableForSale: true })).toBe(true);
    expect(addDisabled(false, { remaining: 1, availableForSale: false })).toBe(true);
    expect(addDisabled(false, { remaining: 0, availableForSale: true })).toBe(true);
    expect(addDisabled(false, { ...unlimited, inCart: MAX_LINE_QUANTITY })).toBe(true);
  });
});
