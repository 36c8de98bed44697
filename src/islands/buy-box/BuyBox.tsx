import { useEffect, useId, useRef, useState } from 'react';
import { orderIdFromSearch } from '../../lib/product/add-to-order.ts';
import type { BuyBoxProduct } from '../../lib/product/buy-box.ts';
import { buyState } from '../../lib/product/buy-state.ts';
import {
  addDisabled,
  checkQuantity,
  digitsOnly,
  minusDisabled,
  plusDisabled,
  QUANTITY_COMMIT_MS,
  type QuantityLimits,
} from '../../lib/cart/quantity.ts';
import { reachableValues, type Selection } from '../../lib/product/variant.ts';
import { $addToOrderPending, addToOrderWithToast } from '../../stores/add-to-order.ts';
import { chooseBuyBoxOption } from '../../stores/buy-box.ts';
import {
  $cart,
  $cartStillTrying,
  $cartUpdating,
  addToCartWithToast,
  EMPTY_CART,
  quantityInCart,
  STILL_TRYING,
} from '../../stores/cart.ts';
import { recordRecentlyViewed } from '../../stores/recently-viewed.ts';
import { singleClick, useHydratingStore, withErrorBoundary } from '../shared/index.ts';
import { useBuyBox } from './use-buy-box.ts';
import './buy-box.css';

interface Props {
  product: BuyBoxProduct;
  currency: string;
  /** The store's phone number, for a product priced 0 (call-for-price.ts). */
  phone: string;
}

/**
 * The product page's stock note and add-to-cart area (spec storefront 2, 4, 5, 9): option
 * selectors, quantity, Add to Cart, and Add to order when the page was opened with
 * ?orderId=. The rules are in src/lib/product (buy-state.ts, variant.ts, quantity.ts); this
 * renders them. Its server render is the page's first paint, stock note included.
 */
function BuyBox({ product, currency, phone }: Props) {
  const { state, hydrated } = useBuyBox(product);
  // Hydrate with what the build rendered from (no cart, nothing running): the cart may have
  // loaded before this island woke, and its stock note would differ from the HTML (#418).
  const cart = useHydratingStore($cart, EMPTY_CART);
  const updating = useHydratingStore($cartUpdating, false);
  const addingToOrder = useHydratingStore($addToOrderPending, false);
  const stillTrying = useHydratingStore($cartStillTrying, false);
  const id = useId();

  const [adding, setAdding] = useState(false);
  const addingRef = useRef(false);
  const [orderId, setOrderId] = useState<string | null>(null);

  // spec storefront 4: "on product load the product id moves to the front" of the list.
  useEffect(() => {
    recordRecentlyViewed(product.id);
    setOrderId(orderIdFromSearch(window.location.search));
  }, [product.id]);

  const live = state.product;
  const buy = buyState({
    ...state,
    inCart: (levelId) => quantityInCart(cart, levelId),
    currency,
  });
  const { stock } = buy;
  const gone = state.status === 'gone';
  // The line holds what the cart has of the level: the API's cap counts it too.
  const rules = {
    remaining: stock.remaining,
    inCart: stock.levelId === null ? 0 : quantityInCart(cart, stock.levelId),
    availableForSale: buy.forSale,
  };
  const busy = updating || adding;
  const cannotAdd =
    !hydrated || state.status === 'checking' || buy.needsChoice || addDisabled(busy, rules);
  const [text, commit, quantityBox, quantityMessage] = useQuantity(rules, id, hydrated, busy);

  async function onAdd() {
    if (addingRef.current || cannotAdd || stock.levelId === null) return;
    const wanted = commit(text);
    if (wanted === null) return;
    addingRef.current = true;
    setAdding(true);
    try {
      await addToCartWithToast(stock.levelId, wanted);
    } finally {
      addingRef.current = false;
      setAdding(false);
    }
  }

  function onAddToOrder() {
    if (orderId && !addingToOrder) void addToOrderWithToast(orderId, live.id);
  }

  return (
    <>
      {/* spec storefront 9: the stock note of the variant whose stock counts, as bought. */}
      <p className="bb-stock" aria-live="polite">
        {buy.note}
      </p>
      <div
        className="bb"
        data-buy-box
        data-product-id={live.id}
        data-product-handle={live.handle}
        aria-busy={!hydrated}
      >
        {/* Options side by side, then quantity and Add to Cart on one row, the messages after:
          the button stays in the first screen of a phone. */}
        {live.options.length > 0 && optionSelectors(live, state.choice.selection, id, hydrated)}

        <div className="bb-row">
          {quantityBox}
          <button
            type="button"
            className="bb-add"
            disabled={cannotAdd}
            aria-busy={adding}
            // A double click adds once: a fast reply can end the first add before the second
            // click arrives, which then added the quantity again (keyboard presses still act).
            onClick={singleClick(() => void onAdd())}
          >
            {adding ? (stillTrying ? STILL_TRYING : 'Adding…') : 'Add to Cart'}
          </button>
        </div>
        {quantityMessage}

        <p className="bb-status" aria-live="polite">
          {buy.callForPrice ? (
            <>
              To order, call us at <a href={`tel:${phone}`}>{phone}</a>.
            </>
          ) : (
            buy.message
          )}
        </p>
        {orderId && (
          <button
            type="button"
            className="bb-order"
            disabled={!hydrated || addingToOrder || gone}
            aria-busy={addingToOrder}
            onClick={onAddToOrder}
          >
            Add to order
          </button>
        )}
      </div>
    </>
  );
}

