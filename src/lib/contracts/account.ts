// The account replies as the API sends them and the account pages read them (spec:
// account-and-shell 3, "Data"). Written once: server/accounts builds them, src/lib/account
// and the account islands read them.

/** Card brands the wallet shows (spec: account-and-shell 3, Payment method). */
export type CardBrand = 'visa' | 'mastercard' | 'american_express' | 'discover' | 'other';

/** A saved payment method (spec: account-and-shell 3, Payment method). */
export interface PaymentMethod {
  id: number;
  brand: CardBrand;
  expMonth: number | null;
  expYear: number | null;
  last4: string;
  name: string;
  mailingAddressId: number | null;
  billingAddress: {
    line1: string;
    line2: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  } | null;
  isAbtraGiftCard: boolean;
  /** The credit as a decimal string ("25.00"), in abtraGiftCardCurrency; null for cards. */
  abtraGiftCardCredit: string | null;
  abtraGiftCardCurrency: string | null;
}

/** A mailing address (spec: account-and-shell 3, Mailing address). */
export interface MailingAddress {
  id: number;
  firstName: string;
  lastName: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
  /** The state code, and the State record with its title (null when not found). */
  state: string;
  State: { stateCode: string; title: string } | null;
  /** The country code, and the Country record with its title (null when not found). */
  country: string;
  Country: { countryCode: string; title: string } | null;
  phone: string;
  isDefault: boolean;
}
