import * as z from 'zod/mini';

import { cardSchema, type ApiCard } from '../../../shared/contracts/product-card.ts';

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
