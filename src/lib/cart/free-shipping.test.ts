import { describe, expect, it } from 'vitest';
import { freeShippingProgress } from './free-shipping.ts';

describe('freeShippingProgress', () => {
  it('says how much more to spend', () => {
    expect(freeShippingProgress(199, 150)).toBe('Spend $49.00 more and get free shipping!');
    expect(freeShippingProgress(199, 198.99)).toBe('Spend $0.01 more and get free shipping!');
  });

  it('says the cart is eligible at or above the amount', () => {
    expect(freeShippingProgress(199, 199)).toBe("You're eligible for free shipping!");
    expect(freeShippingProgress(0, 0)).toBe("You're eligible for free shipping!");
  });

  it('says nothing when the store has no free shipping (-1) or the amount is unknown', () => {
    expect(freeShippingProgress(-1, 500)).toBeNull();
    expect(freeShippingProgress(null, 500)).toBeNull();
    expect(freeShippingProgress(undefined, 500)).toBeNull();
    expect(freeShippingProgress(Number.NaN, 500)).toBeNull();
  });
});
