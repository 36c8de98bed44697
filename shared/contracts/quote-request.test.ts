import { describe, expect, it } from 'vitest';
import { QUOTE_LIMITS, quoteFromForm } from './quote-request.ts';

const valid = {
  name: ' Ann Lee ',
  email: 'ann@example.com',
  phone: '555-0100',
  partNumbers: '85288-001, 12345',
  quantity: '3',
  message: 'Need them by Friday.',
};

describe('quoteFromForm', () => {
  it('trims and converts a valid form', () => {
    expect(quoteFromForm(valid)).toEqual({
      ok: true,
      request: { ...valid, name: 'Ann Lee', quantity: 3 },
    });
  });

  it('defaults an empty quantity to 1 and allows no phone or message', () => {
    const result = quoteFromForm({ ...valid, quantity: '', phone: '', message: '' });
    expect(result).toMatchObject({ ok: true, request: { quantity: 1, phone: '', message: '' } });
  });

  it('requires a name, a valid email and a part number', () => {
    const result = quoteFromForm({ email: 'not-an-email' });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Enter your name.',
        email: 'Enter a valid email address.',
        partNumbers: 'Enter at least one part number.',
      },
    });
  });

  it('refuses a quantity that is not a whole number from 1 to 100,000', () => {
    for (const quantity of ['0', '-1', '1.5', 'abc', '100001']) {
      expect(quoteFromForm({ ...valid, quantity })).toEqual({
        ok: false,
        errors: { quantity: 'Enter a quantity from 1 to 100,000.' },
      });
    }
    expect(quoteFromForm({ ...valid, quantity: '100000' }).ok).toBe(true);
  });

  it('refuses values past the limits', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    const result = quoteFromForm({
      ...valid,
      name: long(QUOTE_LIMITS.name),
      phone: long(QUOTE_LIMITS.phone),
      partNumbers: long(QUOTE_LIMITS.partNumbers),
      message: long(QUOTE_LIMITS.message),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'The name is too long.',
        phone: 'The phone number is too long.',
        partNumbers: 'The part numbers are too long.',
        message: 'The message is too long.',
      },
    });
  });
});
