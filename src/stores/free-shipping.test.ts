import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/client.ts';
import { getFreeShippingAmount } from '../lib/api/free-shipping.ts';
import { loadFreeShippingAmount, resetFreeShippingAmount } from './free-shipping.ts';
import { $toasts } from './toast.ts';

vi.mock('../lib/api/free-shipping.ts', () => ({ getFreeShippingAmount: vi.fn() }));

afterEach(() => {
  vi.resetAllMocks();
  resetFreeShippingAmount();
});

describe('loadFreeShippingAmount', () => {
  it('asks once a page', async () => {
    vi.mocked(getFreeShippingAmount).mockResolvedValue({ freeShippingAmount: 150 });
    expect(await loadFreeShippingAmount()).toBe(150);
    expect(await loadFreeShippingAmount()).toBe(150);
    expect(getFreeShippingAmount).toHaveBeenCalledTimes(1);
  });

  it('gives nothing for a reply without an amount', async () => {
    vi.mocked(getFreeShippingAmount).mockResolvedValue({});
    expect(await loadFreeShippingAmount()).toBeUndefined();
  });

  it('shows a failure as a danger toast (spec storefront 8)', async () => {
    vi.mocked(getFreeShippingAmount).mockRejectedValue(new ApiError('Policy unavailable.'));
    expect(await loadFreeShippingAmount()).toBeUndefined();
    expect($toasts.get().at(-1)).toMatchObject({
      variant: 'danger',
      message: 'Policy unavailable.',
    });
  });
});
