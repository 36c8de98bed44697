import { describe, expect, it } from 'vitest';
import { formatPrice } from './price.ts';

describe('formatPrice', () => {
  it('shows 2 decimals in the store currency', () => {
    expect(formatPrice(12.5, 'USD')).toBe('$12.50');
    expect(formatPrice(0, 'USD')).toBe('$0.00');
    expect(formatPrice(1234.567, 'USD')).toBe('$1,234.57');
    expect(formatPrice(10, 'CAD')).toBe('CA$10.00');
  });
});
