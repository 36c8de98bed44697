import { describe, expect, it } from 'vitest';
import { decodeRows } from './quick-order.ts';

describe('decodeRows', () => {
  it('keeps whole rows and drops what is not one, or not JSON', () => {
    const text = JSON.stringify([
      { id: 'a', part: '85288-001', quantity: 2, productId: 7 },
      { id: 'b', part: '', quantity: 1 },
      { id: 'c', part: 'X', quantity: 0 },
      { id: 'd', part: 'Y', quantity: 1.5 },
      { part: 'Z', quantity: 1 },
      { id: 'e', part: 'W', quantity: 3, variantId: -1 },
      'junk',
    ]);
    expect(decodeRows(text)).toEqual([
      { id: 'a', part: '85288-001', quantity: 2, productId: 7 },
      { id: 'e', part: 'W', quantity: 3 },
    ]);
    expect(decodeRows('{oops')).toEqual([]);
    expect(decodeRows('{"rows":1}')).toEqual([]);
  });
});
