import { describe } from 'vitest';
import { eachCase } from '../../shared/each-case.testing.ts';
import { formatCents, toAmount } from './money.ts';

describe('toAmount', () => {
  eachCase('turns %s cents into the decimal amount %s', toAmount, [
    [1999, 19.99],
    [0, 0],
    [5, 0.05],
    [100_000_000, 1_000_000],
  ]);

  eachCase('rounds the fractional %s cents to %s instead of leaking float noise', toAmount, [
    [1999.6, 20],
    [0.1 * 3 * 100, 0.3],
  ]);
});

describe('formatCents', () => {
  eachCase('formats %s cents as %s', formatCents, [
    [123450, '$1,234.50'],
    [0, '$0.00'],
    [7, '$0.07'],
    // A negative amount keeps its sign.
    [-250, '-$2.50'],
  ]);
});
