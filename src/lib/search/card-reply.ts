import * as z from 'zod/mini';

/**
 * The product card of the API's lists (spec storefront 3, "Product card or list item"), in a
 * module of its own so the recently viewed strip validates its cards without the filter
 * reply's schemas (tests/e2e/budget.spec.ts).
 */
export const money = z.number().check(z.minimum(0));

export const cardSchema = z.object({
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

export type ApiCard = z.infer<typeof cardSchema>;

/** The text shown when a reply cannot be read. */
export const MALFORMED_REPLY = 'The store sent a reply we could not read.';

/** The reply `schema` reads, or an Error naming the first bad field. */
export function readOrThrow<T>(schema: z.ZodMiniType<T>, raw: unknown): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`${MALFORMED_REPLY} (${issue ? issue.path.join('.') : 'reply'})`);
}

/** Cards of GET /api/products?productIds= (the comparison page). */
export const parseProductsReply = (raw: unknown): ApiCard[] =>
  readOrThrow(z.object({ products: z.array(cardSchema) }), raw).products;
