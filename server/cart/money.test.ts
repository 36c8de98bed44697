import { describe, expect, it } from 'vitest';
import { formatCents, toAmount } from './money.ts';

describe('toAmount', () => {
  it.each([
    [1999, 19.99],
    [0, 0],
    [5, 0.05],
    [100_000_000, 1_000_000],
  ])('turns %s cents into the decimal amount %s', (cents, amount) => {
    expect(toAmount(cents)).toBe(amount);
  });

  it.each([
    [1999.6, 20],
    [0.1 * 3 * 100, 0.3],
  ])('rounds the fractional %s cents to %s instead of leaking float noise', (cents, amount) => {
    expect(toAmount(cents)).toBe(amount);
  });
});

describe('formatCents', () => {
  it.each([
    [123450, '$1,234.50'],
    [0, '$0.00'],
    [7, '$0.07'],
    // A negative amount keeps its sign.
    [-250, '-$2.50'],
  ])('formats %s cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});
