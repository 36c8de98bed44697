import { getFreeShippingAmount } from '../lib/api/free-shipping.ts';
import { showToast } from './toast.ts';

let asked: Promise<number | undefined> | undefined;

/**
 * The free-shipping amount now (live over stale: it may have changed since the build), asked
 * once a page: undefined when the reply has none or the call failed, which shows a danger
 * toast with its words (spec storefront 8).
 */
export function loadFreeShippingAmount(): Promise<number | undefined> {
  return (asked ??= getFreeShippingAmount().then(
    (reply) =>
      typeof reply.freeShippingAmount === 'number' ? reply.freeShippingAmount : undefined,
    (error: unknown) => {
      showToast({ variant: 'danger', message: (error as Error).message });
      return undefined;
    },
  ));
}

/** Forgets the page's answer (tests). */
export function resetFreeShippingAmount(): void {
  asked = undefined;
}
