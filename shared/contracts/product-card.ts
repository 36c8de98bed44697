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

/**
 * A card's verdict under a chosen machine (issue 31, items 8 and 9; server/machines/card-fit.ts):
 * only on the cards of a `fits=` list, null or absent elsewhere. Every card of such a list
 * may fit, so 'fits' or 'check'; the rows are the model's serial ranges that say so.
 */
export const cardFitSchema = z.object({
  // A string, not an enum: zod's schema classes are shared by every island, and an enum of
  // its own would grow the product page's (tests/e2e/budget.spec.ts). The badge reads
  // anything but 'fits' as 'check' (src/lib/search/machine-filter.ts): never a wrong 'fits'.
  verdict: z.string(),
  universal: z.boolean(),
  rows: z.array(
    z.object({
      serialFrom: z.nullable(z.string()),
      serialTo: z.nullable(z.string()),
      position: z.string(),
      quantity: z.number(),
      note: z.string(),
    }),
  ),
});

export type CardFit = z.infer<typeof cardFitSchema>;

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
  fit: z.optional(z.nullable(cardFitSchema)),
});

export type ApiCard = z.infer<typeof cardSchema>;
