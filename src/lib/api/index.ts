export {
  ApiError,
  CART_UPDATE_ERROR,
  DEFAULT_ERROR,
  INVALID_CHECKOUT_ERROR,
  createApiClient,
  getJson,
  sendJson,
} from './client.ts';
export type { ApiClient, ClientDeps, SendOptions } from './client.ts';
export {
  MAX_RETRIES,
  RETRY_STEP_MS,
  isRetryableStatus,
  parseRetryAfter,
  retryDelay,
} from './retry.ts';
