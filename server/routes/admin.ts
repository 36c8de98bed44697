import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { merchandiserAuth } from '../http/merchandiser-auth.ts';
import { merchandiserActor, type AdminEnv } from './admin-actor.ts';
import { adminCollectionRoutes } from './admin-collections.ts';
import { adminContentRoutes } from './admin-content.ts';
import { adminMachineRoutes } from './admin-machines.ts';
import { adminProductRoutes } from './admin-products.ts';
import { adminErrors } from './admin-write.ts';

export { asConflict } from './admin-write.ts';

export { ADMIN_MAX_JSON_BYTES } from './admin-write.ts';
export { inventoryPatchSchema } from './admin-products.ts';

/**
 * The merchandiser API ("an authenticated way for merchandisers and tests to create,
 * change and remove products and collections"). Every write leaves rows in the change feed
 * through the triggers of server/db/migrations/, which the next build reads, labelled with
 * who made it ('admin', or 'admin:{X-Merchandiser}').
 *
 * Bodies are checked field by field: 422 naming a field the format does not have, 400
 * naming a value it refuses, both as `{ error, issues: [{ path, message }] }`.
 *
 * GET /products/:id, /products/handle/:handle, PATCH /products/:id, GET /collections/:id,
 * /collections/handle/:handle: the admin format (./admin-edit.ts).
 * POST /products, PUT /products/:id -> `{ product: { id, handle } }` (201 on create)
 * DELETE /products/:id -> `{ success: true }`
 * PATCH /products/:id/inventory -> `{ inventoryLevel, product: { id, handle, availableForSale } }`
 * POST /collections, PUT /collections/:id, DELETE /collections/:id: the same shapes with `collection`.
 * GET, POST, PATCH, DELETE /articles, /help-answers, /pages, /questions: the content
 * (./admin-content.ts), `{ article }`, `{ helpAnswer }`, `{ page }`, `{ question }`.
 */
export function adminRoutes({
  db,
  adminToken,
  tokenFailures,
  visitors,
  realtimeEvents,
}: Deps): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>()
    .use('*', merchandiserAuth({ token: adminToken, failures: tokenFailures }))
    // After the bearer check: X-Merchandiser is only read from those who hold the token.
    .use('*', merchandiserActor())
    .onError(adminErrors)
    .route('/products', adminProductRoutes({ db }))
    .route('/collections', adminCollectionRoutes({ db }))
    .route('/machines', adminMachineRoutes({ db }))
    // GET /realtime?since=N -> `{ visitors, events }`: who is on the store now and the
    // recent store:visit / store:leave events (server/realtime.ts), for merchandisers and tests.
    .get('/realtime', (c) => {
      const since = Number(c.req.query('since') ?? 0);
      if (!Number.isSafeInteger(since) || since < 0) {
        throw new HttpError(400, 'since must be a whole number of 0 or more.');
      }
      return c.json({ visitors: visitors(), events: realtimeEvents?.(since) ?? [] });
    });
  // Articles, help answers, pages and questions (issue 33, item 12; ./admin-content.ts).
  for (const [path, routes] of adminContentRoutes({ db })) app.route(path, routes);
  return app;
}
