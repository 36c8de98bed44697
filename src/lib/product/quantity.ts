import { soldOnline } from '../../../shared/call-for-price.ts';
import type { ApiCard } from '../../../shared/contracts/product-card.ts';

/**
 * What of a product can be bought (spec storefront 4 and 5): the stock left after the cart,
 * and the cards' add button. The rule of the quantity typed is src/lib/cart/quantity.ts.
 */

interface Level {
  id: number;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
  availableForSale: boolean;
}

interface StockVariant {
  title: string;
  variantPosition: number;
  price: number;
  availableForSale: boolean;
  availableQuantity: number | null;
  availableInventoryLevels: readonly Level[];
}

/**
 * Whose stock counts (spec storefront 4, "Available quantity"): the selected variant, else
 * the single variant, else the one titled 'Default Title' or at position 1. The one rule is
 * stock.ts's, which the product page's stock note also follows.
 */
export { stockVariant as stockSource } from './stock.ts';

/** What can still be bought of one level, and whether it is for sale online at all. */
export interface Remaining {
  /** The inventory level the cart would get, or null when the variant has none. */
  levelId: number | null;
  /** Stock left after what the cart holds; Infinity with bypassNegativeQuantity. */
  remaining: number;
  /** The variant and its level are for sale, at a price (a price of 0 is not sold online). */
  availableForSale: boolean;
}

/**
 * spec storefront 5: "Remaining purchasable quantity = available quantity minus quantity in
 * cart (unlimited with bypassNegativeQuantity)". `inCart` says how many of a level the cart
 * holds. Without an inventory level nothing can be bought, nor at a price of 0 (call-for-price.ts).
 */
export function remainingOf(
  variant: StockVariant | undefined,
  inCart: (levelId: number) => number,
): Remaining {
  const level = variant?.availableInventoryLevels[0];
  if (!variant || !level) return { levelId: null, remaining: 0, availableForSale: false };
  const availableForSale =
    variant.availableForSale && level.availableForSale && soldOnline(variant.price);
  if (level.bypassNegativeQuantity) {
    return { levelId: level.id, remaining: Number.POSITIVE_INFINITY, availableForSale };
  }
  const stock = Math.max(0, variant.availableQuantity ?? level.availableQuantity);
  return {
    levelId: level.id,
    remaining: Math.max(0, stock - Math.max(0, inCart(level.id))),
    availableForSale,
  };
}

/**
 * Whether any variant can be bought at all, the cart aside: a product is sold out only when
 * none can (a product whose first variant had no stock read 'Sold out'
 * though 8 of its 9 variants were in stock).
 */
export function anyPurchasable(variants: readonly StockVariant[]): boolean {
  return variants.some((variant) => {
    const { availableForSale, remaining } = remainingOf(variant, () => 0);
    return availableForSale && remaining > 0;
  });
}

/**
 * spec storefront 4: a card's add button is disabled when the cart is updating, the item is
 * not for sale, remaining quantity is 0 or less, or an add-to-order request is in progress.
 */
export const cardAddDisabled = (state: {
  updating: boolean;
  availableForSale: boolean;
  remaining: number;
  addingToOrder: boolean;
}): boolean =>
  state.updating || !state.availableForSale || state.remaining <= 0 || state.addingToOrder;

/** What a card's add button needs: the first inventory level (spec storefront 3). */
export interface CardStock {
  levelId: number;
  /** The level's stock, or null when it is unlimited (bypassNegativeQuantity). */
  available: number | null;
  availableForSale: boolean;
}

/**
 * A card adds the first inventory level of the product (spec storefront 3, "first entry
 * used"), in variant order, as the API's card does. Null when the product has none, or is
 * priced 0: its card asks the shopper to call and links to its page (call-for-price.ts).
 */
export function cardStock(product: {
  price: number;
  availableForSale: boolean;
  Variants: readonly {
    variantPosition: number;
    availableInventoryLevels: readonly Level[];
  }[];
}): CardStock | null {
  const level = [...product.Variants]
    .sort((a, b) => a.variantPosition - b.variantPosition)
    .flatMap((variant) => variant.availableInventoryLevels)[0];
  if (!level || !soldOnline(product.price)) return null;
  return {
    levelId: level.id,
    available: level.bypassNegativeQuantity ? null : Math.max(0, level.availableQuantity),
    availableForSale: product.availableForSale && level.availableForSale,
  };
}

/**
 * What the add button of a card from the API adds (the results list's, the related
 * products'; spec storefront 3: the first inventory level): the level, its stock (null:
 * unlimited, bypassNegativeQuantity) and whether it is for sale; null when the card has no
 * inventory level or is priced 0 (as `cardStock`). Here rather than with the results list's
 * card view, so the related products' island does not bring that module along.
 */
export function apiCardStock(card: ApiCard): CardStock | null {
  if (typeof card.inventoryLevelId !== 'number' || !soldOnline(card.price)) return null;
  return {
    levelId: card.inventoryLevelId,
    available: card.bypassNegativeQuantity ? null : Math.max(0, card.availableQuantity ?? 0),
    availableForSale: card.availableForSale,
  };
}
