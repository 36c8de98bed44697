import { demoCrossReferences } from './cross-references.ts';
import type { Product, VariantInput } from '../catalog/input.ts';
import { HOSTILE_DESCRIPTION_HTML, isHostileIndex, marked } from './hostile.ts';
import { brandCollectionHandle, partNumber, pickBrand, type Brand } from './brands.ts';
import type { PartKind } from './category-node.ts';
import { categoryLeaves, type CategoryLeaf } from './collections.ts';
import { machineOf, partName, reviewText, type PartFit } from './fit.ts';
import { KIND_SPECS, shortMaterial, sizeLabel, sizeTags, type KindSpec } from './parts.ts';
import { forceStockCases, pricing, variantsOf, type Variants } from './product-offer.ts';
import { createRandom, type Random } from './random.ts';
import { FIRST_NAMES, LAST_INITIALS, type ReviewTemplate } from './review-texts.ts';
import { slugify } from '../../shared/format/slug.ts';

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

const VIDEO_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const videoId = (rng: Random) =>
  Array.from({ length: 11 }, () => rng.pick([...VIDEO_ALPHABET])).join('');

const isoAt = (ms: number) => new Date(ms).toISOString();

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

/** Demo product number `index` with what its page says it is (its fitment comes from that). */
export function demoProductWithFit(
  ctx: ProductContext,
  index: number,
): { product: Product; fit: PartFit } {
  return generate(ctx, index);
}

/**
 * What demo product number `index` is, as its questions may speak of it (server/seed/fit.ts).
 * It generates the product again without taking its handle, so call it for a few products,
 * not for the whole catalogue.
 */
export function demoPartFit(ctx: ProductContext, index: number): PartFit {
  return generate({ ...ctx, handles: new Set() }, index).fit;
}

/** What a product is before its options: category, brand, part number, noun and model. */
interface Identity {
  id: number;
  kind: PartKind;
  spec: KindSpec;
  path: CategoryLeaf['path'];
  brand: Brand;
  pn: string;
  noun: string;
  model: string;
  order: number | null;
  featured: boolean;
}

function identity(rng: Random, ctx: ProductContext, index: number): Identity {
  const { node, path } = rng.weighted(ctx.leaves, ctx.leafWeights);
  const brand = pickBrand(rng);
  const pn = partNumber(brand, rng);
  const noun = rng.pick(node.nouns);
  const model = rng.pick(brand.models);
  const order = featuredOrder(index, ctx.total);
  const { kind } = node;
  return {
    id: index + 1,
    kind,
    spec: KIND_SPECS[kind],
    path,
    brand,
    pn,
    noun,
    model,
    order,
    featured: order !== null,
  };
}

/** The options a shopper chooses between, and the one material, size and voltage of its title. */
interface Choices {
  options: string[];
  material: string | undefined;
  size: string | undefined;
  voltage: string | undefined;
  /** Kinds made for one model say so in the title ('... for PTH50'). */
  forModel: boolean;
}

function choices(rng: Random, { kind, spec }: Identity): Choices {
  const options: string[] = [];
  if (spec.materials && rng.chance(0.3)) options.push('Material');
  if (spec.sizes && rng.chance(options.length ? 0.4 : 0.15)) options.push('Size');
  return {
    options,
    material: spec.materials ? rng.pick(spec.materials) : undefined,
    size: spec.sizes ? rng.pick(spec.sizes) : undefined,
    voltage: spec.voltages ? rng.pick(spec.voltages) : undefined,
    forModel: ['seal-kit', 'pump', 'handle', 'cylinder', 'controller'].includes(kind),
  };
}

