import { describe, expect, it } from 'vitest';
import { CALL_FOR_PRICE, priceText, soldOnline } from './call-for-price.ts';

describe('soldOnline', () => {
  it('sells any price above 0 online', () => {
    expect(soldOnline(0.01)).toBe(true);
    expect(soldOnline(1)).toBe(true);
    expect(soldOnline(2599)).toBe(true);
  });

  it('asks the shopper to call for 0, and for anything that is not a price', () => {
    expect(soldOnline(0)).toBe(false);
    expect(soldOnline(-0)).toBe(false);
    expect(soldOnline(-5)).toBe(false);
    expect(soldOnline(Number.NaN)).toBe(false);
  });
});

describe('priceText', () => {
  it('formats a price in the store currency with 2 decimals', () => {
    expect(priceText(1234.5, 'USD')).toBe('$1,234.50');
    expect(priceText(0.01, 'USD')).toBe('$0.01');
  });

  it('says to call for the price where the price is 0, never $0.00', () => {
    expect(priceText(0, 'USD')).toBe(CALL_FOR_PRICE);
    expect(CALL_FOR_PRICE).toBe('Please call us for price on this product.');
  });
});