/**
 * The quantity box (spec storefront 5 and 9): minus, the typed quantity and plus, and the
 * message line under the row. Returns what is typed, `commit` (checks a value against the
 * rules; Add to Cart commits the typed text first) and the two elements the buy box places.
 * Typing commits 800 ms after the last key, minus and plus at once. A hook that renders, not
 * a component with props, and a tuple: each costs the product page fewer bytes (issue 30).
 */
function useQuantity(rules: QuantityLimits, id: string, hydrated: boolean, busy: boolean) {
  const [text, setText] = useState('1');
  const [quantity, setQuantity] = useState(1);
  const [message, setMessage] = useState<string | null>(null);
  const messageId = `${id}-message`;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(value: string): number | null {
    clearTimeout(timer.current);
    const checked = checkQuantity(value, rules);
    if (!checked.ok) {
      setMessage(checked.message);
      return null;
    }
    setMessage(null);
    setQuantity(checked.quantity);
    return checked.quantity;
  }

  function onType(value: string) {
    const digits = digitsOnly(value);
    setText(digits);
    clearTimeout(timer.current);
    // spec storefront 5 and 9: the typed quantity commits after 800 ms without typing.
    timer.current = setTimeout(() => commit(digits), QUANTITY_COMMIT_MS);
  }

  function step(by: number) {
    const next = Math.max(1, quantity + by);
    setText(String(next));
    commit(String(next));
  }

  const quantityBox = (
    <div className="bb-quantity">
      <label htmlFor={`${id}-quantity`}>Quantity</label>
      <div className="bb-stepper">
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={!hydrated || minusDisabled(quantity, busy)}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          id={`${id}-quantity`}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={text}
          disabled={!hydrated}
          aria-invalid={message !== null}
          aria-describedby={messageId}
          onChange={(event) => onType(event.target.value)}
          onBlur={() => commit(text)}
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={!hydrated || plusDisabled(quantity, rules)}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
    </div>
  );
  const quantityMessage = (
    <p id={messageId} className="bb-message" role="alert">
      {message}
    </p>
  );
  return [text, commit, quantityBox, quantityMessage] as const;
}

/** One select per option, side by side; a value the other choices rule out says so. */
function optionSelectors(live: BuyBoxProduct, selection: Selection, id: string, hydrated: boolean) {
  return (
    <div className="bb-options">
      {live.options.map((option) => {
        const reachable = reachableValues(live, selection, option.id);
        const selectId = `${id}-option-${option.id}`;
        return (
          <div className="bb-option" key={option.id}>
            <label htmlFor={selectId}>{option.name}</label>
            <select
              id={selectId}
              value={selection[option.id] ?? ''}
              disabled={!hydrated}
              onChange={(event) => chooseBuyBoxOption(option.id, event.target.value)}
            >
              <option value="">Choose {option.name}</option>
              {option.values.map((value) => (
                <option key={value} value={value}>
                  {reachable.has(value) ? value : `${value} (not with this choice)`}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
  );
}

export default withErrorBoundary(BuyBox);
