import { Hono } from 'hono';
import { freeShippingAmount } from '../cart/shipping.ts';
import type { Deps } from '../deps.ts';

/**
 * Shipping policies (spec storefront 7 and 9): GET /freeShippingAmount ->
 * `{ freeShippingAmount }`, a number of dollars, -1 when there is no free shipping, 199 when
 * the store has not set one.
 */
export function shippingRoutes({ db }: Deps): Hono {
  const app = new Hono();
  app.get('/freeShippingAmount', (c) => c.json({ freeShippingAmount: freeShippingAmount(db) }));
  return app;
}
