import type { Database } from '../db/open.ts';
import { filterProducts } from '../catalog/filter.ts';
import { parseFilterParams } from '../catalog/filter-params.ts';
import { productCards, type ProductCard } from '../catalog/read.ts';
import { cardFits } from '../machines/card-fit.ts';

/**
 * Only the asked-for card keys, plus id (spec storefront 7, `&fields={list}`). Unknown names
 * are ignored.
 */
export function projectCard(card: ProductCard, fields: readonly string[]): Partial<ProductCard> {
  const picked: Record<string, unknown> = { id: card.id };
  for (const name of fields) {
    if (Object.hasOwn(card, name)) picked[name] = card[name as keyof ProductCard];
  }
  return picked;
}

/**
 * The JSON body of GET /api/products/filter for a query string (`?q=wheel&limit=24`), the
 * same whichever thread reads it: the route's own connection, or a read worker's
 * (read-pool.ts).
 */
export function filterReplyJson(db: Database, search: string): string {
  const params = parseFilterParams(new URLSearchParams(search));
  const { ids, pageInfo } = filterProducts(db, params);
  const cards = productCards(db, ids);
  const fields = params.fields;
  const projected = fields ? cards.map((card) => projectCard(card, fields)) : cards;
  if (!params.fits) return JSON.stringify({ products: projected, pageInfo });
  // Under a chosen machine (issue 31): the machine, and each card's verdict for it.
  const fitted = cardFits(db, params.fits, params.serial, ids);
  return JSON.stringify({
    products: projected.map((card) => ({ ...card, fit: fitted?.fits.get(card.id ?? 0) ?? null })),
    pageInfo: { ...pageInfo, machine: fitted?.machine ?? null },
  });
}
