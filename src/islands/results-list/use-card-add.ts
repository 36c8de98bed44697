import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { cardAddDisabled } from '../../lib/product/quantity.ts';
import type { ApiCard } from '../../lib/search/filter-reply.ts';
import { apiCardStock } from '../../lib/product/quantity.ts';
import { $addToOrderPending } from '../../stores/add-to-order.ts';
import {
  $cart,
  $cartStillTrying,
  $cartUpdating,
  addToCartWithToast,
  quantityInCart,
} from '../../stores/cart.ts';
import type { FleetMachine } from '../../../shared/fitment/fleet.ts';
import { rememberLineMachine } from '../../stores/line-machines.ts';
import type { CardAdd } from './ResultCard.tsx';

/**
 * The add buttons of the results list's cards (spec storefront 4's card rule, 8's toasts),
 * from the cart stores: returns each card's button state, or null for a card with nothing
 * to add. Disabled until `hydrated`: the server cannot know the cart. A line added while the
 * list is narrowed to the chosen `machine` remembers it (issue 31, item 10).
 */
export function useCardAdd(
  hydrated: boolean,
  machine: FleetMachine | undefined,
): (card: ApiCard) => CardAdd | null {
  const cart = useStore($cart);
  const cartUpdating = useStore($cartUpdating);
  const addingToOrder = useStore($addToOrderPending);
  const stillTrying = useStore($cartStillTrying);
  // The inventory levels whose add runs from this list.
  const [adding, setAdding] = useState<ReadonlySet<number>>(new Set());

  return (card) => {
    const stock = apiCardStock(card);
    if (!stock) return null;
    const remaining =
      stock.available === null
        ? Number.POSITIVE_INFINITY
        : stock.available - quantityInCart(cart, stock.levelId);
    const busy = adding.has(stock.levelId);
    return {
      forSale: stock.availableForSale,
      busy,
      stillTrying,
      disabled:
        !hydrated ||
        busy ||
        cardAddDisabled({
          updating: cartUpdating,
          availableForSale: stock.availableForSale,
          remaining,
          addingToOrder,
        }),
      onAdd: () => {
        setAdding((now) => new Set(now).add(stock.levelId));
        const before = quantityInCart($cart.get(), stock.levelId);
        void addToCartWithToast(stock.levelId, 1)
          .then(() => {
            // The add toasts its own failure: only a line it grew remembers the machine.
            if (machine && quantityInCart($cart.get(), stock.levelId) > before) {
              rememberLineMachine(stock.levelId, machine);
            }
          })
          .finally(() => {
            setAdding((now) => {
              const next = new Set(now);
              next.delete(stock.levelId);
              return next;
            });
          });
      },
    };
  };
}
