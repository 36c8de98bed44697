// The mailing addresses' wire contract (spec: account-and-shell 3, Mailing address and
// Customer; 5 and 7, the address payload), written once: server/accounts/addresses.ts
// builds the replies and checks the payload, the address store reads and sends them.
// Browser code imports only the types from here (`import type`); the shared rules are in
// address-rules.ts, which has no zod.
import { z } from 'zod';

/** A mailing address (spec: account-and-shell 3, Mailing address). */
export const MailingAddressSchema = z.strictObject({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  zip: z.string(),
  /** The state code, and the State record with its title (null when not found). */
  state: z.string(),
  State: z.strictObject({ stateCode: z.string(), title: z.string() }).nullable(),
  /** The country code, and the Country record with its title (null when not found). */
  country: z.string(),
  Country: z.strictObject({ countryCode: z.string(), title: z.string() }).nullable(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export type MailingAddress = z.infer<typeof MailingAddressSchema>;

/** Customer data the shell loads at start (spec: account-and-shell 3, Customer). */
export const CustomerSchema = z.strictObject({
  id: z.number().int(),
  MailingAddresses: z.array(MailingAddressSchema),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** GET /api/customer: null for a guest. */
export const CustomerReplySchema = z.object({ customer: CustomerSchema.nullable() });

/** POST /api/mailingAddresses and PUT /api/mailingAddresses/{id}. */
export const MailingAddressReplySchema = z.object({ mailingAddress: MailingAddressSchema });

/** A country of GET /api/countries, a state of GET /api/states. */
export interface Country {
  countryCode: string;
  title: string;
}
export interface State {
  stateCode: string;
  title: string;
}
