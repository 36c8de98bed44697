// The wallet's wire contract (spec: account-and-shell 3, Payment method and Transaction),
// written once: server/accounts/wallet.ts builds these replies, the wallet store reads them,
// and wallet.test.ts checks the reference server's replies against the schemas.
// Browser code imports only the types from here (`import type`), so zod stays out of the
// islands' bundles; the rules both sides share are in wallet-rules.ts, which has no zod.
import { z } from 'zod';

/** Card brands the wallet shows (spec: account-and-shell 3, Payment method). */
export const CardBrandSchema = z.enum([
  'visa',
  'mastercard',
  'american_express',
  'discover',
  'other',
]);
export type CardBrand = z.infer<typeof CardBrandSchema>;

/** A decimal amount as the API writes money ("25.00"). */
const Decimal = z.string().regex(/^-?\d+\.\d{2}$/);

/** A payment method's billing address: the mailing address it points at, by code. */
export const BillingAddressSchema = z.strictObject({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

/** A saved payment method (spec: account-and-shell 3, Payment method). */
export const PaymentMethodSchema = z.strictObject({
  id: z.number().int(),
  brand: CardBrandSchema,
  expMonth: z.number().int().min(1).max(12).nullable(),
  expYear: z.number().int().nullable(),
  last4: z.string(),
  name: z.string(),
  mailingAddressId: z.number().int().nullable(),
  billingAddress: BillingAddressSchema.nullable(),
  isAbtraGiftCard: z.boolean(),
  /** The credit as a decimal string ("25.00"), in abtraGiftCardCurrency; null for cards. */
  abtraGiftCardCredit: Decimal.nullable(),
  abtraGiftCardCurrency: z.string().nullable(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** GET /api/user/{id}/paymentMethods. */
export const PaymentMethodsReplySchema = z.object({
  paymentMethods: z.array(PaymentMethodSchema),
  _links: z.object({ addPaymentMethod: z.object({ href: z.string() }) }).optional(),
});
export type PaymentMethodsReply = z.infer<typeof PaymentMethodsReplySchema>;

/** A transaction as the history tab reads it (spec: account-and-shell 3, Transaction). */
export const TransactionSchema = z.strictObject({
  id: z.number().int(),
  displayableId: z.string(),
  status: z.string(),
  gateway: z.string(),
  /** Decimal string in dollars ("12.50"); the page adds the $ prefix. */
  amount: Decimal,
  email: z.string(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** GET /api/user/{id}/transactions. */
export const TransactionsReplySchema = z.object({ transactions: z.array(TransactionSchema) });

/**
 * PUT /api/user/{id}/paymentMethods/{pmId} (spec 7): mailingAddressId, and isAbtraGiftCard
 * only when the caller knows which kind it is changing.
 */
export const PaymentMethodUpdateSchema = z.strictObject({
  mailingAddressId: z.number().int().positive(),
  isAbtraGiftCard: z.boolean().optional(),
});
export type PaymentMethodUpdate = z.infer<typeof PaymentMethodUpdateSchema>;
