import { cartDiscount, type CartState } from '../../lib/cart/checkout.ts';
import { formatPrice } from '../../../shared/format/price.ts';

/**
 * The totals of the overlay and the cart page (spec storefront 2): Total Items, Subtotal,
 * Discount (subtotal minus discounted subtotal) and Total Amount.
 */
export function CartSummary({ cart }: { cart: CartState }) {
  const money = (amount: number) => formatPrice(amount, cart.currencyCode);
  const discount = cartDiscount(cart);
  return (
    <dl className="cart-summary">
      <div>
        <dt>Total Items</dt>
        <dd data-testid="cart-total-items">{cart.totalQuantity}</dd>
      </div>
      <div>
        <dt>Subtotal</dt>
        <dd data-testid="cart-subtotal">{money(cart.subtotalPrice)}</dd>
      </div>
      <div>
        <dt>Discount{cart.discountCode ? ` (${cart.discountCode})` : ''}</dt>
        <dd data-testid="cart-discount">{discount > 0 ? `-${money(discount)}` : money(0)}</dd>
      </div>
      <div className="cart-summary-total">
        <dt>Total Amount</dt>
        <dd data-testid="cart-total">{money(cart.totalPrice)}</dd>
      </div>
    </dl>
  );
}
