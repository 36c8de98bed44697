import { DEFAULT_VARIANT_TITLE } from './stock.ts';

export interface OptionList {
  id: number;
  name: string;
  /** The option's values, in variant order, each once. */
  values: string[];
}

interface OptionsProduct {
  Options: readonly { id: number; name: string; position: number }[];
  Variants: readonly {
    title: string;
    variantPosition: number;
    Options: readonly { id: number; VariantSelectedOptions: { optionValueSelected: string } }[];
  }[];
}

/**
 * The product's options with their values, for the buy box's server-rendered fallback: the
 * buy box island takes over choosing. A single 'Default Title' variant has no real option.
 */
export function optionLists(product: OptionsProduct): OptionList[] {
  const variants = [...product.Variants].sort((a, b) => a.variantPosition - b.variantPosition);
  if (variants.length === 1 && variants[0]?.title === DEFAULT_VARIANT_TITLE) return [];
  return [...product.Options]
    .sort((a, b) => a.position - b.position)
    .map((option) => {
      const values = variants
        .map(
          (variant) =>
            variant.Options.find((chosen) => chosen.id === option.id)?.VariantSelectedOptions
              .optionValueSelected,
        )
        .filter((value): value is string => value !== undefined && value.trim() !== '');
      return { id: option.id, name: option.name, values: [...new Set(values)] };
    })
    .filter((option) => option.values.length > 0);
}
