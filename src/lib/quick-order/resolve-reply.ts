import * as z from 'zod/mini';
import type { ResolvedLine } from '../../../shared/contracts/quick-order.ts';

/**
 * The reply of POST /api/quick-order/resolve (shared/contracts/quick-order.ts), validated in
 * the browser with zod/mini, as the results list's replies are: classic zod compiles its
 * checks with `new Function`, which the store's CSP refuses, and weighs more.
 */
const product = z.object({
  id: z.number(),
  handle: z.string(),
  title: z.string(),
  vendor: z.string(),
  sku: z.string(),
  imageUrl: z.nullable(z.string()),
});
const variant = z.object({
  id: z.number(),
  title: z.string(),
  sku: z.string(),
  levelId: z.number(),
  price: z.number(),
  available: z.nullable(z.number()),
  inCart: z.number(),
});
const reference = z.object({
  brand: z.string(),
  number: z.string(),
  relation: z.enum(['replaces', 'interchangeable']),
});
const choice = z.extend(product, { match: z.enum(['own', 'replaces', 'interchangeable']) });

const line = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('resolved'),
    product,
    variant,
    lineTotal: z.number(),
    reference: z.optional(reference),
    supersededBy: z.optional(product),
    problem: z.optional(z.string()),
  }),
  z.object({
    status: z.literal('options'),
    product,
    reference: z.optional(reference),
    options: z.array(z.string()),
    variants: z.array(
      z.extend(variant, { values: z.record(z.string(), z.string()), forSale: z.boolean() }),
    ),
  }),
  z.object({ status: z.literal('choose'), candidates: z.array(choice) }),
  z.object({ status: z.literal('unknown'), suggestions: z.array(choice) }),
]);

const reply = z.object({ lines: z.array(line) });

/** The resolved lines of a reply, or undefined for a reply of another shape. */
export function readResolveReply(body: unknown): ResolvedLine[] | undefined {
  const parsed = z.safeParse(reply, body);
  if (!parsed.success) return undefined;
  const lines: ResolvedLine[] = parsed.data.lines;
  return lines;
}
