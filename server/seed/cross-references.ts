import type { CrossReference } from '../../shared/parts/cross-reference.ts';
import type { Product } from '../catalog/input.ts';
import { BRANDS, partNumber, type Brand } from './brands.ts';
import { createRandom, mixSeed } from './random.ts';

/**
 * The demo catalogue's other makers' numbers (issue 32, item 7), as a parts counter's
 * interchange list has them: about a quarter of the parts replace an older number of their
 * own maker (a part renumbered), and a fifth are interchangeable with one or two numbers of
 * other makers who fit the same component. Drawn from a stream of their own, so adding them
 * changed no other demo value. Superseded parts are the seed's (server/seed/index.ts), as they
 * name another product's number.
 */

/** The stream family of the cross-references: apart from the products' (index + 1). */
const STREAM = 0x32c7;

/** Brands whose parts other makers' numbers are drawn from, by their share of the catalogue. */
const WEIGHTS = BRANDS.map((brand) => brand.weight);

/**
 * A hostile maker's name and number, printed as text wherever they show (the demo's hostile
 * products). Their words are searchable, since the page shows them: none is a word another
 * test expects no product to hold ('alert', 'title').
 */
export const HOSTILE_REFERENCE: CrossReference = {
  brand: '<img src=x onerror=xss()>Crown',
  number: '"><script>xss()</script>7',
  relation: 'interchangeable',
};

/**
 * The cross-references of demo product `index` of brand `brand`; `hostile` adds
 * HOSTILE_REFERENCE.
 */
export function demoCrossReferences(
  seed: number,
  index: number,
  brand: Brand,
  hostile: boolean,
): CrossReference[] {
  const rng = createRandom(mixSeed(seed, STREAM), index + 1);
  const references: CrossReference[] = [];
  if (rng.chance(0.25)) {
    references.push({ brand: brand.name, number: partNumber(brand, rng), relation: 'replaces' });
  }
  if (rng.chance(0.2)) {
    const count = rng.chance(0.3) ? 2 : 1;
    const used = new Set([brand.name]);
    for (let n = 0; n < count; n += 1) {
      const other = rng.weighted(BRANDS, WEIGHTS);
      if (used.has(other.name)) continue;
      used.add(other.name);
      references.push({
        brand: other.name,
        number: partNumber(other, rng),
        relation: 'interchangeable',
      });
    }
  }
  if (hostile) references.push(HOSTILE_REFERENCE);
  return references;
}

/** One demo product in SUPERSEDED_EVERY is superseded, when an earlier part can take its place. */
export const SUPERSEDED_EVERY = 50;

/**
 * The seed's superseded parts: every SUPERSEDED_EVERY-th product (from the 31st) is superseded
 * by the last product before it of the same maker and category, as a renumbered part is by
 * its successor. Called for each product in order; answers the reference to add, if any.
 */
export function supersedingParts(): (
  index: number,
  product: Pick<Product, 'vendor' | 'sku' | 'collections'>,
) => CrossReference | undefined {
  const last = new Map<string, string>();
  return (index, product) => {
    const kind = `${product.vendor}\u0000${product.collections[0] ?? ''}`;
    const earlier = last.get(kind);
    if (index % SUPERSEDED_EVERY === 30 && earlier !== undefined && earlier !== product.sku) {
      return { brand: product.vendor, number: earlier, relation: 'superseded-by' };
    }
    // A superseded part is no successor: the next one of its kind names the one before.
    last.set(kind, product.sku);
    return undefined;
  };
}

/** One demo product in SHARED_EVERY lists another maker's number an earlier part lists too. */
export const SHARED_EVERY = 40;

/**
 * The seed's shared numbers: every SHARED_EVERY-th product (from the 16th) is interchangeable
 * with the other maker's number the last earlier part of its category lists, as two makers'
 * wheels both replace one OEM wheel. A buyer ordering that number must choose between them
 * (the quick order never picks). Called for each product in order, after its own references.
 */
export function sharingParts(): (
  index: number,
  product: Pick<Product, 'vendor' | 'collections' | 'crossReferences'>,
) => CrossReference | undefined {
  const last = new Map<string, CrossReference>();
  return (index, product) => {
    const kind = product.collections[0] ?? '';
    const earlier = last.get(kind);
    const own = product.crossReferences.find((ref) => ref.relation === 'interchangeable');
    if (own) last.set(kind, own);
    if (index % SHARED_EVERY !== 15 || !earlier || earlier.brand === product.vendor) {
      return undefined;
    }
    const listed = product.crossReferences.some(
      (ref) => ref.brand.toLowerCase() === earlier.brand.toLowerCase(),
    );
    return listed ? undefined : { ...earlier };
  };
}
