import { z } from 'zod';
import type { AdminProduct } from './admin-read.ts';
import type { FieldIssue } from './field-issues.ts';
import {
  handleSchema,
  inventorySchema,
  productInputSchema,
  variantInputSchema,
  type ProductInput,
} from './input.ts';

/**
 * PATCH of a product ("PATCH for partial changes ... that never loses a
 * field it was not sent"). A patch is the admin format in part: each field sent replaces
 * the product's, each one not sent stays as it is. Every value is checked by the format's
 * own field schema; the merged product is then checked and written as a whole like a PUT.
 *
 * What differs from the format:
 * - `variants` changes variants by `id` (title, sku, price, compareAtPrice, availableForSale,
 *   position, inventory); variants not named stay as they are. Adding or removing variants,
 *   and `options`, go through PUT.
 * - `collections` is the list of handles (replacing it), or `{ add, remove }` (remove first).
 * - `availableForSale` sets every variant's flag: the product goes off sale, or back on.
 * - On a product with one variant, `price` and `compareAtPrice` are one price: sent at
 *   either level they apply to both, unless both levels are sent.
 */

const product = productInputSchema.shape;
const variant = variantInputSchema.shape;

/** Fields of a variant a patch may change; `id` says which variant. */
export const variantPatchSchema = z.object({
  id: variant.id.unwrap(),
  title: variant.title.optional(),
  sku: variant.sku.removeDefault().optional(),
  price: variant.price.optional(),
  compareAtPrice: variant.compareAtPrice.removeDefault().optional(),
  availableForSale: variant.availableForSale.removeDefault().optional(),
  position: variant.position,
  inventory: z
    .object({
      // A merchandiser sets what is on the shelf; only orders take it below 0.
      availableQuantity: z.number().int().min(0).max(10_000_000).optional(),
      bypassNegativeQuantity: inventorySchema.shape.bypassNegativeQuantity
        .removeDefault()
        .optional(),
    })
    .optional(),
});

/** A field as a patch sends it: optional, and without the default a PUT fills in. */
type Patched<S> =
  S extends z.ZodDefault<infer Inner> ? z.ZodOptional<Inner> : z.ZodOptional<S & z.ZodType>;

/** The product fields a patch sets as PUT would: each optional and without its default. */
function patched<K extends keyof typeof product>(
  ...keys: K[]
): { [P in K]: Patched<(typeof product)[P]> } {
  return Object.fromEntries(
    keys.map((key) => {
      const field: z.ZodType = product[key];
      return [
        key,
        (field instanceof z.ZodDefault ? (field.removeDefault() as z.ZodType) : field).optional(),
      ];
    }),
  ) as { [P in K]: Patched<(typeof product)[P]> };
}

export const productPatchSchema = z
  .object({
    ...patched(
      'handle',
      'title',
      'seoTitle',
      'seoDescription',
      'isIndexed',
      'vendor',
      'sku',
      'productCode',
      'condition',
      'price',
      'compareAtPrice',
      'imageUrl',
      'descriptionHtml',
      'isFeatured',
      'featuredOrder',
      'isEligibleForFreeShipping',
      'unitsSold',
    ),
    collections: z
      .union([
        product.collections.removeDefault(),
        z.object({
          add: z.array(handleSchema).max(50).optional(),
          remove: z.array(handleSchema).max(50).optional(),
        }),
      ])
      .optional(),
    ...patched(
      'tags',
      'images',
      'model3ds',
      'videoIds',
      'metafields',
      'pdfs',
      'reviews',
      'crossReferences',
    ),
    availableForSale: z.boolean().optional(),
    variants: z.array(variantPatchSchema).max(250).optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, {
    message: 'send at least one field to change',
  });

export type ProductPatch = z.output<typeof productPatchSchema>;

/**
 * Why a key of a PATCH body is refused: a field of the format that only PUT changes (such as
 * `options`, or a variant's `options`), or no field at all (a misspelling).
 */
export function patchFieldRefusal(path: readonly PropertyKey[]): string {
  const names = path.filter((key): key is string => typeof key === 'string');
  const last = names.at(-1) ?? '';
  if (names.length === 1 && last === 'id')
    return 'cannot change: the product is the one in the path';
  const fieldsThere =
    names.length === 1
      ? product
      : names.length === 2 && names[0] === 'variants'
        ? variant
        : names.length === 3 && names[0] === 'variants' && names[1] === 'inventory'
          ? inventorySchema.shape
          : {};
  return Object.hasOwn(fieldsThere, last)
    ? 'is changed with PUT, not PATCH'
    : 'is not a field PATCH knows';
}

/** The fields that were sent: zod leaves absent ones out; explicit undefined goes too. */
type Sent<T> = { [K in keyof T]?: Exclude<T[K], undefined> };
const definedOnly = <T extends object>(value: T): Sent<T> =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Sent<T>;

/**
 * The product with the patch applied, as input for productInputSchema and upsertProduct;
 * or the patch's issues when it names what the product does not have (a variant id).
 */
export function applyProductPatch(
  current: AdminProduct,
  patch: ProductPatch,
): { ok: true; product: ProductInput } | { ok: false; issues: FieldIssue[] } {
  const { collections, variants = [], availableForSale, ...fields } = patch;
  const issues: FieldIssue[] = [];
  const byId = new Map<number, (typeof variants)[number]>();
  variants.forEach((change, index) => {
    if (byId.has(change.id)) {
      issues.push({ path: `variants[${index}].id`, message: 'names a variant a second time' });
    } else if (!current.variants.some((existing) => existing.id === change.id)) {
      issues.push({ path: `variants[${index}].id`, message: 'is not a variant of this product' });
    }
    byId.set(change.id, change);
  });
  if (issues.length > 0) return { ok: false, issues };

  const single = current.variants.length === 1;
  const only = single ? byId.get(current.variants[0]?.id ?? 0) : undefined;
  const next: ProductInput = { ...current, ...definedOnly(fields) };
  if (single && only) {
    // One variant, one price (see above): the variant's price stands for the product's.
    if (fields.price === undefined && only.price !== undefined) next.price = only.price;
    if (fields.compareAtPrice === undefined && only.compareAtPrice !== undefined) {
      next.compareAtPrice = only.compareAtPrice;
    }
  }
  if (Array.isArray(collections)) {
    next.collections = collections;
  } else if (collections) {
    const removed = new Set(collections.remove ?? []);
    const kept = current.collections.filter((handle) => !removed.has(handle));
    next.collections = [...new Set([...kept, ...(collections.add ?? [])])];
  }
  next.variants = current.variants.map((existing) => {
    const change = byId.get(existing.id ?? 0) ?? { id: existing.id ?? 0 };
    const { inventory, ...own } = change;
    return {
      ...existing,
      ...(single && fields.price !== undefined ? { price: fields.price } : {}),
      ...(single && fields.compareAtPrice !== undefined
        ? { compareAtPrice: fields.compareAtPrice }
        : {}),
      ...(availableForSale === undefined ? {} : { availableForSale }),
      ...definedOnly(own),
      inventory: { ...existing.inventory, ...definedOnly(inventory ?? {}) },
    };
  });
  return { ok: true, product: next };
}
