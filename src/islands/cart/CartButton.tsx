import { useCallback, useEffect, useRef, useState } from 'react';
import { countBadge } from '../../lib/cart/count-badge.ts';
import { $cart, $cartOpen, EMPTY_CART } from '../../stores/cart.ts';
import { useHydratingStore, withErrorBoundary } from '../shared/index.ts';
import { CartOverlay, OVERLAY_ID } from './CartOverlay.tsx';
import './cart.css';

interface Props {
  freeShippingValue: number;
  productBase: string;
}

const CartIcon = () => (
  <svg aria-hidden="true" width="26" height="26" viewBox="0 0 24 24" fill="none">
    <path
      d="M3 4h2l2.2 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <circle cx="9" cy="19" r="1.6" fill="currentColor" />
    <circle cx="17" cy="19" r="1.6" fill="currentColor" />
  </svg>
);

/**
 * The header's cart button with its item count (spec storefront 2). Rendered at build time
 * as the plain 'View cart' link to /cart.php, so it works before (and without) hydration;
 * once hydrated the same box becomes the button that toggles the mini-cart overlay.
 */
function CartButton({ freeShippingValue, productBase }: Props) {
  // The build rendered no count: hydrate with that, though a card script or another island
  // may have loaded the cart already (the count then appears right after hydration).
  const cart = useHydratingStore($cart, EMPTY_CART);
  const open = useHydratingStore($cartOpen, false);
  const [hydrated, setHydrated] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  const link = useRef<HTMLAnchorElement>(null);
  // Issue 29: Tab to the link wakes the island (client:interact), which swaps the link for
  // the button; the shopper keeps the focus, on the button, as the commit puts it in place.
  const hadFocus = useRef(false);
  const anchor = useCallback(() => button.current, []);
  const buttonRef = useCallback((el: HTMLButtonElement | null) => {
    button.current = el;
    if (el && hadFocus.current) {
      hadFocus.current = false;
      el.focus();
    }
  }, []);
  useEffect(() => {
    hadFocus.current = link.current !== null && document.activeElement === link.current;
    setHydrated(true);
  }, []);

  const count = cart.loaded && cart.totalQuantity > 0 ? cart.totalQuantity : null;
  const inside = (
    <>
      <CartIcon />
      <span className="phone-hidden">View cart</span>
      {count !== null && (
        <span className="cart-count" data-testid="cart-count">
          <span aria-hidden="true">{countBadge(count).shown}</span>
          <span className="visually-hidden">{countBadge(count).said}</span>
        </span>
      )}
    </>
  );
  if (!hydrated) {
    return (
      <div className="cart-widget">
        <a ref={link} className="cart-button" href="/cart.php">
          {inside}
        </a>
      </div>
    );
  }
  return (
    <div className="cart-widget">
      <button
        ref={buttonRef}
        type="button"
        className="cart-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={OVERLAY_ID}
        onClick={() => $cartOpen.set(!open)}
      >
        {inside}
      </button>
      <CartOverlay
        freeShippingValue={freeShippingValue}
        productBase={productBase}
        anchor={anchor}
      />
    </div>
  );
}

export default withErrorBoundary(CartButton);
