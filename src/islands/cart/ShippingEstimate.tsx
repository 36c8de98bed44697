import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CartState } from '../../lib/cart/checkout.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import {
  estimateShipping,
  loadEstimateStates,
  type EstimateState,
  type EstimateView,
} from '../../stores/shipping-estimate.ts';
import { FieldError } from './FieldError.tsx';

/** Shipping and tax estimate by US state on /cart.php (spec storefront 5 and 7). */
export function ShippingEstimate({ cart }: { cart: CartState }) {
  const [states, setStates] = useState<EstimateState[]>([]);
  const [stateId, setStateId] = useState('');
  const [result, setResult] = useState<EstimateView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    void loadEstimateStates().then(setStates);
  }, []);

  // A changed cart makes an old estimate wrong.
  useEffect(() => setResult(null), [cart.discountedSubtotalPrice]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setResult(null);
    setBusy(true);
    // spec storefront 5: the estimate needs the checkout id, else 'Invalid checkout.'
    estimateShipping(cart, stateId)
      .then(setResult)
      .catch((failure: unknown) => setError((failure as Error).message))
      .finally(() => setBusy(false));
  };

  const money = (amount: number) => formatPrice(amount, cart.currencyCode);
  return (
    <section className="cart-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Estimate shipping</h2>
      <form className="cart-inline-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-state`}>State</label>
        <select
          id={`${id}-state`}
          value={stateId}
          onChange={(event) => setStateId(event.target.value)}
        >
          <option value="">Choose a state</option>
          {states.map((state) => (
            <option key={state.id} value={state.id}>
              {state.title}
            </option>
          ))}
        </select>
        <button type="submit" className="cart-button-secondary" disabled={busy}>
          Estimate
        </button>
      </form>
      <FieldError error={error} />
      {result !== null && (
        <dl className="cart-summary" aria-live="polite" data-testid="shipping-estimate">
          <div>
            <dt>Shipping</dt>
            <dd>{result.shipping === 0 ? 'Free' : money(result.shipping)}</dd>
          </div>
          <div>
            <dt>Estimated tax ({result.taxPercent}%)</dt>
            <dd>{money(result.tax)}</dd>
          </div>
          <div className="cart-summary-total">
            <dt>Estimated total</dt>
            <dd>{money(result.total)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
