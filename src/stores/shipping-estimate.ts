import type { EstimateState } from '../../shared/contracts/shipping.ts';
import { DEFAULT_ERROR, INVALID_CHECKOUT_ERROR } from '../lib/api/client.ts';
import { getEstimateStates, getShippingEstimate } from '../lib/api/shipping.ts';
import type { CartState } from '../lib/cart/checkout.ts';
import { estimateView, readEstimate, type EstimateView } from '../lib/cart/estimate.ts';
import { trackLoading } from './loading.ts';

export type { EstimateState, EstimateView };

/** What the form says when no state is chosen. */
export const CHOOSE_STATE = 'Choose a state to estimate shipping.';

/**
 * The states of the estimate form (GET /api/states?countryCode=US), under the loading bar;
 * [] when the call failed, which is only logged (spec storefront 8).
 */
export async function loadEstimateStates(): Promise<EstimateState[]> {
  try {
    const reply = await trackLoading(getEstimateStates());
    const list = Array.isArray(reply.states) ? reply.states : [];
    return list.filter((item) => typeof item.id === 'number');
  } catch (failure) {
    console.error('Loading states failed', failure);
    return [];
  }
}

/**
 * The shipping and tax estimate of `cart` for a state (spec storefront 5 and 7), under the
 * loading bar. Rejects with the words to show: 'Invalid checkout.' without a checkout id,
 * CHOOSE_STATE without a state, the server's refusal, or the default for a reply that is not
 * an estimate.
 */
export async function estimateShipping(cart: CartState, stateId: string): Promise<EstimateView> {
  if (cart.checkoutId === null) throw new Error(INVALID_CHECKOUT_ERROR);
  if (stateId === '') throw new Error(CHOOSE_STATE);
  const estimate = readEstimate(await trackLoading(getShippingEstimate(cart.checkoutId, stateId)));
  if (estimate === undefined) throw new Error(DEFAULT_ERROR);
  return estimateView(estimate, cart.discountedSubtotalPrice, cart.totalPrice);
}
