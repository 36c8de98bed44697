import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { filterReplyJson } from '../reads/filter-reply.ts';
import { assertKnownModel } from './machines.ts';

export { projectCard } from '../reads/filter-reply.ts';

/**
 * GET /api/products/filter: search and list products (spec storefront 2 search results and
 * collection lists, 7, 9; account-and-shell 7 brand pages). Query parameters:
 * q, c, v (or vendor; repeatable, any brand matches), t, minPrice, maxPrice, sortBy, limit,
 * page, fields, availableForSaleOnly, fits and serial (see catalog/filter-params.ts; a `fits`
 * model the store lacks answers 404). Reply:
 * `{ products: cards, pageInfo: { limitPerPage, totalObjects, totalPages, page,
 *   availableTagPrefixes, availableTagFilters, availableVendors, productMaxPrice } }`; the
 * vendors and tag filters are the filter panel's choices with counts, each group counted
 * without its own filter (catalog/filter.ts, choices).
 * A strange parameter never fails the search; it falls back to its default.
 *
 * With a read pool a worker thread reads it, so a slow search never holds up the
 * calls behind it; without one (tests through app.request) the route's connection does.
 */
export function productFilterRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/', async (c) => {
    const url = new URL(c.req.url);
    assertKnownModel(deps, url.searchParams);
    // Without a pool the filter runs here and now, holding the thread (routes/machines.ts).
    const json = deps.reads
      ? await deps.reads.run('filter', url.search)
      : filterReplyJson(deps.db, url.search);
    // What c.json sends, without parsing and serialising the worker's reply again.
    return c.body(json, 200, { 'Content-Type': 'application/json' });
  });
  return app;
}
