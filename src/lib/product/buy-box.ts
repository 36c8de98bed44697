import * as z from 'zod/mini';
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

export interface BuyBoxVariant {
  id: number;
  title: string;
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
  availableQuantity: number | null;
  variantPosition: number;
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

// zod/mini, not zod: this module runs in the buy box island, and the full zod would add
// about 25 KB gzipped to every product page (the mini build tree-shakes to a few KB).
const money = z.number().check(z.minimum(0));
const int = z.int();
const level = z.object({
  id: int,
  availableQuantity: int,
  bypassNegativeQuantity: z.boolean(),
  availableForSale: z.boolean(),
});
/** The part of the API's product detail the buy box reads; other fields pass through. */
export const liveProductSchema = z.object({
  id: z.int().check(z.positive()),
  handle: z.string().check(z.minLength(1)),
  price: money,
  compareAtPrice: z.nullable(money),
  availableForSale: z.boolean(),
  Options: z.array(z.object({ id: int, name: z.string(), position: z.number() })),
  Variants: z
    .array(
      z.object({
        id: int,
        title: z.string(),
        price: money,
        compareAtPrice: z.nullable(money),
        availableForSale: z.boolean(),
        availableQuantity: z.nullable(int),
        variantPosition: int,
        Options: z.array(
          z.object({
            id: int,
            VariantSelectedOptions: z.object({ optionValueSelected: z.string() }),
          }),
        ),
        availableInventoryLevels: z.array(level),
      }),
    )
    .check(z.minLength(1)),
});
export type LiveProduct = z.output<typeof liveProductSchema>;

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
  const parsed = z.object({ product: liveProductSchema }).safeParse(reply);
  if (!parsed.success) return { ok: false, problem: 'The product reply was not understood.' };
  return { ok: true, product: buyBoxProduct(parsed.data.product) };
}
