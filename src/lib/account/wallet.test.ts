import { describe, expect, it, vi } from 'vitest';
import { expiryText, openAddPaymentPopup, statusBadge, transactionRow } from './wallet.ts';

describe('wallet views', () => {
  it('colours statuses as the spec says', () => {
    const statuses = ['PENDING', 'SUCCESS', 'FAILURE', 'REFUNDED'];
    expect(statuses.map(statusBadge)).toEqual(['warning', 'success', 'danger', 'dark']);
  });
  it('formats expiry, gateway and amount', () => {
    expect(expiryText({ expMonth: 8, expYear: 2030 })).toBe('08/2030');
    expect(expiryText({ expMonth: null, expYear: null })).toBe('');
    expect(
      transactionRow({
        id: 1,
        displayableId: 'a',
        status: 'x',
        gateway: '',
        amount: '12.50',
        email: '',
      }),
    ).toEqual({
      gateway: 'N/A',
      amount: '$12.50',
    });
  });
});

describe('openAddPaymentPopup', () => {
  it('opens a 600x400 popup and reports its closing, polled every 400 ms', () => {
    vi.useFakeTimers();
    const popup = { closed: false };
    const open = vi.fn(() => popup as unknown as Window);
    const onClose = vi.fn();
    const win = {
      open,
      setInterval: globalThis.setInterval,
      clearInterval: globalThis.clearInterval,
    } as unknown as Window;
    expect(openAddPaymentPopup('/api/user/1/paymentMethods/new?token=x', onClose, win)).toBe(
      'opened',
    );
    expect(open).toHaveBeenCalledWith(
      '/api/user/1/paymentMethods/new?token=x',
      'add-payment-method',
      'popup=yes,width=600,height=400',
    );
    vi.advanceTimersByTime(1200);
    expect(onClose).not.toHaveBeenCalled();
    popup.closed = true;
    vi.advanceTimersByTime(399);
    expect(onClose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(onClose).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
  it('reports a missing link or a blocked popup', () => {
    const win = { open: () => null, setInterval, clearInterval } as unknown as Window;
    expect(openAddPaymentPopup(undefined, () => undefined, win)).toBe('missing');
    expect(openAddPaymentPopup('/x', () => undefined, win)).toBe('blocked');
  });
});
