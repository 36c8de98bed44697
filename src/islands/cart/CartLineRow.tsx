import { useEffect, useId, useRef, useState } from 'react';
import type { CartLine } from '../../lib/cart/checkout.ts';
import {
  QUANTITY_COMMIT_MS,
  checkQuantity,
  digitsOnly,
  lineLimits,
  minusDisabled,
  plusDisabled,
} from '../../lib/cart/quantity.ts';
import { CALL_FOR_PRICE, soldOnline } from '../../../shared/call-for-price.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import { $cart, removeCartLine, setCartQuantity } from '../../stores/cart.ts';
import { singleClick } from '../shared/index.ts';
import { productPath } from '../../lib/routing/paths.ts';
import { FieldError } from './FieldError.tsx';
import { machineLabel, machineName, type FleetMachine } from '../../../shared/fitment/fleet.ts';
import type { Badge } from '../../lib/fitment/badge.ts';

interface Props {
  line: CartLine;
  /** The machine the line was chosen for (issue 31, item 10), if it remembers one. */
  chosenFor?: FleetMachine | undefined;
  /** What the line's product says of the chosen machine; warned of when it may not fit. */
  fit?: Badge | undefined;
  currency: string;
  productBase: string;
  updating: boolean;
}

/** The store's quantity of a level now (after a commit settles), or undefined when gone. */
const storedQuantity = (level: number) =>
  $cart.get().lines.find((line) => line.inventoryLevelId === level)?.quantity;

/**
 * One line of /cart.php: picture, title linking to the product, price, quantity editor and
 * removal. The quantity (typed, or stepped with minus and plus) is a draft that commits
 * 800 ms after the last change (spec storefront 5 and 9), so ten presses of + send one
 * call with the final number.
 */
export function CartLineRow({ line, chosenFor, fit, currency, productBase, updating }: Props) {
  const [draft, error, schedule, commitNow] = useQuantityDraft(line);
  const [removing, setRemoving] = useState(false);
  const errorId = useId();

  const current = Number(digitsOnly(draft)) || 0;
  const href = productPath(productBase, line.handle);
  return (
    <li className="cart-line" data-testid="cart-line" data-inventory-level={line.inventoryLevelId}>
      <a href={href} className="cart-line-image" tabIndex={-1} aria-hidden="true">
        {line.imageUrl ? (
          <img src={line.imageUrl} alt="" width="96" height="96" loading="lazy" />
        ) : (
          <span className="cart-thumb" />
        )}
      </a>
      <div className="cart-line-info">
        <a href={href} className="cart-line-title">
          {line.title}
        </a>
        {line.sku && <span className="cart-line-sku">SKU: {line.sku}</span>}
        {chosenFor && (
          <span className="cart-line-machine">
            For {machineName(chosenFor)}
            {chosenFor.nickname && ` (${machineLabel(chosenFor)})`}
          </span>
        )}
        {fit && (fit.kind === 'does-not-fit' || fit.kind === 'check') && (
          <span className={`cart-line-fit cart-line-fit-${fit.kind}`}>{fit.text}</span>
        )}
        <span className="cart-line-price">
          {soldOnline(line.price) ? `${formatPrice(line.price, currency)} each` : CALL_FOR_PRICE}
        </span>
        {!line.availableForSale && (
          <span className="cart-line-warning">Item is not available for sale</span>
        )}
      </div>
      <div className="cart-line-quantity">
        <div className="cart-stepper">
          <button
            type="button"
            aria-label={`Decrease quantity of ${line.title}`}
            disabled={minusDisabled(current, updating)}
            onClick={() => schedule(String(current - 1))}
          >
            −
          </button>
          <input
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            aria-label={`Quantity of ${line.title}`}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? errorId : undefined}
            value={draft}
            onChange={(event) => schedule(digitsOnly(event.target.value))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commitNow();
            }}
          />
          <button
            type="button"
            aria-label={`Increase quantity of ${line.title}`}
            disabled={plusDisabled(current, lineLimits(line))}
            onClick={() => schedule(String(current + 1))}
          >
            +
          </button>
        </div>
        <FieldError id={errorId} error={error} />
      </div>
      <div className="cart-line-total">
        {soldOnline(line.price) && formatPrice(line.price * line.quantity, currency)}
      </div>
      <button
        type="button"
        className="link-button cart-line-remove"
        aria-label={`Remove ${line.title} from cart`}
        disabled={removing}
        onClick={singleClick(() => {
          setRemoving(true);
          // spec storefront 8: delete failures are only logged; the cart reloads either way.
          removeCartLine(line.lineItemId)
            .catch(() => {})
            .finally(() => setRemoving(false));
        })}
      >
        Remove
      </button>
    </li>
  );
}

/**
 * A line's quantity draft and its error: `schedule` sets the draft and commits it once the
 * shopper pauses, `commitNow` (Enter) commits a waiting draft at once. A draft that breaks
 * the quantity rule shows its message instead of being sent.
 */
function useQuantityDraft(line: CartLine) {
  const [draft, setDraft] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const editing = useRef(false);

  // The server's number wins whenever the shopper is not in the middle of an edit.
  useEffect(() => {
    if (!editing.current) setDraft(String(line.quantity));
  }, [line.quantity]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (text: string) => {
    const checked = checkQuantity(text, lineLimits(line));
    if (!checked.ok) {
      editing.current = false;
      setError(checked.message);
      return;
    }
    setError(null);
    setCartQuantity(line.inventoryLevelId, checked.quantity)
      .catch(() => {}) // spec storefront 8: set failures are only logged (the store does)
      .finally(() => {
        if (timer.current !== undefined) return; // a newer edit is waiting
        editing.current = false;
        const now = storedQuantity(line.inventoryLevelId);
        if (now !== undefined) setDraft(String(now));
      });
  };

  const schedule = (text: string) => {
    editing.current = true;
    setDraft(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      commit(text);
    }, QUANTITY_COMMIT_MS);
  };

  const commitNow = () => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    commit(draft);
  };

  return [draft, error, schedule, commitNow] as const;
}
