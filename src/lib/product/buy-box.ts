import { optionLists, type OptionList } from './options.ts';

/**
 * What the buy box needs of a product (spec storefront 3, "Variant"): small enough to travel
 * in the page as island props, and made the same way from the build's record and from the
 * live GET /api/products/handle/{handle} reply, so a refresh replaces it wholesale.
 */
export interface BuyBoxLevel {
  id: number;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
  availableForSale: boolean;
}

/** What the buy box keeps of a variant as the API gives it (and the live reply repeats). */
export interface VariantFields {
  id: number;
  title: string;
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
  availableQuantity: number | null;
  variantPosition: number;
}

export interface BuyBoxVariant extends VariantFields {
  /** Option id -> the value this variant has for it. */
  values: Record<number, string>;
  /** spec storefront 3: the first of availableInventoryLevels is the one the cart gets. */
  availableInventoryLevels: BuyBoxLevel[];
}

export interface BuyBoxProduct {
  id: number;
  handle: string;
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
  options: OptionList[];
  variants: BuyBoxVariant[];
}

/** An inventory level as the API's product detail gives it: the buy box keeps it whole. */
export type LiveLevel = BuyBoxLevel;

/** The part of the API's product detail the buy box reads; other fields pass through. */
export interface LiveProduct {
  id: number;
  handle: string;
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
  Options: { id: number; name: string; position: number }[];
  Variants: (VariantFields & {
    Options: { id: number; VariantSelectedOptions: { optionValueSelected: string } }[];
    availableInventoryLevels: LiveLevel[];
  })[];
}

// Checked by hand, not with zod/mini: this is the only schema a product page parses before
// the shopper acts, and zod/mini's core would be 6 KB of the page's 100 KB.
type Check = (value: unknown) => boolean;
const isInt: Check = (value) => Number.isSafeInteger(value);
const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const isMoney: Check = (value) => isNumber(value) && (value as number) >= 0;
const isBoolean: Check = (value) => typeof value === 'boolean';
const isString: Check = (value) => typeof value === 'string';
const orNull =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const listOf =
  (check: Check, min = 0): Check =>
  (value) =>
    Array.isArray(value) && value.length >= min && value.every(check);
const shape =
  (fields: Record<string, Check>): Check =>
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    Object.entries(fields).every(([key, check]) => check((value as Record<string, unknown>)[key]));

const isLevel = shape({
  id: isInt,
  availableQuantity: isInt,
  bypassNegativeQuantity: isBoolean,
  availableForSale: isBoolean,
});
const isVariant = shape({
  id: isInt,
  title: isString,
  price: isMoney,
  compareAtPrice: orNull(isMoney),
  availableForSale: isBoolean,
  availableQuantity: orNull(isInt),
  variantPosition: isInt,
  Options: listOf(
    shape({ id: isInt, VariantSelectedOptions: shape({ optionValueSelected: isString }) }),
  ),
  availableInventoryLevels: listOf(isLevel),
});
/** Whether `value` has every field of LiveProduct the buy box reads, each of its type. */
export const isLiveProduct = shape({
  id: (value) => isInt(value) && (value as number) > 0,
  handle: (value) => isString(value) && (value as string).length > 0,
  price: isMoney,
  compareAtPrice: orNull(isMoney),
  availableForSale: isBoolean,
  Options: listOf(shape({ id: isInt, name: isString, position: isNumber })),
  Variants: listOf(isVariant, 1),
}) as (value: unknown) => value is LiveProduct;

/**
 * Maps a product record (the build's or the API's) to the buy box's model.
 * @example buyBoxProduct(entry.data).variants[0].availableInventoryLevels[0].id
 */
export function buyBoxProduct(product: LiveProduct): BuyBoxProduct {
  return {
    id: product.id,
    handle: product.handle,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    availableForSale: product.availableForSale,
    options: optionLists(product),
    variants: [...product.Variants]
      .sort((a, b) => a.variantPosition - b.variantPosition)
      .map((variant) => ({
        id: variant.id,
        title: variant.title,
        price: variant.price,
        compareAtPrice: variant.compareAtPrice,
        availableForSale: variant.availableForSale,
        availableQuantity: variant.availableQuantity,
        variantPosition: variant.variantPosition,
        values: Object.fromEntries(
          variant.Options.map((o) => [o.id, o.VariantSelectedOptions.optionValueSelected]),
        ),
        availableInventoryLevels: variant.availableInventoryLevels.map((l) => ({
          id: l.id,
          availableQuantity: l.availableQuantity,
          bypassNegativeQuantity: l.bypassNegativeQuantity,
          availableForSale: l.availableForSale,
        })),
      })),
  };
}

/** The outcome of reading the live reply: the model, or why it cannot be used. */
export type LiveRead = { ok: true; product: BuyBoxProduct } | { ok: false; problem: string };

/** Validates GET /api/products/handle/{handle}'s `{ product }` reply. */
export function readLiveProduct(reply: unknown): LiveRead {
  const product = (reply as { product?: unknown } | null)?.product;
  if (!isLiveProduct(product))
    return { ok: false, problem: 'The product reply was not understood.' };
  return { ok: true, product: buyBoxProduct(product) };
}
