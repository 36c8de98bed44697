import type { Product, VariantInput } from '../catalog/input.ts';
import { HOSTILE_DESCRIPTION_HTML, isHostileIndex, marked } from './hostile.ts';
import { brandCollectionHandle, partNumber, pickBrand } from './brands.ts';
import { categoryLeaves, type CategoryLeaf } from './collections.ts';
import { machineOf, partName, reviewText, type PartFit } from './fit.ts';
import { KIND_SPECS, shortMaterial, sizeLabel, sizeTags } from './parts.ts';
import { createRandom, type Random } from './random.ts';
import { FIRST_NAMES, LAST_INITIALS, type ReviewTemplate } from './review-texts.ts';

/** How many products the home page's Featured strip can show (spec storefront 9: 10). */
export const FEATURED_COUNT = 12;

/** Fixed start of the demo's timeline: data never depends on the clock. */
export const DEMO_EPOCH = Date.UTC(2024, 0, 1);

/** Shared state of one catalogue run: the leaves, and the handles already taken. */
export interface ProductContext {
  seed: number;
  total: number;
  leaves: readonly CategoryLeaf[];
  leafWeights: readonly number[];
  handles: Set<string>;
}

/** A context for a run of `total` products with this seed. */
export function productContext(seed: number, total: number): ProductContext {
  const leaves = categoryLeaves();
  return {
    seed,
    total,
    leaves,
    leafWeights: leaves.map((leaf) => leaf.node.weight ?? 1),
    handles: new Set(),
  };
}

/** "Crown Poly Load Wheel 3.25 x 3.75 in. (85288-001)" -> "crown-poly-load-wheel-3-25-x-3-75-in-85288-001" */
export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 180)
    .replace(/-+$/, '');

const VIDEO_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const videoId = (rng: Random) =>
  Array.from({ length: 11 }, () => rng.pick([...VIDEO_ALPHABET])).join('');

/** A price in cents within [min, max] dollars ending in .99, .95, .49 or .00. */
function priceCents(rng: Random, [min, max]: readonly [number, number]): number {
  const dollars = rng.int(min, max);
  return Math.max(0, dollars * 100 + rng.pick([99, 95, 49, 0]) - 100);
}

const isoAt = (ms: number) => new Date(ms).toISOString();

function stock(rng: Random): VariantInput['inventory'] {
  const band = rng.weighted([0, 1, 2, 3], [12, 20, 45, 23]);
  const availableQuantity = [0, rng.int(1, 5), rng.int(6, 50), rng.int(51, 500)][band] ?? 0;
  return { availableQuantity, bypassNegativeQuantity: rng.chance(0.08) };
}

/** Reviews of one product, each written for it (server/seed/fit.ts). */
function reviews(rng: Random, index: number, fit: PartFit): Product['reviews'] {
  const count = [0, rng.int(1, 3), rng.int(4, 8), rng.int(9, 12)][
    rng.weighted([0, 1, 2, 3], [35, 35, 22, 8])
  ];
  const used = new Set<ReviewTemplate>();
  return Array.from({ length: count ?? 0 }, (_, n) => {
    const stars = rng.weighted([1, 2, 3, 4, 5] as const, [4, 5, 10, 30, 51]);
    const [title, body] = reviewText(rng, fit, stars, used);
    const day = 86_400_000;
    return {
      starsRating: stars,
      title,
      body,
      author: `${rng.pick(FIRST_NAMES)} ${rng.pick([...LAST_INITIALS])}.`,
      createdAt: isoAt(DEMO_EPOCH - rng.int(30, 700) * day + (index % 1000) * 1000 + n * 60_000),
    };
  });
}

/** Which products are featured: FEATURED_COUNT of them, spread over the catalogue. */
export function featuredOrder(index: number, total: number): number | null {
  const stride = Math.max(1, Math.floor(total / FEATURED_COUNT));
  if (index % stride !== 0 || index / stride >= FEATURED_COUNT) return null;
  return index / stride + 1;
}

