import { z } from 'zod';
import { CROSS_REFERENCE_RELATIONS } from '../parts/cross-reference.ts';
import { htmlToText } from '../format/html-text.ts';
import { sanitizeHtml } from '../format/sanitize-html.ts';
import { catalogueUrl, cleanProductUrls } from './record-urls.ts';

/**
 * A product as the build keeps it: the API's product detail (spec storefront 3), validated,
 * with its HTML sanitised once here (DESIGN, build pipeline 2 and 3). Pages render it as-is.
 */
const money = z.number().finite().min(0);
const url = catalogueUrl;

/**
 * What a product's or a collection's page tells crawlers (spec storefront 3): its own title
 * and description for the head, and whether it may be indexed at all.
 */
export const recordSeoFields = {
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  isIndexed: z.boolean(),
};

const inventoryLevel = z.object({
  id: z.number().int(),
  variantId: z.number().int(),
  availableQuantity: z.number().int(),
  bypassNegativeQuantity: z.boolean(),
  availableForSale: z.boolean(),
  inventoryPrice: money,
  inventoryCompareAtPrice: money.nullable(),
});

const variant = z.object({
  id: z.number().int(),
  title: z.string(),
  sku: z.string(),
  price: money,
  compareAtPrice: money.nullable(),
  availableForSale: z.boolean(),
  availableQuantity: z.number().int().nullable(),
  variantPosition: z.number().int(),
  Options: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      VariantSelectedOptions: z.object({ optionValueSelected: z.string() }),
    }),
  ),
  availableInventoryLevels: z.array(inventoryLevel),
});

/** One machine a product fits (issue 31), as the build's bulk records carry it. */
const fitmentRow = z.object({
  modelId: z.number().int().positive(),
  brand: z.string().min(1),
  brandHandle: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  model: z.string().min(1),
  modelHandle: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  modelName: z.string().min(1),
  serialFrom: z.string().nullable(),
  serialTo: z.string().nullable(),
  position: z.string(),
  quantity: z.number().int().min(1).max(99),
  note: z.string(),
});

/** What the store knows of the machines a product fits; none known without the field. */
export const productFitmentSchema = z
  .object({ universal: z.boolean(), rows: z.array(fitmentRow) })
  .default({ universal: false, rows: [] });
export type ProductFitment = z.output<typeof productFitmentSchema>;

export const productRecordSchema = z.object({
  id: z.number().int().positive(),
  handle: z.string().min(1),
  title: z.string().min(1),
  ...recordSeoFields,
  vendor: z.string(),
  sku: z.string(),
  productCode: z.string(),
  partNumber: z.string(),
  condition: z.string(),
  price: money,
  compareAtPrice: money.nullable(),
  availableForSale: z.boolean(),
  availableQuantity: z.number().int().nullable(),
  imageUrl: url.nullable(),
  descriptionHtml: z.string().transform(sanitizeHtml),
  avgRating: z.number().min(0).max(5),
  totalReviews: z.number().int().min(0),
  isFeatured: z.boolean(),
  featuredOrder: z.number().int().nullable(),
  isEligibleForFreeShipping: z.boolean(),
  tags: z.array(z.string()),
  updatedAt: z.string(),
  Images: z.array(
    z.object({
      id: z.number().int(),
      url,
      altText: z.string(),
      imagePlacementId: z.number().int().nullable(),
    }),
  ),
  Model3Ds: z.array(
    z.object({ id: z.number().int(), url, posterUrl: z.union([z.literal(''), url]) }),
  ),
  Metafields: z.array(
    z.object({ id: z.number().int(), metafieldKey: z.string(), metafieldValue: z.string() }),
  ),
  PDFs: z.array(
    z.object({ id: z.number().int(), url, Attachment: z.object({ localFilename: z.string() }) }),
  ),
  Reviews: z.array(
    z.object({
      id: z.number().int(),
      starsRating: z.number().int().min(1).max(5),
      title: z.string(),
      body: z.string(),
      author: z.string(),
      createdAt: z.string(),
    }),
  ),
  Collections: z.array(z.object({ id: z.number().int(), handle: z.string(), title: z.string() })),
  Options: z.array(
    z.object({ id: z.number().int(), name: z.string(), position: z.number().int() }),
  ),
  Variants: z.array(variant).min(1),
  /** The bulk records' (routes/products-bulk.ts): the single-product routes leave it out. */
  Fitment: productFitmentSchema,
  /** Other makers' numbers (issue 32), the bulk records' too; none without the field. */
  CrossReferences: z
    .array(
      z.object({
        brand: z.string().min(1),
        number: z.string().min(1),
        relation: z.enum(CROSS_REFERENCE_RELATIONS),
      }),
    )
    .default([]),
});

export type ProductRecord = z.output<typeof productRecordSchema>;

const plainTitles = new WeakMap<Pick<ProductRecord, 'title'>, string>();

/**
 * Plain-text title (titles may carry markup; spec storefront 2, "HTML allowed on desktop"),
 * made once per record: the build's lists read each product's several times, and a warm
 * publish lists every page again (0.7 s of parsing at 100,000 products).
 */
export function productPlainTitle(product: Pick<ProductRecord, 'title'>): string {
  let plain = plainTitles.get(product);
  if (plain === undefined) {
    plain = htmlToText(product.title);
    plainTitles.set(product, plain);
  }
  return plain;
}

/**
 * Validates one API product. Returns the record, or the first problem as "field: message"
 * so the loader can name the product and the field. Pictures, models, manuals and video ids
 * with a bad URL are dropped first (shared/contracts/record-urls.ts); `warnings` says which.
 */
export function parseProductRecord(
  raw: unknown,
):
  | { ok: true; product: ProductRecord; warnings: string[] }
  | { ok: false; problem: string; warnings: string[] } {
  const { record, warnings } = cleanProductUrls(raw);
  const result = productRecordSchema.safeParse(record);
  if (result.success) return { ok: true, product: result.data, warnings };
  const issue = result.error.issues[0];
  return {
    ok: false,
    problem: `${issue?.path.join('.') || '(record)'}: ${issue?.message ?? 'invalid'}`,
    warnings,
  };
}
