import type { AddressFields } from '../../../shared/contracts/address-rules.ts';
import type {
  Country,
  Customer,
  MailingAddress,
  State,
} from '../../../shared/contracts/addresses.ts';
import { accountCall } from '../account/api.ts';
import type { RequestJson } from './client.ts';

/**
 * The account's calls (spec: account-and-shell 7; the wire shapes in shared/contracts:
 * addresses.ts, address-rules.ts): the customer and the addresses (the wallet's are in
 * wallet.ts, which only the wallet page loads), made through accountCall (src/lib/account/api.ts):
 * each rejects with an Error in the words to show, the server's, its status, or the
 * browser's own (spec 8). Replies are typed as the API sends them; `?` where the stores
 * check a field the spec says may be missing. The user call (GET /api/user) stays in
 * src/stores/account.ts, which loads the client only when the header first asks for it.
 * Each takes the client's `requestJson` last (the page's by default; tests pass one bound to
 * the reference API). Plain functions, not an object of them: their names minify.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One account call through accountCall (wallet.ts makes its calls with it too). */
export const call = <T>(
  request: RequestJson | undefined,
  method: Method,
  path: string,
  body?: unknown,
) => accountCall<T>(method, path, body, {}, request);

/** GET /api/customer: null for a guest. */
export const getCustomer = (request?: RequestJson) =>
  call<{ customer: Customer | null }>(request, 'GET', '/api/customer');

/** GET /api/countries. */
export const getCountries = (request?: RequestJson) =>
  call<{ countries: Country[] }>(request, 'GET', '/api/countries');

/** GET /api/states?page=0&countryCode=. */
export const getStates = (countryCode: string, request?: RequestJson) =>
  call<{ states: State[] }>(
    request,
    'GET',
    `/api/states?page=0&countryCode=${encodeURIComponent(countryCode)}`,
  );

/** POST /api/mailingAddresses (no `addressId`) or PUT /api/mailingAddresses/{addressId}. */
export const saveAddress = (
  addressId: number | undefined,
  fields: AddressFields,
  request?: RequestJson,
) =>
  call<{ mailingAddress?: MailingAddress }>(
    request,
    addressId === undefined ? 'POST' : 'PUT',
    addressId === undefined ? '/api/mailingAddresses' : `/api/mailingAddresses/${addressId}`,
    fields,
  );

/** DELETE /api/customer/{userId}/mailingAddresses/{addressId}. */
export const deleteAddress = (userId: number, addressId: number, request?: RequestJson) =>
  call<{ success?: boolean; error?: string }>(
    request,
    'DELETE',
    `/api/customer/${userId}/mailingAddresses/${addressId}`,
  );
