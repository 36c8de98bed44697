import type { FreeShippingAmountReply } from '../../../shared/contracts/shipping.ts';
import { getJson } from './client.ts';

/**
 * GET /api/shippingPolicies/freeShippingAmount (spec storefront 7), the mini-cart's one call
 * of its own; rejects with the client's ApiError. `Partial`: the store checks the reply.
 * Apart from shipping.ts, /cart.php's calls, so the mini-cart loads only this.
 */
export const getFreeShippingAmount = (): Promise<Partial<FreeShippingAmountReply>> =>
  getJson('/api/shippingPolicies/freeShippingAmount');
