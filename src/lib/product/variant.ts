import type { BuyBoxProduct, BuyBoxVariant } from './buy-box.ts';

/** Option id -> the chosen value. A missing key is an option not chosen yet. */
export type Selection = Readonly<Record<number, string>>;

export interface VariantChoice {
  selection: Selection;
  /** The variant the choice settles on, or null while it is not settled. */
  variantId: number | null;
}

/**
 * A ?variant= value: a positive whole number, else null (spec storefront 2, "a numeric variant
 * id preselects that variant").
 */
export function variantParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('variant')?.trim() ?? '';
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The choice a page starts with (spec storefront 4): a single-variant product has its variant
 * selected; a numeric variant id of this product preselects it and its option values;
 * otherwise nothing is chosen and the product price shows.
 */
export function initialChoice(product: BuyBoxProduct, variantId: number | null): VariantChoice {
  const only = product.variants.length === 1 ? product.variants[0] : undefined;
  const wanted = product.variants.find((variant) => variant.id === variantId) ?? only;
  if (!wanted) return { selection: {}, variantId: null };
  return { selection: valuesOf(product, wanted), variantId: wanted.id };
}

/** The variant's values for the product's options (a value for an unknown option is dropped). */
function valuesOf(product: BuyBoxProduct, variant: BuyBoxVariant): Selection {
  const selection: Record<number, string> = {};
  for (const option of product.options) {
    const value = variant.values[option.id];
    if (value !== undefined && value !== '') selection[option.id] = value;
  }
  return selection;
}

/** spec storefront 4: "A variant is fully selected when every product option has a value." */
export function isFullySelected(product: BuyBoxProduct, selection: Selection): boolean {
  return product.options.every((option) => (selection[option.id] ?? '') !== '');
}

/** The variant whose options all match the selection, when it is full; else undefined. */
export function matchingVariant(
  product: BuyBoxProduct,
  selection: Selection,
): BuyBoxVariant | undefined {
  if (product.variants.length === 1) return product.variants[0];
  if (!isFullySelected(product, selection)) return undefined;
  return product.variants.find((variant) =>
    product.options.every((option) => variant.values[option.id] === selection[option.id]),
  );
}

/**
 * Sets (or, with an empty value, clears) one option's value and settles on the variant that
 * now matches (spec storefront 4: "choosing option values picks the variant whose options all
 * match; clearing a value removes it").
 */
export function chooseOption(
  product: BuyBoxProduct,
  choice: VariantChoice,
  optionId: number,
  value: string,
): VariantChoice {
  const selection: Record<number, string> = { ...choice.selection };
  if (value === '') delete selection[optionId];
  else selection[optionId] = value;
  return { selection, variantId: matchingVariant(product, selection)?.id ?? null };
}

/** The chosen variant, if the choice has settled on one that the product (still) has. */
export function selectedVariant(
  product: BuyBoxProduct,
  choice: VariantChoice,
): BuyBoxVariant | undefined {
  if (choice.variantId === null) return undefined;
  return product.variants.find((variant) => variant.id === choice.variantId);
}

/**
 * After a live refresh the same choice is kept: the variant by id if it still exists, else the
 * one matching the chosen values; a single-variant product selects its variant.
 */
export function carryChoice(product: BuyBoxProduct, choice: VariantChoice): VariantChoice {
  const byId = selectedVariant(product, choice);
  if (byId) return { selection: valuesOf(product, byId), variantId: byId.id };
  const known: Record<number, string> = {};
  for (const option of product.options) {
    const value = choice.selection[option.id];
    if (value !== undefined && option.values.includes(value)) known[option.id] = value;
  }
  return { selection: known, variantId: matchingVariant(product, known)?.id ?? null };
}

/** The price shown: the selected variant's, else the product's (spec storefront 4). */
export function shownPrice(
  product: BuyBoxProduct,
  variant: BuyBoxVariant | undefined,
): { price: number; compareAtPrice: number | null; availableForSale: boolean } {
  const source = variant ?? product;
  return {
    price: source.price,
    compareAtPrice: source.compareAtPrice,
    availableForSale: source.availableForSale,
  };
}

/**
 * Values of one option that some variant with the other chosen values has, so the selector
 * can mark a combination that does not exist.
 */
export function reachableValues(
  product: BuyBoxProduct,
  selection: Selection,
  optionId: number,
): Set<string> {
  const reachable = new Set<string>();
  for (const variant of product.variants) {
    const fits = product.options.every(
      (option) =>
        option.id === optionId ||
        selection[option.id] === undefined ||
        variant.values[option.id] === selection[option.id],
    );
    const value = variant.values[optionId];
    if (fits && value !== undefined) reachable.add(value);
  }
  return reachable;
}
