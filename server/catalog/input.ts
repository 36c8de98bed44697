import { z } from 'zod';
import {
  CATALOGUE_URL_RULE,
  isCatalogueUrl,
  MAX_CATALOGUE_URL,
} from '../../shared/catalogue-url.ts';
import {
  CROSS_REFERENCE_RELATIONS,
  MAX_CROSS_REFERENCES,
  partKey,
} from '../../shared/parts/cross-reference.ts';

/**
 * The catalogue's input format: what `npm run seed -- --import FILE.json` reads, what the
 * merchandiser API (/api/admin/*) accepts and what the demo generator produces. Prices are
 * decimal amounts in the store currency (at most 2 decimals); ids are optional and, when
 * given, kept (so carts and links survive a re-import).
 */
export const handleSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and single dashes');

const text = (max: number) => z.string().max(max);
const idSchema = z
  .number()
  .int()
  .positive()
  .max(2 ** 31);

export const moneySchema = z
  .number()
  .finite()
  .min(0)
  .max(10_000_000)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'must have at most 2 decimals',
  });

/**
 * A URL: absolute http(s), or a path on the API's own origin such as /api/media/...; never
 * another scheme, `//host` or `/\\host`, nor whitespace or control characters
 * (such URLs never enter the database; shared/catalogue-url.ts has the rule).
 */
export const urlSchema = z
  .string()
  .max(MAX_CATALOGUE_URL)
  .refine(isCatalogueUrl, { message: CATALOGUE_URL_RULE });

/** A video-hosting id (spec storefront 3, Metafields): an id, never a URL. */
const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** A tag filter "prefix_value" (spec storefront 5: split at the first underscore). */
export const tagSchema = z
  .string()
  .max(200)
  .regex(/^[^_,]+_.+$/, 'must be prefix_value');

export const inventorySchema = z
  .object({
    id: idSchema.optional(),
    // Below 0 when orders took more than was in stock under bypassNegativeQuantity: the admin
    // read answers it as it is, so a PUT or PATCH of that answer keeps it.
    availableQuantity: z.number().int().min(-10_000_000).max(10_000_000),
    bypassNegativeQuantity: z.boolean().default(false),
  })
  .refine((level) => level.availableQuantity >= 0 || level.bypassNegativeQuantity, {
    path: ['availableQuantity'],
    message: 'must be 0 or more unless bypassNegativeQuantity is true (backorders)',
  });

export const variantInputSchema = z.object({
  id: idSchema.optional(),
  title: text(300).min(1),
  sku: text(100).default(''),
  price: moneySchema,
  compareAtPrice: moneySchema.nullable().default(null),
  availableForSale: z.boolean().default(true),
  position: z.number().int().min(1).max(10_000).optional(),
  /** Option name to the value this variant has, e.g. { Material: 'Polyurethane' }. */
  options: z.record(text(100), text(200).min(1)).default({}),
  inventory: inventorySchema,
});

/**
 * The fields a product and a collection both begin with: identity, title and search
 * settings; only the longest title differs.
 */
const recordHead = (titleMax: number) => ({
  id: idSchema.optional(),
  handle: handleSchema,
  title: text(titleMax).min(1),
  seoTitle: text(300).nullable().default(null),
  seoDescription: text(1000).nullable().default(null),
  isIndexed: z.boolean().default(true),
});

