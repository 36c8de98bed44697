/**
 * What a demo product offers for sale: its prices, its variants and their stock, each drawn
 * from the product's random stream in the order products.ts calls them.
 */
import type { VariantInput } from '../catalog/input.ts';
import type { KindSpec } from './parts.ts';
import type { Random } from './random.ts';

/** What the offer depends on: the kind's spec, the part number, and whether it is featured. */
export interface OfferBasis {
  spec: KindSpec;
  pn: string;
  featured: boolean;
}

/** A price in cents within [min, max] dollars ending in .99, .95, .49 or .00. */
function priceCents(rng: Random, [min, max]: readonly [number, number]): number {
  const dollars = rng.int(min, max);
  return Math.max(0, dollars * 100 + rng.pick([99, 95, 49, 0]) - 100);
}

/** A stock level in one of four bands, from none to plenty. */
function stock(rng: Random): VariantInput['inventory'] {
  const band = rng.weighted([0, 1, 2, 3], [12, 20, 45, 23]);
  const availableQuantity = [0, rng.int(1, 5), rng.int(6, 50), rng.int(51, 500)][band] ?? 0;
  return { availableQuantity, bypassNegativeQuantity: rng.chance(0.08) };
}

/** The base price in cents, and the compare-at factor (0 for none). */
export interface Pricing {
  free: boolean;
  base: number;
  discount: number;
}

/** Prices: a few exactly 0 ('Please call us for price'), some with a compare-at price. */
export function pricing(rng: Random, index: number, { featured, spec }: OfferBasis): Pricing {
  const free = !featured && (index % 47 === 5 || rng.chance(0.005));
  const base = free ? 0 : priceCents(rng, spec.price);
  const discount = !free && (index % 23 === 4 || rng.chance(0.15)) ? 1.15 + rng.next() * 0.3 : 0;
  return { free, base, discount };
}

/** The variants, one for each material and size chosen, and the values they were made of. */
export interface Variants {
  materials: string[];
  sizes: string[];
  variants: VariantInput[];
}

export function variantsOf(
  rng: Random,
  { spec, pn, featured }: OfferBasis,
  options: readonly string[],
  { free, base, discount }: Pricing,
): Variants {
  const materials = options.includes('Material')
    ? rng.sample(spec.materials ?? [], rng.int(2, 3))
    : [''];
  const sizes = options.includes('Size') ? rng.sample(spec.sizes ?? [], rng.int(2, 4)) : [''];
  const variants: VariantInput[] = [];
  for (const m of materials) {
    for (const s of sizes) {
      const step = variants.length;
      const cents = free ? 0 : base + step * rng.pick([0, 500, 1000, 1500]);
      const compareCents = discount ? Math.round((cents * discount) / 100) * 100 - 1 : null;
      const chosen: Record<string, string> = {};
      if (m) chosen['Material'] = m;
      if (s) chosen['Size'] = s;
      const label = Object.values(chosen);
      variants.push({
        title: label.length ? label.join(' / ') : 'Default Title',
        sku: label.length ? `${pn}-${step + 1}` : pn,
        price: cents / 100,
        compareAtPrice: compareCents !== null && compareCents > cents ? compareCents / 100 : null,
        availableForSale: featured || !rng.chance(0.03),
        options: chosen,
        inventory: stock(rng),
      });
    }
  }
  return { materials, sizes, variants };
}

/**
 * Featured products are in stock; some indexes are forced into the edge cases the store
 * must show (stock 0, bypassNegativeQuantity, not for sale), so a small catalogue has them.
 */
export function forceStockCases(
  variants: readonly VariantInput[],
  index: number,
  featured: boolean,
): void {
  const first = variants[0] as VariantInput;
  if (featured) {
    for (const v of variants)
      v.inventory.availableQuantity = Math.max(v.inventory.availableQuantity, 12);
  } else {
    if (index % 41 === 7) first.inventory = { availableQuantity: 0, bypassNegativeQuantity: false };
    if (index % 43 === 11) first.inventory = { availableQuantity: 0, bypassNegativeQuantity: true };
    if (index % 59 === 13) for (const v of variants) v.availableForSale = false;
  }
}
