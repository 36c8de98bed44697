import { afterEach, describe, expect, it, vi } from 'vitest';
import { $addToOrderPending, addProductToOrder } from './add-to-order.ts';

vi.mock('../lib/api/client.ts', () => ({ sendJson: vi.fn() }));

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
