import { Hono } from 'hono';
import { sameOriginJson } from '../accounts/guard.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { pathId } from '../http/input.ts';

/**
 * Orders: POST /:orderId/relatedProducts/:productId -> `{ success: true }` (spec storefront
 * 7, "add to order"; 6: it applies only when an order id is supplied). The order is found
 * by its displayable id (as the shopper knows it, e.g. PJ000042) or by its numeric id.
 * Adding the same product again changes nothing and succeeds. The call carries the JSON
 * header and the store's Origin (403 otherwise), as every mutating call of the site does.
 */
export function orderRoutes({ db }: Deps): Hono {
  const app = new Hono();

  // a cookie-carrying change, so only from the store's own pages.
  app.post('/:orderId/relatedProducts/:productId', sameOriginJson(), (c) => {
    const asked = c.req.param('orderId');
    const order = (
      asked.length <= 64
        ? db
            .prepare(
              `SELECT id FROM orders WHERE displayable_id = :asked
               OR (id = :numeric AND NOT EXISTS (SELECT 1 FROM orders WHERE displayable_id = :asked))`,
            )
            .get({ asked, numeric: /^\d{1,15}$/.test(asked) ? Number(asked) : -1 })
        : undefined
    ) as { id: number } | undefined;
    if (order === undefined) throw new HttpError(404, 'That order was not found.');
    const productId = pathId(c.req.param('productId'), 'product');
    const product = db.prepare('SELECT id FROM products WHERE id = ?').get(productId);
    if (product === undefined) throw new HttpError(404, 'The product was not found.');
    db.prepare(
      'INSERT OR IGNORE INTO order_related_products (order_id, product_id) VALUES (?, ?)',
    ).run(order.id, productId);
    return c.json({ success: true });
  });

  return app;
}
