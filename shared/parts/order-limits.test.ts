import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY, MAX_LINES_PER_CALL } from '../contracts/cart.ts';
import { BATCH_LINES, MAX_ORDER_QUANTITY } from './order-limits.ts';

describe("the quick order's limits", () => {
  it("are the cart's own", () => {
    expect(MAX_ORDER_QUANTITY).toBe(MAX_LINE_QUANTITY);
    expect(BATCH_LINES).toBe(MAX_LINES_PER_CALL);
  });
});