/**
 * Demo product number `index` (0-based) of a run. It draws from its own random stream, so
 * product i is the same whatever the catalogue size; only its handle may get a suffix when
 * an earlier product took it. Some indexes are forced into the edge cases the store must
 * show (price 0, stock 0, bypassNegativeQuantity, not for sale) so even a small catalogue
 * has them.
 */
export function demoProduct(ctx: ProductContext, index: number): Product {
  return generate(ctx, index).product;
}

/**
 * What demo product number `index` is, as its questions may speak of it (server/seed/fit.ts).
 * It generates the product again without taking its handle, so call it for a few products,
 * not for the whole catalogue.
 */
export function demoPartFit(ctx: ProductContext, index: number): PartFit {
  return generate({ ...ctx, handles: new Set() }, index).fit;
}

function generate(ctx: ProductContext, index: number): { product: Product; fit: PartFit } {
  const rng = createRandom(ctx.seed, index + 1);
  const id = index + 1;
  const { node, path } = rng.weighted(ctx.leaves, ctx.leafWeights);
  const kind = node.kind;
  const spec = KIND_SPECS[kind];
  const brand = pickBrand(rng);
  const pn = partNumber(brand, rng);
  const noun = rng.pick(node.nouns);
  const model = rng.pick(brand.models);
  const order = featuredOrder(index, ctx.total);
  const featured = order !== null;

  const options: string[] = [];
  if (spec.materials && rng.chance(0.3)) options.push('Material');
  if (spec.sizes && rng.chance(options.length ? 0.4 : 0.15)) options.push('Size');
  const material = spec.materials ? rng.pick(spec.materials) : undefined;
  const size = spec.sizes ? rng.pick(spec.sizes) : undefined;
  const voltage = spec.voltages ? rng.pick(spec.voltages) : undefined;
  const forModel = ['seal-kit', 'pump', 'handle', 'cylinder', 'controller'].includes(kind);

  const title = [
    brand.name,
    material && !options.includes('Material') ? shortMaterial(material) : '',
    voltage ?? '',
    noun,
    size && !options.includes('Size') ? sizeLabel(kind, size) : '',
    forModel ? `for ${model}` : '',
    `(${pn})`,
  ]
    .filter(Boolean)
    .join(' ');
  let handle = slugify(title);
  if (ctx.handles.has(handle)) handle = `${handle}-${id}`;
  ctx.handles.add(handle);

  // Prices: a few exactly 0 ('Please call us for price'), some with a compare-at price.
  const free = !featured && (index % 47 === 5 || rng.chance(0.005));
  const base = free ? 0 : priceCents(rng, spec.price);
  const discount = !free && (index % 23 === 4 || rng.chance(0.15)) ? 1.15 + rng.next() * 0.3 : 0;

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
  const first = variants[0] as VariantInput;
  if (featured) {
    for (const v of variants)
      v.inventory.availableQuantity = Math.max(v.inventory.availableQuantity, 12);
  } else {
    if (index % 41 === 7) first.inventory = { availableQuantity: 0, bypassNegativeQuantity: false };
    if (index % 43 === 11) first.inventory = { availableQuantity: 0, bypassNegativeQuantity: true };
    if (index % 59 === 13) for (const v of variants) v.availableForSale = false;
  }
  const cheapest = variants.reduce((low, v) => (v.price < low.price ? v : low), first);

  const condition = rng.weighted(['New', 'Refurbished', 'Used'], [85, 10, 5]);
  const tags = new Set<string>([`Brand_${brand.name}`, `Condition_${condition}`]);
  for (const m of options.includes('Material') ? materials : material ? [material] : [])
    tags.add(`Material_${m}`);
  for (const s of options.includes('Size') ? sizes : size ? [size] : [])
    for (const t of sizeTags(kind, s, spec)) tags.add(t);
  if (voltage) tags.add(`Voltage_${voltage}`);
  for (const [prefix, values] of Object.entries(spec.extraTags ?? {}))
    tags.add(`${prefix}_${rng.pick(values)}`);

  const imageCount = !featured && rng.chance(0.06) ? 0 : rng.int(1, 4);
  const images = rng.sample([1, 2, 3, 4, 5, 6], imageCount).map((n, k) => ({
    url: `/api/media/products/${kind}-${n}.svg`,
    altText: k === 0 ? title : `${title}, view ${k + 1}`,
    imagePlacementId: null,
  }));
  const fileBrand = brand.name.replace(/[^A-Za-z0-9]+/g, '-');
  const filePn = pn.replace(/[^A-Za-z0-9-]+/g, '-');

  const sampled = rng.sample(brand.models, rng.int(1, brand.models.length));
  // The description names the model of the title too ('... for PTH50' fits a PTH50).
  const fits = forModel && !sampled.includes(model) ? [model, ...sampled] : sampled;
  const specLines = [
    ...spec.specs,
    ...(material
      ? [`Material: ${options.includes('Material') ? materials.join(', ') : material}`]
      : []),
    ...(size
      ? [`Size: ${options.includes('Size') ? sizes.join(', ') : sizeLabel(kind, size)}`]
      : []),
    ...(voltage ? [`Voltage: ${voltage}`] : []),
    `OEM part number: ${pn}`,
  ];
  const hostile = isHostileIndex(index);
  const plainDescription = rng.chance(0.04)
    ? ''
    : [
        `<p>The ${brand.name} ${noun.toLowerCase()} (${pn}) is a ${condition === 'New' ? 'new' : condition.toLowerCase()} replacement part for ${brand.name} ${path[0]?.title === 'Forklift Parts' ? 'forklifts' : 'equipment'} including the ${fits.join(', ')}.</p>`,
        `<ul>${specLines.map((line) => `<li>${line}</li>`).join('')}</ul>`,
        '<p>Not sure it fits? Send us your model and serial number and our parts experts will confirm before you order.</p>',
      ].join('\n');
  const fit: PartFit = {
    kind,
    part: partName(noun),
    brand: brand.name,
    // The models a shopper reads on the page: the title's and the description's, if any.
    models: plainDescription ? fits : forModel ? [model] : [],
    ...machineOf(path),
  };
  const descriptionHtml = hostile
    ? `${plainDescription}\n${HOSTILE_DESCRIPTION_HTML}`
    : plainDescription;

  const product: Product = {
    id,
    handle,
    title: hostile ? marked(title) : title,
    seoTitle: rng.chance(0.9) ? `${title} | Industrial Parts Depot` : null,
    seoDescription: `${brand.name} ${noun} ${pn}. ${spec.specs[0] ?? ''}. Same-day shipping on in-stock parts.`,
    isIndexed: !rng.chance(0.01),
    vendor: brand.name,
    sku: pn,
    productCode: `IPD-${String(id).padStart(6, '0')}`,
    condition,
    price: cheapest.price,
    compareAtPrice: cheapest.compareAtPrice,
    imageUrl: null,
    descriptionHtml,
    isFeatured: featured,
    featuredOrder: order,
    isEligibleForFreeShipping: !(kind === 'battery' && base > 100_000) && !rng.chance(0.06),
    unitsSold: Math.floor(rng.next() ** 3 * 5000),
    // Its category first (breadcrumbs and related products follow the first), then its brand.
    collections: [...[...path].reverse().map((n) => n.handle), brandCollectionHandle(brand.name)],
    tags: [...tags],
    images,
    model3ds: rng.chance(0.03)
      ? [{ url: `/api/media/models/${kind}.glb`, posterUrl: `/api/media/products/${kind}-1.svg` }]
      : [],
    videoIds: rng.chance(0.07) ? Array.from({ length: rng.int(1, 2) }, () => videoId(rng)) : [],
    metafields: [],
    pdfs: rng.chance(0.12)
      ? [
          {
            url: `/api/media/manuals/${handle}.pdf`,
            filename: `${fileBrand}_${filePn}_Service_Manual.pdf`,
          },
        ]
      : [],
    reviews: reviews(rng, index, fit),
    options,
    variants,
  };
  return { product, fit };
}
