import { useEffect } from 'react';
import { freeShippingProgress } from '../../lib/cart/free-shipping.ts';
import { $cart, $cartLoadError, $cartUpdating, EMPTY_CART, loadCart } from '../../stores/cart.ts';
import { $activeMachine } from '../../stores/fleet.ts';
import { $lineMachines, keepLineMachines } from '../../stores/line-machines.ts';
import { finishLoading, startLoading } from '../../stores/loading.ts';
import { useHydratingStore, withErrorBoundary } from '../shared/index.ts';
import { CartLineRow } from './CartLineRow.tsx';
import { CartSummary } from './CartSummary.tsx';
import { DiscountCodes } from './DiscountCodes.tsx';
import { ShippingEstimate } from './ShippingEstimate.tsx';
import { useLineFits } from './use-line-fits.ts';
import './cart.css';
import '../shared/link-button.css';
import './cart-page.css';

interface Props {
  freeShippingValue: number;
  productBase: string;
}

/** /cart.php (served from /cart/): the lines, codes, estimate, totals and the checkout link. */
function CartPage({ freeShippingValue, productBase }: Props) {
  // The build rendered 'Loading your cart…': hydrate with that, whatever the store holds by
  // now (the header's button may have loaded the cart first).
  const cart = useHydratingStore($cart, EMPTY_CART);
  const updating = useHydratingStore($cartUpdating, false);
  const loadError = useHydratingStore($cartLoadError, null);
  const machine = useHydratingStore($activeMachine, undefined);
  const lineMachines = useHydratingStore($lineMachines, {});
  const fits = useLineFits(cart.lines, machine);

  // A line gone from the cart forgets its machine.
  useEffect(() => {
    if (cart.loaded) keepLineMachines(cart.lines.map((line) => line.inventoryLevelId));
  }, [cart]);

  // spec storefront 4: the loading bar runs while cart calls do.
  useEffect(() => {
    if (!updating) return;
    startLoading();
    return finishLoading;
  }, [updating]);

  if (!cart.loaded && loadError !== null) {
    // within 10 s of asking, say the store cannot be reached, and offer a
    // retry (the error stays shown while the retry runs; a success replaces it with the cart).
    return (
      <div className="cart-page-status cart-unavailable">
        <p role="alert">{loadError}</p>
        <button
          type="button"
          className="cart-button-primary"
          disabled={updating}
          onClick={() => {
            loadCart().catch(() => {}); // a failure is shown above, from the store
          }}
        >
          {updating ? 'Retrying…' : 'Retry'}
        </button>
      </div>
    );
  }
  if (!cart.loaded) {
    return (
      <p role="status" className="cart-page-status">
        Loading your cart…
      </p>
    );
  }
  if (cart.lines.length === 0) {
    return (
      <div className="cart-empty">
        <p>Your cart is empty.</p>
        <a className="cart-button-primary" href="/">
          Continue shopping
        </a>
      </div>
    );
  }
  const shipping = freeShippingProgress(
    freeShippingValue,
    cart.discountedSubtotalPrice,
    cart.currencyCode,
  );
  return (
    <div className="cart-page" aria-busy={updating}>
      <ul className="cart-lines" aria-label="Items in your cart">
        {cart.lines.map((line) => (
          <CartLineRow
            key={line.lineItemId}
            line={line}
            chosenFor={lineMachines[String(line.inventoryLevelId)]}
            fit={fits.get(line.handle)}
            currency={cart.currencyCode}
            productBase={productBase}
            updating={updating}
          />
        ))}
      </ul>
      <aside className="cart-side" aria-label="Order summary">
        <section className="cart-panel">
          <h2>Order summary</h2>
          <CartSummary cart={cart} />
          {shipping && <p className="cart-free-shipping">{shipping}</p>}
          {cart.webUrl && (
            <a className="cart-button-primary cart-checkout" href={cart.webUrl}>
              Proceed to checkout
            </a>
          )}
        </section>
        <DiscountCodes cart={cart} />
        <ShippingEstimate cart={cart} />
      </aside>
    </div>
  );
}

export default withErrorBoundary(CartPage);
