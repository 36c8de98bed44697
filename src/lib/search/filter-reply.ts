import * as z from 'zod/mini';

/**
 * The reply of GET /api/products/filter (spec storefront 3, "Product card or list item" and
 * "Page info from the filter response"), validated in the browser: a malformed reply is a
 * clear error, never a half-drawn list. zod/mini keeps the island's bundle small.
 */
const money = z.number().check(z.minimum(0));

const cardSchema = z.object({
  id: z.number().check(z.int()),
  handle: z.string(),
  title: z.string(),
  vendor: z.optional(z.nullable(z.string())),
  imageUrl: z.optional(z.nullable(z.string())),
  avgRating: z.optional(z.nullable(z.number())),
  totalReviews: z.optional(z.nullable(z.number())),
  price: money,
  compareAtPrice: z.optional(z.nullable(z.number())),
  seoDescription: z.optional(z.nullable(z.string())),
  availableForSale: z.boolean(),
  availableQuantity: z.optional(z.nullable(z.number())),
  inventoryLevelId: z.optional(z.nullable(z.number())),
  bypassNegativeQuantity: z.optional(z.boolean()),
  sku: z.optional(z.nullable(z.string())),
  partNumber: z.optional(z.nullable(z.string())),
  condition: z.optional(z.nullable(z.string())),
  description: z.optional(z.nullable(z.string())),
});

const count = z.optional(z.number().check(z.int(), z.minimum(0)));
const tagSchema = z.object({ prefix: z.string(), value: z.string(), count });
const vendorSchema = z.object({ name: z.string(), count });

const pageInfoSchema = z.object({
  limitPerPage: z.number(),
  totalObjects: z.number(),
  totalPages: z.number(),
  availableTagFilters: z.optional(z.array(tagSchema)),
  availableVendors: z.optional(z.array(vendorSchema)),
  productMaxPrice: z.optional(z.nullable(z.number())),
});

const replySchema = z.object({ products: z.array(cardSchema), pageInfo: pageInfoSchema });

export type ApiCard = z.infer<typeof cardSchema>;
export type FilterReply = z.infer<typeof replySchema>;
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** The text shown when a reply cannot be read. */
export const MALFORMED_REPLY = 'The store sent a reply we could not read.';

/** The reply `schema` reads, or an Error naming the first bad field. */
function readOrThrow<T>(schema: z.ZodMiniType<T>, raw: unknown): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`${MALFORMED_REPLY} (${issue ? issue.path.join('.') : 'reply'})`);
}

/**
 * A filter reply, or throws an Error naming the first bad field.
 * @example parseFilterReply(await response.json()).pageInfo.totalObjects
 */
export const parseFilterReply = (raw: unknown): FilterReply => readOrThrow(replySchema, raw);

/** The pageInfo of a filter reply asked for without cards (`fields=id`). */
export const parsePageInfo = (raw: unknown): PageInfo =>
  readOrThrow(z.object({ pageInfo: pageInfoSchema }), raw).pageInfo;

/** Cards of GET /api/products?productIds= (the comparison page). */
export const parseProductsReply = (raw: unknown): ApiCard[] =>
  readOrThrow(z.object({ products: z.array(cardSchema) }), raw).products;
