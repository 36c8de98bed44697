import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './cart.ts';
import { MAX_PART_LENGTH, MAX_RESOLVE_LINES, MAX_SUGGESTIONS } from '../parts/order-limits.ts';

/**
 * POST /api/quick-order/resolve (issue 32, items 2 and 3): the pad's lines, each resolved as a
 * parts counter would, with price, stock and what stops it going to the cart, in one call.
 * The server's shapes, read by the pad (src/islands/quick-order) through these schemas.
 */

export { MAX_PART_LENGTH, MAX_RESOLVE_LINES, MAX_SUGGESTIONS };

export const resolveLineSchema = z.object({
  part: z.string().trim().min(1).max(MAX_PART_LENGTH),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  /** The product the shopper chose among candidates, or kept for a superseded number. */
  productId: z.number().int().positive().optional(),
  /** The variant the shopper chose in the row's option picker. */
  variantId: z.number().int().positive().optional(),
});
export type ResolveLine = z.infer<typeof resolveLineSchema>;

export const resolveRequestSchema = z.object({
  lines: z.array(resolveLineSchema).min(1).max(MAX_RESOLVE_LINES),
});

const productSchema = z.object({
  id: z.number(),
  handle: z.string(),
  /** Plain text. */
  title: z.string(),
  vendor: z.string(),
  sku: z.string(),
  imageUrl: z.string().nullable(),
});
export type ResolvedProduct = z.infer<typeof productSchema>;

const variantSchema = z.object({
  id: z.number(),
  /** '' for a product without options. */
  title: z.string(),
  sku: z.string(),
  /** What a cart line points at. */
  levelId: z.number(),
  price: z.number(),
  /** Units that can still be added: stock less what the cart holds; null when unlimited. */
  available: z.number().nullable(),
  inCart: z.number(),
});

/** The other maker's number a line matched (issue 32, item 7): 'replaces Crown 12345, check'. */
const referenceSchema = z.object({
  brand: z.string(),
  number: z.string(),
  relation: z.enum(['replaces', 'interchangeable']),
});

const choiceSchema = productSchema.extend({
  /** How the typed number names it: its own number, or one it replaces or matches. */
  match: z.enum(['own', 'replaces', 'interchangeable']),
});
export type ResolveChoice = z.infer<typeof choiceSchema>;

export const resolvedLineSchema = z.discriminatedUnion('status', [
  /** One product and variant: `problem` says why it cannot go to the cart as it is. */
  z.object({
    status: z.literal('resolved'),
    product: productSchema,
    variant: variantSchema,
    lineTotal: z.number(),
    reference: referenceSchema.optional(),
    /** The part that replaces this one: 'replaced by X, use it?'. */
    supersededBy: productSchema.optional(),
    problem: z.string().optional(),
  }),
  /** One product with options and no variant chosen: the row's option picker. */
  z.object({
    status: z.literal('options'),
    product: productSchema,
    reference: referenceSchema.optional(),
    options: z.array(z.string()),
    variants: z.array(
      variantSchema.extend({ values: z.record(z.string(), z.string()), forSale: z.boolean() }),
    ),
  }),
  /** The number names several products (two makers' parts): never picked for the shopper. */
  z.object({ status: z.literal('choose'), candidates: z.array(choiceSchema) }),
  /** No product has the number: up to MAX_SUGGESTIONS near ones. */
  z.object({ status: z.literal('unknown'), suggestions: z.array(choiceSchema) }),
]);
export type ResolvedLine = z.infer<typeof resolvedLineSchema>;

export const resolveReplySchema = z.object({ lines: z.array(resolvedLineSchema) });
