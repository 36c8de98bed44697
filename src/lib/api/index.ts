export {
  ApiError,
  browserError,
  CART_UPDATE_ERROR,
  DEFAULT_ERROR,
  INVALID_CHECKOUT_ERROR,
  createApiClient,
  getJson,
  requestJson,
  sendJson,
} from './client.ts';
export type {
  ApiClient,
  ClientDeps,
  GetOptions,
  JsonReply,
  RequestJson,
  RequestOptions,
  SendOptions,
} from './client.ts';
export {
  MAX_RETRIES,
  RETRY_BUDGET_MS,
  RETRY_STEP_MS,
  STILL_TRYING_AFTER_MS,
  isRetryableStatus,
  isUnreachableStatus,
  parseRetryAfter,
  retryDelay,
} from './retry.ts';
