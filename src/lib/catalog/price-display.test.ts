import { describe, expect, it } from 'vitest';
import { CALL_FOR_PRICE, priceDisplay, showsCompareAt } from './price-display.ts';

const item = (price: number, compareAtPrice: number | null, availableForSale = true) => ({
  price,
  compareAtPrice,
  availableForSale,
});

describe('priceDisplay', () => {
  it('shows the price with 2 decimals in the store currency', () => {
    expect(priceDisplay(item(1234.5, null), 'USD')).toEqual({
      price: '$1,234.50',
      compareAt: null,
      saving: null,
    });
  });

  it('asks to call for a price of 0, without a compare-at price', () => {
    expect(priceDisplay(item(0, 20), 'USD')).toEqual({
      price: CALL_FOR_PRICE,
      compareAt: null,
      saving: null,
    });
  });

  it('shows the compare-at price and the saving when it is higher', () => {
    expect(priceDisplay(item(10.1, 12.5), 'USD')).toEqual({
      price: '$10.10',
      compareAt: '$12.50',
      saving: '$2.40',
    });
  });

  it('hides compare-at when not for sale, equal, lower or missing', () => {
    expect(showsCompareAt(item(10, 12, false))).toBe(false);
    expect(showsCompareAt(item(10, 10))).toBe(false);
    expect(showsCompareAt(item(10, 8))).toBe(false);
    expect(showsCompareAt(item(10, null))).toBe(false);
    expect(showsCompareAt(item(10, Number.NaN))).toBe(false);
    expect(priceDisplay(item(10, 12, false), 'USD').saving).toBeNull();
  });
});
