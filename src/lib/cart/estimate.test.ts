import { describe, expect, it } from 'vitest';
import { estimateView, readEstimate } from './estimate.ts';

describe('readEstimate', () => {
  it('reads shipping and tax rate', () => {
    expect(readEstimate({ shipping: 14.99, taxRate: 0.06 })).toEqual({
      shipping: 14.99,
      taxRate: 0.06,
    });
    expect(readEstimate({ shipping: 0, taxRate: 0 })).toEqual({ shipping: 0, taxRate: 0 });
  });

  it('refuses a malformed reply', () => {
    for (const bad of [
      null,
      'x',
      {},
      { shipping: '1', taxRate: 0 },
      { shipping: 1 },
      { shipping: -1, taxRate: 0 },
    ]) {
      expect(readEstimate(bad)).toBeUndefined();
    }
  });
});

describe('estimateView', () => {
  it('adds shipping and tax on the discounted subtotal', () => {
    expect(estimateView({ shipping: 14.99, taxRate: 0.0625 }, 100, 100)).toEqual({
      shipping: 14.99,
      taxPercent: 6.25,
      tax: 6.25,
      total: 121.24,
    });
  });

  it('rounds tax to the cent', () => {
    expect(estimateView({ shipping: 0, taxRate: 0.07 }, 10.05, 10.05).tax).toBe(0.7);
  });
});
