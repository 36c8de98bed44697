import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/client.ts';
import { getEstimateStates, getShippingEstimate } from '../lib/api/shipping.ts';
import { EMPTY_CART } from '../lib/cart/checkout.ts';
import { $loading } from './loading.ts';
import { CHOOSE_STATE, estimateShipping, loadEstimateStates } from './shipping-estimate.ts';

vi.mock('../lib/api/shipping.ts', () => ({
  getEstimateStates: vi.fn(),
  getShippingEstimate: vi.fn(),
}));

const cart = {
  ...EMPTY_CART,
  checkoutId: 'c-1',
  discountedSubtotalPrice: 100,
  totalPrice: 100,
};

afterEach(() => {
  vi.resetAllMocks();
});

describe('loadEstimateStates', () => {
  it('keeps the states with an id, under the loading bar', async () => {
    vi.mocked(getEstimateStates).mockResolvedValue({
      states: [{ id: 1, title: 'Texas' }, { title: 'Nowhere' } as never],
    });
    const loading = loadEstimateStates();
    expect($loading.get()).toBe(true);
    expect(await loading).toEqual([{ id: 1, title: 'Texas' }]);
    expect($loading.get()).toBe(false);
  });

  it('gives no states when the call fails, and only logs it (spec storefront 8)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(getEstimateStates).mockRejectedValue(new ApiError('down'));
    expect(await loadEstimateStates()).toEqual([]);
    expect(log).toHaveBeenCalledWith('Loading states failed', expect.any(ApiError));
  });
});

describe('estimateShipping', () => {
  it('shows shipping, the tax on the discounted subtotal and the total', async () => {
    vi.mocked(getShippingEstimate).mockResolvedValue({ shipping: 14.99, taxRate: 0.0625 });
    expect(await estimateShipping(cart, '7')).toEqual({
      shipping: 14.99,
      taxPercent: 6.25,
      tax: 6.25,
      total: 121.24,
    });
    expect(getShippingEstimate).toHaveBeenCalledWith('c-1', '7');
  });

  it("says 'Invalid checkout.' without a checkout, and asks for a state", async () => {
    await expect(estimateShipping({ ...cart, checkoutId: null }, '7')).rejects.toThrow(
      'Invalid checkout.',
    );
    await expect(estimateShipping(cart, '')).rejects.toThrow(CHOOSE_STATE);
    expect(getShippingEstimate).not.toHaveBeenCalled();
  });

  it("passes the server's words on, and refuses a reply that is not an estimate", async () => {
    vi.mocked(getShippingEstimate).mockRejectedValue(new ApiError('No such state.', 404, true));
    await expect(estimateShipping(cart, '7')).rejects.toThrow('No such state.');
    vi.mocked(getShippingEstimate).mockResolvedValue({ shipping: -1 });
    await expect(estimateShipping(cart, '7')).rejects.toThrow(
      'Something went wrong. Please try again.',
    );
  });
});
