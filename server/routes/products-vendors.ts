import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { queryInt } from '../http/input.ts';

/**
 * GET /api/products/vendors/index and /vendors/fullDetail (spec storefront 7;
 * account-and-shell 2.6 brands pages and 7). A vendor is a brand name products carry.
 */
export function productVendorRoutes({ db }: Deps): Hono {
  const app = new Hono();
  const names = db.prepare(`SELECT vendor AS name FROM products WHERE vendor <> ''
    GROUP BY vendor ORDER BY vendor COLLATE NOCASE, vendor`);
  const total = db.prepare(`SELECT COUNT(DISTINCT vendor) AS n FROM products WHERE vendor <> ''`);
  const page = (order: string) =>
    db.prepare(`SELECT vendor AS name, COUNT(*) AS productCount FROM products
      WHERE vendor <> '' GROUP BY vendor ORDER BY ${order} LIMIT ? OFFSET ?`);
  const pages = {
    PRODUCT_COUNT_DESC: page('productCount DESC, vendor COLLATE NOCASE'),
    PRODUCT_COUNT_ASC: page('productCount, vendor COLLATE NOCASE'),
    NAME_DESC: page('vendor COLLATE NOCASE DESC, vendor DESC'),
    NAME_ASC: page('vendor COLLATE NOCASE, vendor'),
  };

  /** `{ vendors: [{ name }] }`, alphabetical. */
  app.get('/index', (c) => c.json({ vendors: names.all() as { name: string }[] }));

  /**
   * `?page=0&limit=10&sortBy=PRODUCT_COUNT|NAME&order=DESC|ASC` ->
   * `{ vendors: [{ name, productCount }], pageInfo: { page, limit, totalObjects, totalPages } }`.
   * Defaults: PRODUCT_COUNT, DESC (NAME defaults to ASC); an unknown sort is the default.
   */
  app.get('/fullDetail', (c) => {
    const pageNumber = queryInt(c, 'page', { fallback: 0, min: 0, max: 100_000 });
    const limit = queryInt(c, 'limit', { fallback: 10, min: 1, max: 1000 });
    const sortBy = c.req.query('sortBy')?.toUpperCase() === 'NAME' ? 'NAME' : 'PRODUCT_COUNT';
    const asked = c.req.query('order')?.toUpperCase();
    const order = asked === 'ASC' || asked === 'DESC' ? asked : sortBy === 'NAME' ? 'ASC' : 'DESC';
    const totalObjects = (total.get() as { n: number }).n;
    const vendors = pages[`${sortBy}_${order}`].all(limit, pageNumber * limit) as {
      name: string;
      productCount: number;
    }[];
    return c.json({
      vendors,
      pageInfo: {
        page: pageNumber,
        limit,
        totalObjects,
        totalPages: Math.ceil(totalObjects / limit),
      },
    });
  });
  return app;
}
