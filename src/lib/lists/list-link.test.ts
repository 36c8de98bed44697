import { describe, expect, it } from 'vitest';
import { addToListLink, lineFromListLink } from './list-link.ts';

describe("a product page's 'Add to a list' link", () => {
  it('names the part and the product, and reads back as one line', () => {
    const link = addToListLink('CRN 85288/001', 12);
    expect(link).toBe('/lists?add=CRN+85288%2F001&product=12');
    expect(lineFromListLink(link.slice(link.indexOf('?')))).toEqual({
      part: 'CRN 85288/001',
      quantity: 1,
      productId: 12,
    });
  });

  it('reads nothing from an address without a part, or with one that does not read', () => {
    expect(lineFromListLink('')).toBeUndefined();
    expect(lineFromListLink('?add=---')).toBeUndefined();
    expect(lineFromListLink(`?add=${'x'.repeat(101)}`)).toBeUndefined();
    expect(lineFromListLink('?add=A1&product=-4')).toEqual({ part: 'A1', quantity: 1 });
  });
});
