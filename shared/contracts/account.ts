// The account replies as the API sends them and the account pages read them (spec:
// account-and-shell 3, "Data"). Written once, as schemas: server/accounts builds them,
// src/stores and the account islands read them. This module keeps the names the rest of the
// code imports.
export type { CardBrand, PaymentMethod } from './wallet.ts';
export type { MailingAddress } from './addresses.ts';
