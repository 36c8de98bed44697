import * as z from 'zod/mini';
import { cardSchema } from '../../../shared/contracts/product-card.ts';
import { readOrThrow } from './card-reply.ts';

export { MALFORMED_REPLY, parseProductsReply } from './card-reply.ts';
export type { ApiCard } from '../../../shared/contracts/product-card.ts';

/**
 * The reply of GET /api/products/filter (spec storefront 3, "Product card or list item" and
 * "Page info from the filter response"), validated in the browser: a malformed reply is a
 * clear error, never a half-drawn list. zod/mini keeps the island's bundle small.
 */
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

export type FilterReply = z.infer<typeof replySchema>;
export type PageInfo = z.infer<typeof pageInfoSchema>;

/**
 * A filter reply, or throws an Error naming the first bad field.
 * @example parseFilterReply(await response.json()).pageInfo.totalObjects
 */
export const parseFilterReply = (raw: unknown): FilterReply => readOrThrow(replySchema, raw);

/** The pageInfo of a filter reply asked for without cards (`fields=id`). */
export const parsePageInfo = (raw: unknown): PageInfo =>
  readOrThrow(z.object({ pageInfo: pageInfoSchema }), raw).pageInfo;
