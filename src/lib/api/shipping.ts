import type {
  EstimateStatesReply,
  ShippingEstimateReply,
} from '../../../shared/contracts/shipping.ts';
import { getJson } from './client.ts';

/**
 * The shipping estimate's calls (spec storefront 5 and 7; the wire shapes in
 * shared/contracts/shipping.ts): the states and the estimate of /cart.php. Each rejects with
 * the client's ApiError; replies are typed as sent, `Partial` where the store checks them.
 * Apart from the cart's calls (cart.ts), which every page loads with the cart store, and from
 * the mini-cart's free-shipping call (free-shipping.ts): the bundler places a module whole in
 * every page that uses any of it.
 */

/** GET /api/states?countryCode=US: the states an estimate is asked for. */
export const getEstimateStates = (): Promise<Partial<EstimateStatesReply>> =>
  getJson('/api/states?countryCode=US');

/** GET /api/checkouts/{checkoutId}/estimateShipping?stateId=. */
export const getShippingEstimate = (
  checkoutId: string,
  stateId: string,
): Promise<Partial<ShippingEstimateReply> | null> =>
  getJson(
    `/api/checkouts/${encodeURIComponent(checkoutId)}/estimateShipping?stateId=${encodeURIComponent(stateId)}`,
  );
