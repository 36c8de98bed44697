import type { PaymentMethod, Transaction } from '../../../shared/contracts/wallet.ts';

export type { Transaction };

/** spec 4: PENDING warning, SUCCESS success, FAILURE danger, anything else dark. */
export function statusBadge(status: string): 'warning' | 'success' | 'danger' | 'dark' {
  if (status === 'PENDING') return 'warning';
  if (status === 'SUCCESS') return 'success';
  if (status === 'FAILURE') return 'danger';
  return 'dark';
}

/** spec 2.4: expiry as month/year ("08/2030"); empty when unknown. */
export function expiryText(method: Pick<PaymentMethod, 'expMonth' | 'expYear'>): string {
  if (method.expMonth === null || method.expYear === null) return '';
  return `${String(method.expMonth).padStart(2, '0')}/${method.expYear}`;
}

/** spec 2.4 Transaction History: Gateway 'N/A' when empty; Amount with a $ prefix. */
export function transactionRow(t: Transaction): { gateway: string; amount: string } {
  return { gateway: t.gateway.trim() === '' ? 'N/A' : t.gateway, amount: `$${t.amount}` };
}

/** spec 2.4 and 9: the add-payment popup's size and how often its closing is checked. */
export const ADD_PAYMENT_POPUP = { width: 600, height: 400, pollMs: 400 } as const;
/** spec 5: the message when the server gave no add link. */
export const MISSING_TARGET = 'Cannot add payment method. Missing target URL.';

/**
 * Opens the add-payment popup at `href` and calls `onClose` once it is closed (polled every
 * 400 ms). Returns false, calling nothing, when there is no link or the popup was blocked.
 */
export function openAddPaymentPopup(
  href: string | undefined,
  onClose: () => void,
  win: Pick<Window, 'open' | 'setInterval' | 'clearInterval'> = window,
): 'missing' | 'blocked' | 'opened' {
  if (href === undefined || href === '') return 'missing';
  const { width, height, pollMs } = ADD_PAYMENT_POPUP;
  const popup = win.open(href, 'add-payment-method', `popup=yes,width=${width},height=${height}`);
  if (popup === null) return 'blocked';
  const timer = win.setInterval(() => {
    if (popup.closed) {
      win.clearInterval(timer);
      onClose();
    }
  }, pollMs);
  return 'opened';
}
