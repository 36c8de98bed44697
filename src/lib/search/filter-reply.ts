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

/**
 * The machine of a `fits=` list (issue 31, item 8; server/machines/card-fit.ts ListMachine):
 * the chip and the cards' badges name it; null or absent on any other list.
 */
const machineSchema = z.object({
  brand: z.string(),
  brandHandle: z.string(),
  code: z.string(),
  handle: z.string(),
  name: z.string(),
  serial: z.nullable(z.string()),
});

const pageInfoSchema = z.object({
  limitPerPage: z.number(),
  totalObjects: z.number(),
  totalPages: z.number(),
  availableTagFilters: z.optional(z.array(tagSchema)),
  availableVendors: z.optional(z.array(vendorSchema)),
  productMaxPrice: z.optional(z.nullable(z.number())),
  machine: z.optional(z.nullable(machineSchema)),
});

const replySchema = z.object({ products: z.array(cardSchema), pageInfo: pageInfoSchema });

export type FilterReply = z.infer<typeof replySchema>;
export type PageInfo = z.infer<typeof pageInfoSchema>;
export type ListMachine = z.infer<typeof machineSchema>;

/**
 * A filter reply, or throws an Error naming the first bad field.
 * @example parseFilterReply(await response.json()).pageInfo.totalObjects
 */
export const parseFilterReply = (raw: unknown): FilterReply => readOrThrow(replySchema, raw);

/** The pageInfo of a filter reply asked for without cards (`fields=id`). */
export const parsePageInfo = (raw: unknown): PageInfo =>
  readOrThrow(z.object({ pageInfo: pageInfoSchema }), raw).pageInfo;
