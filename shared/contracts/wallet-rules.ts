// The wallet's rules that the reference server and the wallet page both follow (spec:
// account-and-shell 2.4, 6, 7). No zod here: the wallet island imports this module.
import type { PaymentMethod, PaymentMethodUpdate } from './wallet.ts';

/** The store's title for its gift-card wallet (spec 2.4: "titled as the store's gift card wallet"). */
export const GIFT_CARD_WALLET_TITLE = 'Gift card wallet';

/** Cents as the API writes money: a decimal string with two places ("12.50"). */
export function decimalOfCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * The body that moves a payment method to another mailing address (spec 7): isAbtraGiftCard
 * says which kind the caller believes it is changing.
 */
export function paymentMethodUpdate(
  method: Pick<PaymentMethod, 'isAbtraGiftCard'>,
  mailingAddressId: number,
): PaymentMethodUpdate {
  return { mailingAddressId, isAbtraGiftCard: method.isAbtraGiftCard };
}

/**
 * Why an update may not touch this method, or undefined when it may: the caller's
 * isAbtraGiftCard, when given, must match the method (a mismatch is refused, not guessed).
 */
export function updateRefusal(
  method: Pick<PaymentMethod, 'isAbtraGiftCard'>,
  change: Pick<PaymentMethodUpdate, 'isAbtraGiftCard'>,
): string | undefined {
  if (change.isAbtraGiftCard === undefined || change.isAbtraGiftCard === method.isAbtraGiftCard)
    return undefined;
  return method.isAbtraGiftCard
    ? 'This payment method is a gift card wallet.'
    : 'This payment method is not a gift card wallet.';
}

/** Whether a method may be deleted (spec 6: gift-card wallets "cannot be deleted"). */
export const canDelete = (method: Pick<PaymentMethod, 'isAbtraGiftCard'>): boolean =>
  !method.isAbtraGiftCard;
