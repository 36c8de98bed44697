import { Hono } from 'hono';
import { idList } from '../catalog/filter-params.ts';
import { productDetails } from '../catalog/read.ts';
import { fitmentOfProducts } from '../machines/read.ts';
import { crossReferencesOf } from '../catalog/part-index.ts';
import type { Deps } from '../deps.ts';
import { queryInt } from '../http/input.ts';
import { merchandiserApp } from '../http/merchandiser-auth.ts';

/** The 401 of the routes only the build reads (the bulk products and the change feed). */
export const BUILD_ONLY = 'This call is for the store build: send the merchandiser token.';

/** Most records in one bulk page. */
export const MAX_BULK = 1000;
/** Records in a bulk page when `limit` is not given. */
export const DEFAULT_BULK = 100;

/**
 * GET /api/products/bulk: full product records for the build (DESIGN, build pipeline 1 and 6).
 * - `?afterId=N&limit=M` (M up to 1000): the next M products by id after N, as
 *   `{ products, pageInfo: { nextAfterId } }`; nextAfterId is null on the last page.
 * - `?ids=1,2,3` (up to 1000): those products in that order, unknown ids left out,
 *   as `{ products }`.
 * Each record has `Fitment: { universal, rows }`, the machines it fits (issue 31), and
 * `CrossReferences: [{ brand, number, relation }]`, other makers' numbers (issue 32), beside
 * what the single-product routes answer. Child records are read once per page, not once per
 * product. Merchandiser token required
 * (`Authorization: Bearer`), 401 without it.
 */
export function productBulkRoutes(deps: Deps): Hono {
  const { db } = deps;
  // a thousand full records a call is build work, not a shopper's; the build sends
  // the merchandiser token (src/loaders/fetch-json.ts).
  const app = merchandiserApp(deps, BUILD_ONLY);
  const after = db.prepare('SELECT id FROM products WHERE id > ? ORDER BY id LIMIT ?');
  // The records with what the product page shows of the machines they fit (issue 31): a
  // fitment change is a change of its product's record, so the warm build renders it again.
  const records = (ids: readonly number[]) => {
    const fitment = fitmentOfProducts(db, ids);
    const references = crossReferencesOf(db, ids);
    return productDetails(db, ids).map((product) => ({
      ...product,
      Fitment: fitment.get(product.id) ?? { universal: false, rows: [] },
      CrossReferences: references.get(product.id) ?? [],
    }));
  };
  app.get('/', (c) => {
    const ids = c.req.query('ids');
    if (ids !== undefined) return c.json({ products: records(idList(ids, MAX_BULK)) });
    const afterId = queryInt(c, 'afterId', { fallback: 0, min: 0, max: 2 ** 31 });
    const limit = queryInt(c, 'limit', { fallback: DEFAULT_BULK, min: 1, max: MAX_BULK });
    // One more than asked tells whether another page follows, without an empty last page.
    const rows = after.all(afterId, limit + 1) as { id: number }[];
    const page = rows.slice(0, limit).map((row) => row.id);
    const nextAfterId = rows.length > limit ? (page.at(-1) ?? null) : null;
    return c.json({ products: records(page), pageInfo: { nextAfterId } });
  });
  return app;
}
