import { Hono } from 'hono';
import { filterProducts } from '../catalog/filter.ts';
import { parseFilterParams } from '../catalog/filter-params.ts';
import { productCards, type ProductCard } from '../catalog/read.ts';
import type { Deps } from '../deps.ts';

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
 * GET /api/products/filter: search and list products (spec storefront 2 search results and
 * collection lists, 7, 9; account-and-shell 7 brand pages). Query parameters:
 * q, c, v (or vendor; repeatable, any brand matches), t, minPrice, maxPrice, sortBy, limit,
 * page, fields, availableForSaleOnly (see catalog/filter-params.ts). Reply:
 * `{ products: cards, pageInfo: { limitPerPage, totalObjects, totalPages, page,
 *   availableTagPrefixes, availableTagFilters, availableVendors, productMaxPrice } }`; the
 * vendors and tag filters are the filter panel's choices with counts, each group counted
 * without its own filter (catalog/filter.ts, choices).
 * A strange parameter never fails the search; it falls back to its default.
 */
export function productFilterRoutes({ db }: Deps): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const params = parseFilterParams(new URL(c.req.url).searchParams);
    const { ids, pageInfo } = filterProducts(db, params);
    const cards = productCards(db, ids);
    const fields = params.fields;
    return c.json({
      products: fields ? cards.map((card) => projectCard(card, fields)) : cards,
      pageInfo,
    });
  });
  return app;
}
