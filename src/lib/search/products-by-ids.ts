import { getJson } from './api-read.ts';
import type { ApiCard } from '../../../shared/contracts/product-card.ts';
import { parseProductsReply } from './card-reply.ts';

/**
 * GET /api/products?productIds= (spec storefront 7), the one wrapper of this call: the
 * comparison page's products and the recently viewed strip's cards. In a module of its own,
 * so the strip loads it without the filter rules.
 */
export async function fetchProductsByIds(
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<ApiCard[]> {
  const query = new URLSearchParams({ productIds: ids.join(',') });
  return parseProductsReply(await getJson(`/api/products?${query.toString()}`, signal));
}
