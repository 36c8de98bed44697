import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import {
  discountCents,
  discountRefusal,
  findDiscountCode,
  readCodeParam,
  type DiscountCode,
} from './discounts.ts';

const code = (over: Partial<DiscountCode>): DiscountCode => ({
  code: 'CODE',
  kind: 'percent',
  value: 10,
  minimumSubtotalCents: 0,
  active: true,
  ...over,
});

describe('discountCents', () => {
  it('takes a percentage rounded to the cent', () => {
    expect(discountCents(code({ value: 10 }), 2599)).toBe(260);
    expect(discountCents(code({ value: 15 }), 333)).toBe(50);
    expect(discountCents(code({ value: 100 }), 1234)).toBe(1234);
  });

  it('takes a fixed amount, never more than the subtotal', () => {
    expect(discountCents(code({ kind: 'amount', value: 500 }), 2599)).toBe(500);
    expect(discountCents(code({ kind: 'amount', value: 5000 }), 2599)).toBe(2599);
  });

  it('clamps nonsense values stored by hand', () => {
    expect(discountCents(code({ value: 250 }), 1000)).toBe(1000);
    expect(discountCents(code({ value: -10 }), 1000)).toBe(0);
    expect(discountCents(code({ kind: 'amount', value: -500 }), 1000)).toBe(0);
  });

  it('is 0 without a code, for an inactive code and under the minimum', () => {
    expect(discountCents(undefined, 5000)).toBe(0);
    expect(discountCents(code({ active: false }), 5000)).toBe(0);
    expect(discountCents(code({ minimumSubtotalCents: 5001 }), 5000)).toBe(0);
    expect(discountCents(code({ minimumSubtotalCents: 5000 }), 5000)).toBe(500);
  });
});

describe('discountRefusal', () => {
  it('explains unknown, inactive and minimum refusals in shopper words', () => {
    expect(discountRefusal(undefined, 100, 'nope')).toBe('The discount code "nope" is not valid.');
    expect(discountRefusal(code({ active: false }), 100, 'code')).toBe(
      'The discount code "code" is not valid.',
    );
    expect(discountRefusal(code({ minimumSubtotalCents: 10000 }), 9999, 'code')).toBe(
      'The discount code CODE needs a subtotal of at least $100.00.',
    );
    expect(discountRefusal(code({}), 0, 'code')).toBeUndefined();
  });
});

describe('findDiscountCode', () => {
  it('finds a code regardless of case and maps the row', () => {
    const db = openDatabase(':memory:');
    db.exec(
      "INSERT INTO discount_codes (code, kind, value, minimum_subtotal_cents, active) VALUES ('Save10', 'percent', 10, 500, 0)",
    );
    expect(findDiscountCode(db, 'SAVE10')).toEqual({
      code: 'Save10',
      kind: 'percent',
      value: 10,
      minimumSubtotalCents: 500,
      active: false,
    });
    expect(findDiscountCode(db, 'save1')).toBeUndefined();
  });
});

describe('readCodeParam', () => {
  it('trims the code', () => {
    expect(readCodeParam('  SAVE10 ')).toBe('SAVE10');
  });

  it.each([undefined, '', '   ', 'x'.repeat(65)])('refuses %j with 400', (raw) => {
    expect(() => readCodeParam(raw)).toThrow(HttpError);
    try {
      readCodeParam(raw);
    } catch (error) {
      expect((error as HttpError).status).toBe(400);
    }
  });
});