export const productInputSchema = z
  .object({
    ...recordHead(500),
    vendor: text(100).default(''),
    sku: text(100).default(''),
    productCode: text(100).default(''),
    condition: text(50).default('New'),
    price: moneySchema,
    compareAtPrice: moneySchema.nullable().default(null),
    imageUrl: urlSchema.nullable().default(null),
    descriptionHtml: text(200_000).default(''),
    isFeatured: z.boolean().default(false),
    featuredOrder: z.number().int().min(0).nullable().default(null),
    isEligibleForFreeShipping: z.boolean().default(true),
    unitsSold: z.number().int().min(0).default(0),
    /** Handles of the collections the product belongs to. */
    collections: z.array(handleSchema).max(50).default([]),
    tags: z.array(tagSchema).max(100).default([]),
    images: z
      .array(
        z.object({
          url: urlSchema,
          altText: text(500).default(''),
          imagePlacementId: z.number().int().nullable().default(null),
        }),
      )
      .max(50)
      .default([]),
    model3ds: z
      .array(z.object({ url: urlSchema, posterUrl: urlSchema.default('') }))
      .max(10)
      .default([]),
    /** Video-hosting ids; stored as metafields under VIDEO_METAFIELD_KEY. */
    videoIds: z.array(z.string().regex(VIDEO_ID, 'must be a video id')).max(10).default([]),
    metafields: z
      .array(z.object({ key: text(100).min(1), value: text(5000) }))
      .max(100)
      .default([]),
    pdfs: z
      .array(
        z.object({
          url: urlSchema,
          filename: text(255).regex(/\.pdf$/i, 'must end in .pdf'),
        }),
      )
      .max(20)
      .default([]),
    reviews: z
      .array(
        z.object({
          starsRating: z.number().int().min(1).max(5),
          title: text(300).default(''),
          body: text(5000).default(''),
          author: text(200).default(''),
          createdAt: z.iso.datetime().optional(),
        }),
      )
      .max(1000)
      .default([]),
    /**
     * Other makers' numbers (issue 32, item 7): each needs letters or digits, which is what a
     * number is compared by (shared/parts/cross-reference.ts, partKey).
     */
    crossReferences: z
      .array(
        z.object({
          brand: text(100).trim().min(1),
          number: text(100)
            .trim()
            .refine((number) => partKey(number).length > 0, 'must hold letters or digits'),
          relation: z.enum(CROSS_REFERENCE_RELATIONS),
        }),
      )
      .max(MAX_CROSS_REFERENCES)
      .default([]),
    /** Option names in order, e.g. ['Material', 'Size']. Empty for a single-variant product. */
    options: z.array(text(100).min(1)).max(10).default([]),
    variants: z.array(variantInputSchema).min(1).max(250),
  })
  .superRefine((product, ctx) => {
    // A video metafield goes into a player URL on the storefront: it must be an id too.
    product.metafields.forEach((field, index) => {
      if (field.key === VIDEO_METAFIELD_KEY && !VIDEO_ID.test(field.value)) {
        ctx.addIssue({
          code: 'custom',
          path: ['metafields', index, 'value'],
          message: 'must be a video id',
        });
      }
    });
    const numbers = new Set<string>();
    product.crossReferences.forEach((reference, index) => {
      const key = `${reference.brand.toLowerCase()}\u0000${partKey(reference.number)}`;
      if (numbers.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['crossReferences', index, 'number'],
          message: `is listed twice for ${reference.brand}`,
        });
      }
      numbers.add(key);
    });
    const names = new Set(product.options);
    if (names.size !== product.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'option names must be unique' });
    }
    const seen = new Set<string>();
    product.variants.forEach((variant, index) => {
      const keys = Object.keys(variant.options);
      for (const key of keys) {
        if (!names.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['variants', index, 'options', key],
            message: `is not one of the product's options (${product.options.join(', ') || 'none'})`,
          });
        }
      }
      if (product.options.length > 0 && keys.length !== product.options.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', index, 'options'],
          message: 'must give a value for every product option',
        });
      }
      const signature = product.options.map((name) => variant.options[name] ?? '').join('\u0000');
      if (product.options.length > 0 && seen.has(signature)) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', index, 'options'],
          message: 'another variant has the same option values',
        });
      }
      seen.add(signature);
    });
    if (product.options.length === 0 && product.variants.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants'],
        message: 'a product without options has exactly one variant',
      });
    }
  });

export const collectionInputSchema = z.object({
  ...recordHead(300),
  imageUrl: urlSchema.nullable().default(null),
  descriptionHtml: text(200_000).default(''),
  /** Handle of the parent collection; null for a top-level one. */
  parent: handleSchema.nullable().default(null),
  position: z.number().int().min(0).default(0),
  isFeatured: z.boolean().default(false),
  /** Children the mobile menu lists under this collection; null for the default of 8. */
  maxChildItemsToDisplay: z.number().int().min(1).max(1000).nullable().default(null),
  /** Image placements by name, e.g. { topBanner: { imagePath, altText } }. */
  images: z
    .record(text(50), z.object({ imagePath: urlSchema, altText: text(500).default('') }))
    .default({}),
});

export type ProductInput = z.input<typeof productInputSchema>;
export type Product = z.output<typeof productInputSchema>;
export type VariantInput = z.output<typeof variantInputSchema>;
export type CollectionInput = z.input<typeof collectionInputSchema>;
export type Collection = z.output<typeof collectionInputSchema>;

/** Metafield key whose values are video ids (spec storefront 3, Metafields). */
export const VIDEO_METAFIELD_KEY = 'product_video_id';

/** Removes everything but letters and digits, lowercased: "85-288/001" -> "85288001". */
export const normalizePartNumber = partKey;
