import { soldOnline } from '../../../shared/call-for-price.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import type { BuyBoxProduct, BuyBoxVariant } from './buy-box.ts';
import { anyPurchasable, remainingOf, stockSource, type Remaining } from './quantity.ts';
import { stockNote } from './stock.ts';
import { isFullySelected, selectedVariant, shownPrice, type VariantChoice } from './variant.ts';

/** spec storefront 4, our words: a product the API no longer has. */
export const NO_LONGER_AVAILABLE = 'This product is no longer available.';
/** What the buy box says under Add to Cart when nothing can be bought. */
export const SOLD_OUT = 'Sold out';
/** Everything the stock allows is in the cart already. */
export const ALL_IN_CART = 'All available stock is already in your cart.';
/** Before a multi-variant product's options pick a variant. */
export const chooseText = (names: readonly string[]): string =>
  `Choose ${names.join(' and ')} to add to cart.`;
/** The live check found another price than the page was built with (never a price of 0). */
export const priceChangedText = (price: string): string =>
  `The price has changed since this page was made: now ${price}.`;

/** How far the page's data has been checked against the API (src/stores/buy-box.ts). */
export type LiveStatus = 'checking' | 'live' | 'stale' | 'gone';

/** What the buy box reads to decide (its store's state, and the cart). */
export interface BuyInput {
  /** The product as the buy box knows it: the page's, or the live reply once checked. */
  product: BuyBoxProduct;
  /** The page's product, to say when the live price differs from the one it was built with. */
  builtProduct: BuyBoxProduct;
  choice: VariantChoice;
  status: LiveStatus;
  /** How many of an inventory level the cart holds (0 before the cart is known). */
  inCart: (levelId: number) => number;
  /** The store currency, for the changed price. */
  currency: string;
}

/** What the buy box shows and allows, the cart's updating flag aside. */
export interface BuyState {
  /** The chosen variant, when the choice has settled on one. */
  variant: BuyBoxVariant | undefined;
  /** Options still to choose before anything can be added. */
  needsChoice: boolean;
  /** Whose stock counts, and how much of it remains after the cart (spec storefront 4). */
  stock: Remaining;
  /** Whether the product can be bought online now (stock aside from the quantity typed). */
  forSale: boolean;
  /**
   * The shown price is 0 (call-for-price.ts): nothing can be added, and the status line
   * gives the number to call instead of `message`.
   */
  callForPrice: boolean;
  /** spec storefront 9: 'In Stock. Same Day Shipping', or null. */
  note: string | null;
  /** The status line under Add to Cart, '' for none. */
  message: string;
}

/**
 * The one rule for what the buy box says and allows (spec storefront 4, 5 and 9): whose
 * stock counts, whether it can be bought, the stock note and the status line. The product
 * page's first paint is the buy box rendered on the server from the page's product, and
 * the island renders the same function with the live product, the choice and the cart, so
 * the stock note never says 'In Stock' above a disabled Add to Cart.
 * @example buyState({ product, builtProduct: product, choice, status: 'checking', inCart: () => 0 }).note
 */
export function buyState(input: BuyInput): BuyState {
  const { product, choice, status } = input;
  const variant = selectedVariant(product, choice);
  const source = stockSource(product.variants, variant);
  const stock = remainingOf(source, input.inCart);
  const gone = status === 'gone';
  const needsChoice = product.options.length > 0 && variant === undefined;
  // Before a choice the product is for sale when any variant is: the status invites the
  // choice instead of reading 'Sold out' from the first variant's stock. Stock the cart
  // holds is not sold out: it says so (ALL_IN_CART).
  const forSale =
    (needsChoice ? anyPurchasable(product.variants) : anyPurchasable(source ? [source] : [])) &&
    product.availableForSale &&
    !gone;
  const shown = shownPrice(product, variant).price;
  const built = shownPrice(input.builtProduct, selectedVariant(input.builtProduct, choice)).price;
  const callForPrice = !gone && !soldOnline(shown);
  // spec storefront 9: "Stock above 0 shows 'In Stock. Same Day Shipping'", of the variant
  // whose stock counts, and only when it can be bought: never beside 'Sold out'.
  const buyable = !gone && product.availableForSale && stock.availableForSale;
  const fullySelected = variant !== undefined || isFullySelected(product, choice.selection);
  let message = '';
  if (gone) message = NO_LONGER_AVAILABLE;
  else if (callForPrice) message = '';
  else if (!forSale && status !== 'checking') message = SOLD_OUT;
  else if (needsChoice) message = chooseText(product.options.map((option) => option.name));
  else if (status === 'live' && built !== shown)
    message = priceChangedText(formatPrice(shown, input.currency));
  else if (fullySelected && forSale && stock.remaining <= 0) message = ALL_IN_CART;
  return {
    variant,
    needsChoice,
    stock,
    forSale,
    callForPrice,
    note: stockNote(buyable ? stock.remaining : 0),
    message,
  };
}
