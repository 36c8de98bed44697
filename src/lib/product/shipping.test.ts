import { describe, expect, it } from 'vitest';
import {
  freeShippingNotice,
  offersFreeShipping,
  REASSURANCES,
  reassuranceTips,
  shippingAmountText,
  shippingLine,
} from './shipping.ts';

describe('freeShippingNotice', () => {
  it('names the threshold', () => {
    expect(freeShippingNotice(199)).toEqual({
      offered: true,
      text: 'Orders over $199 Ships for FREE!',
    });
    expect(freeShippingNotice(1499.5).text).toBe('Orders over $1,499.50 Ships for FREE!');
    expect(freeShippingNotice(0).text).toBe('Orders over $0 Ships for FREE!');
  });

  it('says there is none for -1', () => {
    expect(freeShippingNotice(-1)).toEqual({
      offered: false,
      text: 'No Free Shipping Options Available',
    });
  });

  it('treats any other negative or non-finite amount as none', () => {
    expect(freeShippingNotice(-5).offered).toBe(false);
    // A product that does not qualify reads the flat rate alone.
    expect(freeShippingNotice(199, false)).toEqual({ offered: false, text: 'Flat-Rate Shipping' });
    expect(freeShippingNotice(-1, false).text).toBe('No Free Shipping Options Available');
    expect(freeShippingNotice(Number.NaN).offered).toBe(false);
    expect(offersFreeShipping(Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('shippingAmountText', () => {
  it('writes whole amounts without decimals and others with two', () => {
    expect([199, 2500, 99.9].map(shippingAmountText)).toEqual(['199', '2,500', '99.90']);
  });
});

describe('shippingLine', () => {
  it('is free for an eligible product', () => {
    expect(shippingLine(true, 199)).toEqual({
      eligible: true,
      line: '+ Free Shipping',
      method: null,
    });
  });

  it('is calculated at checkout, flat rate, for a product that is not eligible', () => {
    expect(shippingLine(false, 199)).toEqual({
      eligible: false,
      line: '+ Calculated at checkout',
      method: 'Flat-Rate Shipping',
    });
  });

  it('is never free when the store has no free shipping (-1)', () => {
    expect(shippingLine(true, -1)).toEqual({
      eligible: false,
      line: '+ Calculated at checkout',
      method: 'Flat-Rate Shipping',
    });
  });
});

describe('REASSURANCES', () => {
  it('lists the four icons of the spec in order', () => {
    expect(REASSURANCES).toEqual([
      'Lowest price guarantee',
      '30 Days Return',
      'Guaranteed Deliver',
      'Free or Flat-Rate Shipping',
    ]);
  });
});

describe('reassuranceTips', () => {
  it('says one thing per icon, with the configured return terms and free-shipping amount', () => {
    const tips = reassuranceTips({
      returnDays: 30,
      restockingFeePercent: 15,
      freeShippingAmount: 199,
    });
    expect(tips).toHaveLength(REASSURANCES.length);
    expect(tips[1]).toBe(
      'Return unused parts by mail within 30 days of delivery; a 15% restocking fee applies.',
    );
    expect(tips[3]).toBe(
      'Orders over $199 ship free within the mainland US; others ship at a flat rate.',
    );
  });

  it('leaves out a zero restocking fee and free shipping a store does not offer', () => {
    const tips = reassuranceTips({
      returnDays: 14,
      restockingFeePercent: 0,
      freeShippingAmount: -1,
    });
    expect(tips[1]).toBe('Return unused parts by mail within 14 days of delivery.');
    expect(tips[3]).toBe('Every order ships at a flat rate, shown at checkout.');
  });
});
