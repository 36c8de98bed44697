/** spec storefront 9: the stock note for an available quantity above 0. */
export const IN_STOCK_NOTE = 'In Stock. Same Day Shipping';
/** spec storefront 9: the title of a product's only, default variant. */
export const DEFAULT_VARIANT_TITLE = 'Default Title';

interface StockVariant {
  title: string;
  variantPosition: number;
  availableQuantity: number | null;
  availableInventoryLevels: readonly { bypassNegativeQuantity: boolean }[];
}

/**
 * The variant whose stock a page shows before a shopper chooses one (spec storefront 4,
 * "Available quantity"): the selected variant, else the only variant, else the one titled
 * 'Default Title' or at position 1.
 */
export function stockVariant<V extends StockVariant>(
  variants: readonly V[],
  selected?: V,
): V | undefined {
  if (selected) return selected;
  if (variants.length === 1) return variants[0];
  return (
    variants.find((variant) => variant.title === DEFAULT_VARIANT_TITLE) ??
    variants.find((variant) => variant.variantPosition === 1)
  );
}

/**
 * How many of the variant can be bought: unlimited (Infinity) when its inventory level has
 * bypassNegativeQuantity, otherwise its available quantity (spec storefront 4). The cart
 * subtracts what it already holds; a static page does not know the cart.
 */
export function availableQuantity(variant: StockVariant | undefined): number {
  if (!variant) return 0;
  if (variant.availableInventoryLevels[0]?.bypassNegativeQuantity) return Number.POSITIVE_INFINITY;
  return Math.max(0, variant.availableQuantity ?? 0);
}

/**
 * The stock note: 'In Stock. Same Day Shipping' when the quantity is above 0, else nothing.
 * @example stockNote(3) // 'In Stock. Same Day Shipping'
 */
export const stockNote = (quantity: number): string | null => (quantity > 0 ? IN_STOCK_NOTE : null);
