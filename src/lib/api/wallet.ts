import type {
  PaymentMethodsReply,
  PaymentMethodUpdate,
  Transaction,
} from '../../../shared/contracts/wallet.ts';
import { call } from './account.ts';
import type { RequestJson } from './client.ts';

/**
 * The wallet's calls (spec: account-and-shell 2.4 and 7; the wire shapes in
 * shared/contracts/wallet.ts), made as the account's (account.ts): each rejects with an Error
 * in the words to show, and takes the client's `requestJson` last. Apart from account.ts
 * because only the wallet page makes them: the bundler places a module whole in every page
 * that uses any of it, and the account home loads the address calls.
 */
const wallet = (userId: number) => `/api/user/${userId}`;

/** GET /api/user/{userId}/paymentMethods. */
export const getPaymentMethods = (userId: number, request?: RequestJson) =>
  call<PaymentMethodsReply>(request, 'GET', `${wallet(userId)}/paymentMethods`);

/** DELETE /api/user/{userId}/paymentMethods/{methodId}. */
export const deletePaymentMethod = (userId: number, methodId: number, request?: RequestJson) =>
  call<unknown>(request, 'DELETE', `${wallet(userId)}/paymentMethods/${methodId}`);

/** PUT /api/user/{userId}/paymentMethods/{methodId}. */
export const updatePaymentMethod = (
  userId: number,
  methodId: number,
  update: PaymentMethodUpdate,
  request?: RequestJson,
) => call<unknown>(request, 'PUT', `${wallet(userId)}/paymentMethods/${methodId}`, update);

/** GET /api/user/{userId}/transactions, filtered by displayable id when `filter` has one. */
export function getTransactions(userId: number, filter: string, request?: RequestJson) {
  const text = filter.trim();
  const query = text ? `?displayableId=${encodeURIComponent(text)}` : '';
  return call<{ transactions: Transaction[] }>(
    request,
    'GET',
    `${wallet(userId)}/transactions${query}`,
  );
}
