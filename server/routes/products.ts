import { Hono } from 'hono';
import { idList } from '../catalog/filter-params.ts';
import { productCards, productDetail } from '../catalog/read.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { productFitment } from '../machines/read.ts';
import { queryInt } from '../http/input.ts';
import { productBulkRoutes } from './products-bulk.ts';
import { productFilterRoutes } from './products-filter.ts';
import { productVendorRoutes } from './products-vendors.ts';

/** Most ids one `?productIds=` list reads. */
export const MAX_PRODUCT_IDS = 100;

const notFound = () => new HttpError(404, 'Product not found.');

/**
 * /api/products (spec storefront 7; account-and-shell 7):
 * - GET /handle/:handle -> `{ product }` (the full record) or 404
 * - GET /handle/:handle/isEligibleForFreeShipping -> `{ isEligibleForFreeShipping }`
 * - GET /handle/:handle/fitment -> `{ fitment: { universal, rows } }`: the machines it fits
 *   (issue 31), by brand, model and serial
 * - GET /?productIds=1,2,3 -> `{ products }` cards in the order asked (at most 100)
 * - GET /?isFeatured=true&sortBy=FEATURED_ORDER&limit=10 -> featured cards by featured order
 * - GET /?limit=10&page=0 (neither) -> cards by id
 * - GET /:id -> `{ product }` or 404
 * - /filter, /bulk and /vendors/*: see their modules.
 * Unknown products answer 404 `{ error: 'Product not found.' }`.
 */
export function productRoutes(deps: Deps): Hono {
  const { db } = deps;
  const byHandle = db.prepare('SELECT id, free_shipping FROM products WHERE handle = ?');
  const featured = db.prepare(`SELECT id FROM products WHERE is_featured = 1
    ORDER BY featured_order NULLS LAST, id LIMIT ?`);
  const byId = db.prepare('SELECT id FROM products ORDER BY id LIMIT ? OFFSET ?');

  const find = (handle: string) => {
    if (handle.length > 200) throw notFound();
    // Handles are lowercase; a link typed with capitals still finds its product.
    const row = (byHandle.get(handle) ?? byHandle.get(handle.toLowerCase())) as
      { id: number; free_shipping: number } | undefined;
    if (!row) throw notFound();
    return row;
  };

  const app = new Hono();
  app.route('/filter', productFilterRoutes(deps));
  app.route('/bulk', productBulkRoutes(deps));
  app.route('/vendors', productVendorRoutes(deps));

  app.get('/', (c) => {
    const limit = queryInt(c, 'limit', { fallback: 10, min: 1, max: MAX_PRODUCT_IDS });
    const productIds = c.req.query('productIds');
    if (productIds !== undefined) {
      return c.json({ products: productCards(db, idList(productIds, MAX_PRODUCT_IDS)) });
    }
    // spec storefront 9: the featured list is sorted by FEATURED_ORDER (the only sort here).
    const rows =
      c.req.query('isFeatured')?.toLowerCase() === 'true'
        ? featured.all(limit)
        : byId.all(limit, limit * queryInt(c, 'page', { fallback: 0, min: 0, max: 100_000 }));
    const ids = (rows as { id: number }[]).map((row) => row.id);
    return c.json({ products: productCards(db, ids) });
  });

  app.get('/handle/:handle', (c) => {
    const product = productDetail(db, find(c.req.param('handle')).id);
    if (!product) throw notFound();
    return c.json({ product });
  });

  app.get('/handle/:handle/fitment', (c) =>
    c.json({ fitment: productFitment(db, find(c.req.param('handle')).id) }),
  );

  app.get('/handle/:handle/isEligibleForFreeShipping', (c) =>
    c.json({ isEligibleForFreeShipping: find(c.req.param('handle')).free_shipping === 1 }),
  );

  app.get('/:id', (c) => {
    const id = c.req.param('id');
    if (!/^\d{1,10}$/.test(id)) throw notFound();
    const product = productDetail(db, Number(id));
    if (!product) throw notFound();
    return c.json({ product });
  });
  return app;
}
