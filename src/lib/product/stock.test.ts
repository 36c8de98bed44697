import { describe, expect, it } from 'vitest';
import { availableQuantity, stockNote, stockVariant } from './stock.ts';

const variant = (
  title: string,
  variantPosition: number,
  availableQuantity: number | null,
  bypassNegativeQuantity = false,
) => ({
  title,
  variantPosition,
  availableQuantity,
  availableInventoryLevels: [{ bypassNegativeQuantity }],
});

describe('stockVariant', () => {
  const red = variant('Red', 2, 4);
  const blue = variant('Blue', 1, 0);

  it('is the selected variant when there is one', () => {
    expect(stockVariant([red, blue], red)).toBe(red);
  });

  it('is the only variant', () => {
    expect(stockVariant([red])).toBe(red);
  });

  it("prefers the 'Default Title' variant, then position 1", () => {
    const fallback = variant('Default Title', 3, 9);
    expect(stockVariant([red, fallback, blue])).toBe(fallback);
    expect(stockVariant([red, blue])).toBe(blue);
    expect(stockVariant([red, variant('Green', 3, 1)])).toBeUndefined();
    expect(stockVariant([])).toBeUndefined();
  });
});

describe('availableQuantity', () => {
  it('reads the variant quantity, never below 0', () => {
    expect(availableQuantity(variant('A', 1, 7))).toBe(7);
    expect(availableQuantity(variant('A', 1, -2))).toBe(0);
    expect(availableQuantity(variant('A', 1, null))).toBe(0);
    expect(availableQuantity(undefined)).toBe(0);
  });

  it('is unlimited with bypassNegativeQuantity', () => {
    expect(availableQuantity(variant('A', 1, 0, true))).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('stockNote', () => {
  it('shows only above 0', () => {
    expect(stockNote(1)).toBe('In Stock. Same Day Shipping');
    expect(stockNote(Number.POSITIVE_INFINITY)).toBe('In Stock. Same Day Shipping');
    expect(stockNote(0)).toBeNull();
    expect(stockNote(-3)).toBeNull();
  });
});
