import { describe, expect, it } from 'vitest';
import {
  ADD_TO_ORDER_FAILED,
  ADDED_TO_ORDER,
  addToOrderPath,
  orderIdFromSearch,
} from './add-to-order.ts';

describe('add to order', () => {
  it('has the spec toasts', () => {
    expect(ADDED_TO_ORDER).toBe(
      "You've added this product to your order. Expect hearing from us soon.",
    );
    expect(ADD_TO_ORDER_FAILED).toBe('Failed to add product to order');
  });
  it('reads ?orderId=', () => {
    expect(orderIdFromSearch('?orderId=PJ000042')).toBe('PJ000042');
    expect(orderIdFromSearch('?variant=3&orderId=42')).toBe('42');
    expect(orderIdFromSearch('?orderId=%20IPD-7_a%20')).toBe('IPD-7_a');
  });
  it('ignores a missing, empty, long or odd order id', () => {
    expect(orderIdFromSearch('')).toBeNull();
    expect(orderIdFromSearch('?orderId=')).toBeNull();
    expect(orderIdFromSearch(`?orderId=${'a'.repeat(65)}`)).toBeNull();
    expect(orderIdFromSearch('?orderId=..%2F..%2Fadmin')).toBeNull();
    expect(orderIdFromSearch('?orderId=<b>')).toBeNull();
  });
  it('builds the call path', () => {
    expect(addToOrderPath('PJ000042', 7)).toBe('/api/orders/PJ000042/relatedProducts/7');
  });
});
