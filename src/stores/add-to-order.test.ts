import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/client.ts';
import { ADDED_TO_ORDER } from '../lib/product/add-to-order.ts';
import { $addToOrderPending, addProductToOrder, addToOrderWithToast } from './add-to-order.ts';
import { $toasts } from './toast.ts';

vi.mock('../lib/api/client.ts', async (actual) => ({
  ...(await actual<typeof import('../lib/api/client.ts')>()),
  sendJson: vi.fn(),
}));

afterEach(() => {
  vi.restoreAllMocks();
});

/** A send whose reply waits until `finish` is called, to see the state meanwhile. */
function heldSend() {
  let finish: () => void = () => undefined;
  const send = vi.fn(
    () =>
      new Promise<undefined>((resolve) => {
        finish = () => resolve(undefined);
      }),
  );
  return { send, finish: () => finish() };
}

describe('addProductToOrder', () => {
  it('POSTs relatedProducts with no body and is pending meanwhile', async () => {
    const { send, finish } = heldSend();
    const call = addProductToOrder('PJ000042', 7, send);
    expect($addToOrderPending.get()).toBe(true);
    expect(send).toHaveBeenCalledWith('POST', '/api/orders/PJ000042/relatedProducts/7');
    finish();
    await call;
    expect($addToOrderPending.get()).toBe(false);
  });

  it('passes a failure on and clears the pending flag', async () => {
    const send = vi.fn(() => Promise.reject(new Error('That order was not found.')));
    await expect(addProductToOrder('X1', 7, send)).rejects.toThrow('That order was not found.');
    expect($addToOrderPending.get()).toBe(false);
  });

  it('sends one request for a double click', async () => {
    const { send, finish } = heldSend();
    const first = addProductToOrder('X1', 7, send);
    await expect(addProductToOrder('X1', 7, send)).rejects.toThrow(/already in progress/);
    finish();
    await first;
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('addToOrderWithToast', () => {
  const lastToast = () => $toasts.get().at(-1);

  it('says the product was added', async () => {
    await addToOrderWithToast(
      'X1',
      7,
      vi.fn(() => Promise.resolve(undefined)),
    );
    expect(lastToast()).toMatchObject({ variant: 'success', message: ADDED_TO_ORDER });
  });

  it("says the server's refusal in its words, else the spec's", async () => {
    const refused = vi.fn(() => Promise.reject(new ApiError('Order is closed.', 409, true)));
    await addToOrderWithToast('X1', 7, refused);
    expect(lastToast()).toMatchObject({ variant: 'error', message: 'Order is closed.' });
    await addToOrderWithToast(
      'X1',
      7,
      vi.fn(() => Promise.reject(new ApiError('Something'))),
    );
    expect(lastToast()).toMatchObject({
      variant: 'error',
      message: 'Failed to add product to order',
    });
  });
});
