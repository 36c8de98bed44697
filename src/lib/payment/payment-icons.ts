/**
 * The store's payment pictures, one set for every place that shows a payment brand: the
 * footer's accepted payments (spec account-and-shell 2.9) and the wallet's cards (2.4). Each
 * picture's name is its text alternative.
 */
export interface PaymentIcon {
  /** The brand's name as a shopper reads it: the picture's alt text. */
  name: string;
  /** Root-relative path of the picture (public/payment/, 60x32). */
  src: string;
}

/** Drawn size of every payment picture, in CSS pixels. */
export const PAYMENT_ICON_SIZE = { width: 60, height: 32 } as const;

const icon = (name: string, file: string): PaymentIcon => ({ name, src: `/payment/${file}.svg` });

/** Every payment picture by id; `card` is a neutral card for brands without one. */
export const PAYMENT_ICONS = {
  american_express: icon('American Express', 'american-express'),
  apple_pay: icon('Apple Pay', 'apple-pay'),
  diners_club: icon('Diners Club', 'diners-club'),
  discover: icon('Discover', 'discover'),
  google_pay: icon('Google Pay', 'google-pay'),
  mastercard: icon('Mastercard', 'mastercard'),
  paypal: icon('PayPal', 'paypal'),
  visa: icon('Visa', 'visa'),
  card: icon('Card', 'card'),
} as const satisfies Record<string, PaymentIcon>;

export type PaymentIconId = keyof typeof PAYMENT_ICONS;

/** The payments the store accepts, in the footer's order (spec account-and-shell 2.9). */
export const ACCEPTED_PAYMENTS: readonly PaymentIcon[] = (
  [
    'american_express',
    'apple_pay',
    'diners_club',
    'discover',
    'google_pay',
    'mastercard',
    'paypal',
    'visa',
  ] as const
).map((id) => PAYMENT_ICONS[id]);

/**
 * The picture of a card brand as the API names it (spec account-and-shell 3: visa,
 * mastercard, american_express, discover or other); any brand without a picture of its own
 * gets the neutral card.
 * @example cardBrandIcon('american_express').name === 'American Express'
 * @example cardBrandIcon('other').src === '/payment/card.svg'
 */
export function cardBrandIcon(brand: string): PaymentIcon {
  return Object.hasOwn(PAYMENT_ICONS, brand)
    ? PAYMENT_ICONS[brand as PaymentIconId]
    : PAYMENT_ICONS.card;
}
