import * as z from 'zod/mini';

/**
 * The product card of the API's lists (spec storefront 3, "Product card or list item"): the
 * wire contract the results list, the comparison page and the recently viewed strip read, and
 * product-card.test.ts checks against the reference server's replies. zod/mini, and a module of
 * its own, so the recently viewed strip validates its cards without the filter reply's
 * schemas (tests/e2e/budget.spec.ts). The server's own ProductCard (server/catalog/read.ts)
 * carries more fields; an object schema lets them through.
 */
const money = z.number().check(z.minimum(0));

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
