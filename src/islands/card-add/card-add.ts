import { cardAddDisabled } from '../../lib/product/quantity.ts';
import { $addToOrderPending } from '../../stores/add-to-order.ts';
import {
  $cart,
  $cartStillTrying,
  $cartUpdating,
  addToCartWithToast,
  CARD_STILL_TRYING,
  quantityInCart,
} from '../../stores/cart.ts';

const SELECTOR = 'button[data-card-add-button]';

/** What one card button's data attributes say (written by ProductCard.astro). */
export interface CardButtonData {
  levelId: number;
  /** null: unlimited (bypassNegativeQuantity). */
  available: number | null;
  availableForSale: boolean;
}

/** Reads a button's data attributes; null when they are missing or malformed. */
export function readCardButton(button: HTMLElement): CardButtonData | null {
  const levelId = Number(button.dataset['levelId']);
  const rawAvailable = button.dataset['available'];
  const available = rawAvailable === 'unlimited' ? null : Number(rawAvailable);
  if (!Number.isSafeInteger(levelId) || levelId <= 0) return null;
  if (available !== null && !Number.isFinite(available)) return null;
  return { levelId, available, availableForSale: button.dataset['forSale'] === 'true' };
}

/**
 * Wires every product card's add button under `root` (spec storefront 2, 4, 8): one click
 * listener for the whole page and one subscription to the stores, so dozens of cards cost no
 * more than one. Each button is enabled by the card rule (spec storefront 4): not while the
 * cart updates or an add-to-order runs, not when not for sale, not when nothing remains.
 * Returns a function that unwires it.
 */
export function wireCardAddButtons(root: Document | HTMLElement): () => void {
  // Buttons whose add is in flight here; the store's updating flag covers the rest.
  const busy = new Set<HTMLButtonElement>();
  // The built label of each button relabelled while its add is retried, to put back after.
  const built = new Map<HTMLButtonElement, { text: string; name: string | null }>();

  /** a button whose add is being retried says so, then reads as built. */
  const label = (button: HTMLButtonElement, stillTrying: boolean) => {
    const saved = built.get(button);
    if (stillTrying && busy.has(button)) {
      if (saved) return;
      const text = button.textContent;
      const name = button.getAttribute('aria-label');
      built.set(button, { text, name });
      button.textContent = CARD_STILL_TRYING;
      // 'Add to Cart: {title}' becomes 'Still trying…: {title}'.
      if (name !== null)
        button.setAttribute('aria-label', name.replace(text.trim(), CARD_STILL_TRYING));
    } else if (saved) {
      built.delete(button);
      button.textContent = saved.text;
      if (saved.name !== null) button.setAttribute('aria-label', saved.name);
    }
  };

  const refresh = () => {
    const cart = $cart.get();
    const updating = $cartUpdating.get();
    const addingToOrder = $addToOrderPending.get();
    const stillTrying = $cartStillTrying.get();
    for (const button of root.querySelectorAll<HTMLButtonElement>(SELECTOR)) {
      label(button, stillTrying);
      const data = readCardButton(button);
      const remaining =
        data === null
          ? 0
          : data.available === null
            ? Number.POSITIVE_INFINITY
            : data.available - quantityInCart(cart, data.levelId);
      button.disabled =
        busy.has(button) ||
        cardAddDisabled({
          updating,
          availableForSale: data?.availableForSale ?? false,
          remaining,
          addingToOrder,
        });
    }
  };

  const onClick = (event: Event) => {
    // A double click adds one unit: its second click can come after a fast first add ended.
    if (event instanceof MouseEvent && event.detail > 1) return;
    const target = event.target as Element | null;
    const button = target?.closest<HTMLButtonElement>(SELECTOR);
    if (!button || button.disabled || busy.has(button)) return;
    const data = readCardButton(button);
    if (!data) return;
    busy.add(button);
    refresh();
    button.setAttribute('aria-busy', 'true');
    void addToCartWithToast(data.levelId, 1).finally(() => {
      busy.delete(button);
      button.removeAttribute('aria-busy');
      refresh();
    });
  };

  root.addEventListener('click', onClick);
  const unbind = [
    $cart.subscribe(refresh),
    $cartUpdating.listen(refresh),
    $addToOrderPending.listen(refresh),
    $cartStillTrying.listen(refresh),
  ];
  return () => {
    root.removeEventListener('click', onClick);
    for (const stop of unbind) stop();
  };
}
