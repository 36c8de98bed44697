import { describe, expect, it } from 'vitest';
import {
  QUANTITY_DEBOUNCE_MS,
  checkQuantity,
  digitsOnly,
  maxQuantity,
  minusDisabled,
  plusDisabled,
} from './quantity.ts';
import { minusDisabled as buyBoxMinusDisabled } from '../product/quantity.ts';

const line = { availableQuantity: 5, availableForSale: true, bypassNegativeQuantity: false };

describe('digitsOnly', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('1a2-3 .4')).toBe('1234');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('checkQuantity', () => {
  it('accepts a quantity above 0 and within stock', () => {
    expect(checkQuantity('3', line)).toEqual({ quantity: 3 });
    expect(checkQuantity('5', line)).toEqual({ quantity: 5 });
    expect(checkQuantity('0004', line)).toEqual({ quantity: 4 });
  });

  it("says Can't add more than {available}", () => {
    expect(checkQuantity('6', line)).toEqual({ error: "Can't add more than 5" });
  });

  it('says Item is not available for sale', () => {
    expect(checkQuantity('1', { ...line, availableForSale: false })).toEqual({
      error: 'Item is not available for sale',
    });
  });

  it('says Invalid quantity for an empty or absurd entry', () => {
    expect(checkQuantity('', line)).toEqual({ error: 'Invalid quantity' });
    expect(checkQuantity('abc', line)).toEqual({ error: 'Invalid quantity' });
    expect(checkQuantity('99999999999999999999', line)).toEqual({ error: 'Invalid quantity' });
  });

  it('says Quantity must be greater than 0', () => {
    expect(checkQuantity('0', line)).toEqual({ error: 'Quantity must be greater than 0' });
  });

  it('has no upper bound with bypassNegativeQuantity or unknown stock', () => {
    expect(checkQuantity('500', { ...line, bypassNegativeQuantity: true })).toEqual({
      quantity: 500,
    });
    expect(checkQuantity('500', { ...line, availableQuantity: null })).toEqual({ quantity: 500 });
  });
});

describe('buttons', () => {
  // One spec rule with two copies, the cart line's and the buy box's (kept apart so that the
  // product page's bundle does not split a shared chunk off): both are held to it here.
  it.each([
    ['a cart line', minusDisabled],
    ['the buy box', buyBoxMinusDisabled],
  ])('minus of %s is disabled when the quantity would reach 0, or while updating', (_, rule) => {
    expect([rule(1, false), rule(2, false), rule(2, true)]).toEqual([true, false, true]);
  });

  it('plus is disabled when no stock remains', () => {
    expect(plusDisabled(4, line)).toBe(false);
    expect(plusDisabled(5, line)).toBe(true);
    expect(plusDisabled(5, { ...line, bypassNegativeQuantity: true })).toBe(false);
    expect(plusDisabled(1, { ...line, availableForSale: false })).toBe(true);
    expect(maxQuantity({ ...line, availableQuantity: -3 })).toBe(0);
  });

  it('commits after 800 ms', () => {
    expect(QUANTITY_DEBOUNCE_MS).toBe(800);
  });
});
