import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { freeShippingProgress } from '../../lib/cart/free-shipping.ts';
import { priceText } from '../../../shared/call-for-price.ts';
import { $cart, $cartOpen } from '../../stores/cart.ts';
import { loadFreeShippingAmount } from '../../stores/free-shipping.ts';
import { CartSummary } from './CartSummary.tsx';
import { productPath } from '../../lib/routing/paths.ts';

export const OVERLAY_ID = 'cart-overlay';

interface Props {
  /** theme.freeShippingValue from the build; refreshed from the API on first open. */
  freeShippingValue: number;
  productBase: string;
  /** Where focus goes on close when the element that opened it is gone. */
  anchor: () => HTMLElement | null;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, [tabindex="0"]';
const focusables = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];

/**
 * The cart overlay, which is also the header's dropdown mini-cart (spec storefront 2 and 4):
 * opens after a successful add, toggles with the cart button, closes on an outside click and
 * Escape. A non-modal <dialog> (a modal one would cover the cart button, which must keep
 * toggling it) that traps focus itself and gives it back when it closes.
 */
export function CartOverlay({ freeShippingValue, productBase, anchor }: Props) {
  const cart = useStore($cart);
  const open = useStore($cartOpen);
  const dialog = useDialog(open, anchor);
  const [threshold, setThreshold] = useState(freeShippingValue);

  useEffect(() => {
    if (!open) return;
    // Live over stale: the amount may have changed since the build.
    void loadFreeShippingAmount().then((amount) => {
      if (amount !== undefined) setThreshold(amount);
    });
  }, [open]);

  const shipping = freeShippingProgress(threshold, cart.discountedSubtotalPrice, cart.currencyCode);
  return (
    <dialog
      ref={dialog}
      id={OVERLAY_ID}
      className="cart-overlay"
      aria-labelledby="cart-overlay-title"
      aria-modal="true"
      onKeyDown={onKeyDown}
    >
      {open && (
        <div className="cart-overlay-body">
          <div className="cart-overlay-head">
            <h2 id="cart-overlay-title">Your cart</h2>
            <button
              type="button"
              className="cart-icon-button"
              aria-label="Close cart"
              onClick={() => $cartOpen.set(false)}
            >
              ×
            </button>
          </div>
          {!cart.loaded ? (
            <p role="status">Loading your cart…</p>
          ) : cart.lines.length === 0 ? (
            <p>Your cart is empty.</p>
          ) : (
            <ul className="cart-overlay-lines" aria-label="Items in your cart">
              {cart.lines.map((line) => (
                <li key={line.lineItemId}>
                  {line.imageUrl ? (
                    <img src={line.imageUrl} alt="" width="48" height="48" loading="lazy" />
                  ) : (
                    <span className="cart-thumb" aria-hidden="true" />
                  )}
                  <a href={productPath(productBase, line.handle)}>{line.title}</a>
                  <span>
                    {line.quantity} × {priceText(line.price, cart.currencyCode)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <CartSummary cart={cart} />
          {shipping && (
            <p className="cart-free-shipping" data-testid="cart-free-shipping">
              {shipping}
            </p>
          )}
          <div className="cart-overlay-actions">
            <a className="cart-button-secondary" href="/cart.php">
              View cart
            </a>
            {cart.webUrl && cart.lines.length > 0 && (
              <a className="cart-button-primary" href={cart.webUrl}>
                Checkout
              </a>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}

/**
 * The <dialog> shown while `open`, with focus on its first control, and closed otherwise,
 * focus going back where it was (`anchor` when that is gone). While open, a press outside
 * closes it. Returns the dialog's ref.
 */
function useDialog(open: boolean, anchor: () => HTMLElement | null) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const box = dialog.current;
    if (!box) return;
    if (open && !box.open) {
      returnTo.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      box.show();
      focusables(box)[0]?.focus();
    } else if (!open && box.open) {
      const hadFocus =
        box.contains(document.activeElement) || document.activeElement === document.body;
      box.close();
      // Focus goes back where it was (the cart button, or the Add to Cart button).
      const back = returnTo.current?.isConnected ? returnTo.current : anchor();
      if (hadFocus) back?.focus();
    }
  }, [open, anchor]);

  useEffect(() => {
    if (!open) return;
    // spec storefront 4: "closes on an outside click" (the cart button toggles by itself).
    const onPointerDown = (event: PointerEvent) => {
      const within = dialog.current?.parentElement;
      if (event.target instanceof Node && within?.contains(event.target)) return;
      $cartOpen.set(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return dialog;
}

/** Escape closes; Tab and Shift+Tab stay inside the open dialog (a focus trap). */
function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key === 'Escape') {
    event.preventDefault();
    $cartOpen.set(false);
    return;
  }
  if (event.key !== 'Tab') return;
  const items = focusables(event.currentTarget);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