/** The title names what is not an option: brand, material, voltage, noun, size, model, part number. */
function productTitle(
  { kind, brand, noun, model, pn }: Identity,
  { options, material, size, voltage, forModel }: Choices,
): string {
  return [
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
}

/** The title's slug, with the product's id after it when an earlier product took it. */
function claimHandle(ctx: ProductContext, title: string, id: number): string {
  let handle = slugify(title);
  if (ctx.handles.has(handle)) handle = `${handle}-${id}`;
  ctx.handles.add(handle);
  return handle;
}

/** The filter tags: brand, condition, each material and size offered, voltage, the kind's extras. */
function productTags(
  rng: Random,
  { kind, spec, brand }: Identity,
  { options, material, size, voltage }: Choices,
  { materials, sizes }: Variants,
  condition: string,
): string[] {
  const tags = new Set<string>([`Brand_${brand.name}`, `Condition_${condition}`]);
  for (const m of options.includes('Material') ? materials : material ? [material] : [])
    tags.add(`Material_${m}`);
  for (const s of options.includes('Size') ? sizes : size ? [size] : [])
    for (const t of sizeTags(kind, s, spec)) tags.add(t);
  if (voltage) tags.add(`Voltage_${voltage}`);
  for (const [prefix, values] of Object.entries(spec.extraTags ?? {}))
    tags.add(`${prefix}_${rng.pick(values)}`);
  return [...tags];
}

/** Up to four of the kind's six pictures; a few products have none. */
function productImages(
  rng: Random,
  { featured, kind }: Identity,
  title: string,
): Product['images'] {
  const imageCount = !featured && rng.chance(0.06) ? 0 : rng.int(1, 4);
  return rng.sample([1, 2, 3, 4, 5, 6], imageCount).map((n, k) => ({
    url: `/api/media/products/${kind}-${n}.svg`,
    altText: k === 0 ? title : `${title}, view ${k + 1}`,
    imagePlacementId: null,
  }));
}

/** The plain description (empty for a few products) and the models it names. */
function describe(
  rng: Random,
  { kind, spec, path, brand, pn, noun, model }: Identity,
  { options, material, size, voltage, forModel }: Choices,
  { materials, sizes }: Variants,
  condition: string,
): { plainDescription: string; fits: readonly string[] } {
  const sampled = rng.sample(brand.models, rng.int(1, brand.models.length));
  // A part made for one model ('Seal kit for SC4000') fits that model alone; the others
  // name the models they fit. The sample is drawn either way, so the stream stays the same.
  const fits = forModel ? [model] : sampled;
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
  const plainDescription = rng.chance(0.04)
    ? ''
    : [
        `<p>The ${brand.name} ${noun.toLowerCase()} (${pn}) is a ${condition === 'New' ? 'new' : condition.toLowerCase()} replacement part for ${brand.name} ${path[0]?.title === 'Forklift Parts' ? 'forklifts' : 'equipment'} including the ${fits.join(', ')}.</p>`,
        `<ul>${specLines.map((line) => `<li>${line}</li>`).join('')}</ul>`,
        '<p>Not sure it fits? Send us your model and serial number and our parts experts will confirm before you order.</p>',
      ].join('\n');
  return { plainDescription, fits };
}

/** A service manual for some products, named by brand and part number. */
function productPdfs(rng: Random, { brand, pn }: Identity, handle: string): Product['pdfs'] {
  if (!rng.chance(0.12)) return [];
  const fileBrand = brand.name.replace(/[^A-Za-z0-9]+/g, '-');
  const filePn = pn.replace(/[^A-Za-z0-9-]+/g, '-');
  return [
    {
      url: `/api/media/manuals/${handle}.pdf`,
      filename: `${fileBrand}_${filePn}_Service_Manual.pdf`,
    },
  ];
}

/**
 * Demo product number `index`, drawn part by part from its own random stream. The parts run
 * in the order they draw: changing that order changes every catalogue after it.
 */
function generate(ctx: ProductContext, index: number): { product: Product; fit: PartFit } {
  const rng = createRandom(ctx.seed, index + 1);
  const part = identity(rng, ctx, index);
  const { id, kind, spec, brand, pn, noun, model, path, order, featured } = part;
  const chosen = choices(rng, part);
  const title = productTitle(part, chosen);
  const handle = claimHandle(ctx, title, id);
  const price = pricing(rng, index, part);
  const offered = variantsOf(rng, part, chosen.options, price);
  const { variants } = offered;
  forceStockCases(variants, index, featured);
  const first = variants[0] as VariantInput;
  const cheapest = variants.reduce((low, v) => (v.price < low.price ? v : low), first);
  const condition = rng.weighted(['New', 'Refurbished', 'Used'], [85, 10, 5]);
  const tags = productTags(rng, part, chosen, offered, condition);
  const images = productImages(rng, part, title);
  const { plainDescription, fits } = describe(rng, part, chosen, offered, condition);
  const fit: PartFit = {
    kind,
    part: partName(noun),
    brand: brand.name,
    // The models a shopper reads on the page: the title's and the description's, if any.
    models: plainDescription ? fits : chosen.forModel ? [model] : [],
    ...machineOf(path),
  };
  const hostile = isHostileIndex(index);
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
    descriptionHtml: hostile
      ? `${plainDescription}\n${HOSTILE_DESCRIPTION_HTML}`
      : plainDescription,
    isFeatured: featured,
    featuredOrder: order,
    isEligibleForFreeShipping: !(kind === 'battery' && price.base > 100_000) && !rng.chance(0.06),
    unitsSold: Math.floor(rng.next() ** 3 * 5000),
    // Its category first (breadcrumbs and related products follow the first), then its brand.
    collections: [...[...path].reverse().map((n) => n.handle), brandCollectionHandle(brand.name)],
    crossReferences: demoCrossReferences(ctx.seed, index, brand, hostile),
    tags,
    images,
    model3ds: rng.chance(0.03)
      ? [{ url: `/api/media/models/${kind}.glb`, posterUrl: `/api/media/products/${kind}-1.svg` }]
      : [],
    videoIds: rng.chance(0.07) ? Array.from({ length: rng.int(1, 2) }, () => videoId(rng)) : [],
    metafields: [],
    pdfs: productPdfs(rng, part, handle),
    reviews: reviews(rng, index, fit),
    options: chosen.options,
    variants,
  };
  return { product, fit };
}
