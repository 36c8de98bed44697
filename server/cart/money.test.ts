import { describe, expect, it } from 'vitest';
import { formatCents, toAmount } from './money.ts';

describe('toAmount', () => {
  it('turns cents into a decimal amount with 2 decimals', () => {
    expect(toAmount(1999)).toBe(19.99);
    expect(toAmount(0)).toBe(0);
    expect(toAmount(5)).toBe(0.05);
    expect(toAmount(100_000_000)).toBe(1_000_000);
  });

  it('rounds fractional cents instead of leaking float noise', () => {
    expect(toAmount(1999.6)).toBe(20);
    expect(toAmount(0.1 * 3 * 100)).toBe(0.3);
  });
});

describe('formatCents', () => {
  it('formats dollars with thousands separators and 2 decimals', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(7)).toBe('$0.07');
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatCents(-250)).toBe('-$2.50');
  });
});
