import type { AddressFields } from '../../../shared/contracts/address-rules.ts';
import type {
  Country,
  Customer,
  MailingAddress,
  State,
} from '../../../shared/contracts/addresses.ts';
import type {
  PaymentMethodsReply,
  PaymentMethodUpdate,
  Transaction,
} from '../../../shared/contracts/wallet.ts';
import { accountCall } from '../account/api.ts';
import type { RequestJson } from './client.ts';

/**
 * The account's calls (spec: account-and-shell 7; the wire shapes in shared/contracts:
 * addresses.ts, address-rules.ts, wallet.ts), made through accountCall (src/lib/account/api.ts):
 * each rejects with an Error in the words to show, the server's, its status, or the
 * browser's own (spec 8). Replies are typed as the API sends them; `?` where the stores
 * check a field the spec says may be missing. The user call (GET /api/user) stays in
 * src/stores/account.ts, which loads the client only when the header first asks for it.
 */
export interface AccountCalls {
  /** GET /api/customer: null for a guest. */
  customer(): Promise<{ customer: Customer | null }>;
  /** GET /api/countries. */
  countries(): Promise<{ countries: Country[] }>;
  /** GET /api/states?page=0&countryCode=. */
  states(countryCode: string): Promise<{ states: State[] }>;
  /** POST /api/mailingAddresses (no `addressId`) or PUT /api/mailingAddresses/{addressId}. */
  saveAddress(
    addressId: number | undefined,
    fields: AddressFields,
  ): Promise<{ mailingAddress?: MailingAddress }>;
  /** DELETE /api/customer/{userId}/mailingAddresses/{addressId}. */
  deleteAddress(userId: number, addressId: number): Promise<{ success?: boolean; error?: string }>;
  /** GET /api/user/{userId}/paymentMethods. */
  paymentMethods(userId: number): Promise<PaymentMethodsReply>;
  /** DELETE /api/user/{userId}/paymentMethods/{methodId}. */
  deletePaymentMethod(userId: number, methodId: number): Promise<unknown>;
  /** PUT /api/user/{userId}/paymentMethods/{methodId}. */
  updatePaymentMethod(
    userId: number,
    methodId: number,
    update: PaymentMethodUpdate,
  ): Promise<unknown>;
  /** GET /api/user/{userId}/transactions, filtered by displayable id when `filter` has one. */
  transactions(userId: number, filter: string): Promise<{ transactions: Transaction[] }>;
}

/**
 * The account calls over one client's `requestJson` (the page's by default; tests pass one
 * bound to the reference API).
 */
export function accountCalls(request?: RequestJson): AccountCalls {
  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    accountCall<T>(method, path, body, {}, request);
  const wallet = (userId: number) => `/api/user/${userId}`;
  return {
    customer: () => call('GET', '/api/customer'),
    countries: () => call('GET', '/api/countries'),
    states: (countryCode) =>
      call('GET', `/api/states?page=0&countryCode=${encodeURIComponent(countryCode)}`),
    saveAddress: (addressId, fields) =>
      addressId === undefined
        ? call('POST', '/api/mailingAddresses', fields)
        : call('PUT', `/api/mailingAddresses/${addressId}`, fields),
    deleteAddress: (userId, addressId) =>
      call('DELETE', `/api/customer/${userId}/mailingAddresses/${addressId}`),
    paymentMethods: (userId) => call('GET', `${wallet(userId)}/paymentMethods`),
    deletePaymentMethod: (userId, methodId) =>
      call('DELETE', `${wallet(userId)}/paymentMethods/${methodId}`),
    updatePaymentMethod: (userId, methodId, update) =>
      call('PUT', `${wallet(userId)}/paymentMethods/${methodId}`, update),
    transactions: (userId, filter) => {
      const text = filter.trim();
      const query = text ? `?displayableId=${encodeURIComponent(text)}` : '';
      return call('GET', `${wallet(userId)}/transactions${query}`);
    },
  };
}
