import type { StatementSync } from 'node:sqlite';
import { Hono } from 'hono';
import { z } from 'zod';
import { collectionInputSchema, productInputSchema } from '../catalog/input.ts';
import {
  deleteCollection,
  deleteProduct,
  InvalidRecordError,
  upsertCollection,
  upsertProduct,
} from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { pathId } from '../http/input.ts';
import { merchandiserAuth } from '../http/merchandiser-auth.ts';
import { merchandiserActor, type AdminEnv } from './admin-actor.ts';
import { adminEditRoutes } from './admin-edit.ts';
import { adminErrors, readRecord, writeAs } from './admin-write.ts';

export { asConflict } from './admin-write.ts';

/** Catalogue records can be large (descriptions, reviews); merchandisers may send up to 4 MB. */
export const ADMIN_MAX_JSON_BYTES = 4 * 1024 * 1024;

/** PATCH /products/:id/inventory: a quick stock change (tests, merchandisers). */
export const inventoryPatchSchema = z
  .object({
    variantId: z
      .number()
      .int()
      .positive()
      .max(2 ** 31)
      .optional(),
    inventoryLevelId: z
      .number()
      .int()
      .positive()
      .max(2 ** 31)
      .optional(),
    availableQuantity: z.number().int().min(0).max(10_000_000),
    bypassNegativeQuantity: z.boolean().optional(),
  })
  .refine((body) => (body.variantId === undefined) !== (body.inventoryLevelId === undefined), {
    path: ['variantId'],
    message: 'give either variantId or inventoryLevelId',
  });

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
 */
export function adminRoutes({
  db,
  adminToken,
  tokenFailures,
  visitors,
  realtimeEvents,
}: Deps): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const limit = { maxBytes: ADMIN_MAX_JSON_BYTES };
  const st = {
    product: db.prepare('SELECT id, handle FROM products WHERE id = ?'),
    productByHandle: db.prepare('SELECT id FROM products WHERE handle = ?'),
    collection: db.prepare('SELECT id, handle FROM collections WHERE id = ?'),
    collectionByHandle: db.prepare('SELECT id FROM collections WHERE handle = ?'),
    levelById: db.prepare(`
      SELECT il.id FROM inventory_levels il JOIN variants v ON v.id = il.variant_id
      WHERE il.id = ? AND v.product_id = ?`),
    levelByVariant: db.prepare(`
      SELECT il.id FROM inventory_levels il JOIN variants v ON v.id = il.variant_id
      WHERE v.id = ? AND v.product_id = ? ORDER BY il.id LIMIT 1`),
    setLevel: db.prepare(`
      UPDATE inventory_levels SET available_quantity = ?,
        bypass_negative_quantity = COALESCE(?, bypass_negative_quantity)
      WHERE id = ?
      RETURNING id, variant_id AS variantId, available_quantity AS availableQuantity,
        bypass_negative_quantity AS bypassNegativeQuantity`),
    // The same rule as upsertProduct: some variant for sale with stock or backorders allowed.
    // Updating the row also leaves a change-feed row (trigger products_changed_update).
    refreshProduct: db.prepare(`
      UPDATE products SET available_for_sale = EXISTS (
          SELECT 1 FROM variants v JOIN inventory_levels il ON il.variant_id = v.id
          WHERE v.product_id = products.id AND v.available_for_sale = 1
            AND (il.bypass_negative_quantity = 1 OR il.available_quantity > 0)),
        updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
      WHERE id = ?
      RETURNING id, handle, available_for_sale AS availableForSale`),
    // A product page shows its collections, so their members go into the change feed too.
    touchMembers: db.prepare(`
      UPDATE products SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
      WHERE id IN (SELECT product_id FROM product_collections WHERE collection_id = ?)`),
  };

  const existingProduct = (id: number) => {
    const row = st.product.get(id) as { id: number; handle: string } | undefined;
    if (!row) throw new HttpError(404, 'The product was not found.');
    return row;
  };
  const existingCollection = (id: number) => {
    const row = st.collection.get(id) as { id: number; handle: string } | undefined;
    if (!row) throw new HttpError(404, 'The collection was not found.');
    return row;
  };

  app.use('*', merchandiserAuth({ token: adminToken, failures: tokenFailures }));
  // After the bearer check: X-Merchandiser is only read from those who hold the token.
  app.use('*', merchandiserActor());
  app.onError(adminErrors);
  app.route('/', adminEditRoutes({ db, maxBytes: ADMIN_MAX_JSON_BYTES }));

  // GET /realtime?since=N -> `{ visitors, events }`: who is on the store now and the recent
  // store:visit / store:leave events (server/realtime.ts), for merchandisers and tests.
  app.get('/realtime', (c) => {
    const since = Number(c.req.query('since') ?? 0);
    if (!Number.isSafeInteger(since) || since < 0) {
      throw new HttpError(400, 'since must be a whole number of 0 or more.');
    }
    return c.json({ visitors: visitors(), events: realtimeEvents?.(since) ?? [] });
  });

  /**
   * POST /{kind}s creates a record, refusing an id or handle another record has (201 with
   * its id and handle); PUT /{kind}s/:id replaces an existing one, the path's id winning
   * over one in the body (merchandiser API), then runs `afterReplace` in the same write.
   */
  const createAndReplace = <S extends z.ZodType<{ id?: number | undefined; handle: string }>>(
    kind: 'product' | 'collection',
    schema: S,
    write: {
      byId: StatementSync;
      byHandle: StatementSync;
      existing: (id: number) => unknown;
      upsert: (db: Database, input: z.output<S>) => number;
      afterReplace?: (id: number) => void;
    },
  ) => {
    app.post(`/${kind}s`, async (c) => {
      const input = await readRecord(c, schema, limit);
      const id = writeAs(db, c.get('actor'), () => {
        if (input.id !== undefined && write.byId.get(input.id)) {
          throw new InvalidRecordError(`${kind} ${input.id} already exists; change it with PUT`, [
            'id',
          ]);
        }
        if (write.byHandle.get(input.handle)) {
          throw new InvalidRecordError(`handle "${input.handle}" belongs to another ${kind}`, [
            'handle',
          ]);
        }
        return write.upsert(db, input);
      });
      return c.json({ [kind]: { id, handle: input.handle } }, 201);
    });

    app.put(`/${kind}s/:id`, async (c) => {
      const id = pathId(c.req.param('id'), kind);
      const input = await readRecord(c, schema, limit);
      writeAs(db, c.get('actor'), () => {
        write.existing(id);
        write.upsert(db, { ...input, id });
        write.afterReplace?.(id);
      });
      return c.json({ [kind]: { id, handle: input.handle } });
    });
  };

  createAndReplace('product', productInputSchema, {
    byId: st.product,
    byHandle: st.productByHandle,
    existing: existingProduct,
    upsert: upsertProduct,
  });

  app.delete('/products/:id', (c) => {
    const id = pathId(c.req.param('id'), 'product');
    writeAs(db, c.get('actor'), () => deleteProduct(db, existingProduct(id).id));
    return c.json({ success: true });
  });

  app.patch('/products/:id/inventory', async (c) => {
    const id = pathId(c.req.param('id'), 'product');
    const body = await readRecord(c, inventoryPatchSchema);
    const reply = writeAs(db, c.get('actor'), () => {
      existingProduct(id);
      const level = (
        body.inventoryLevelId === undefined
          ? st.levelByVariant.get(body.variantId ?? 0, id)
          : st.levelById.get(body.inventoryLevelId, id)
      ) as { id: number } | undefined;
      if (!level) {
        throw new HttpError(
          404,
          body.inventoryLevelId === undefined
            ? 'The variant was not found on this product.'
            : 'The inventory level was not found on this product.',
        );
      }
      const bypass =
        body.bypassNegativeQuantity === undefined ? null : Number(body.bypassNegativeQuantity);
      const saved = st.setLevel.get(body.availableQuantity, bypass, level.id) as {
        id: number;
        variantId: number;
        availableQuantity: number;
        bypassNegativeQuantity: number;
      };
      const product = st.refreshProduct.get(id) as {
        id: number;
        handle: string;
        availableForSale: number;
      };
      return {
        inventoryLevel: { ...saved, bypassNegativeQuantity: saved.bypassNegativeQuantity === 1 },
        product: { ...product, availableForSale: product.availableForSale === 1 },
      };
    });
    return c.json(reply);
  });

  createAndReplace('collection', collectionInputSchema, {
    byId: st.collection,
    byHandle: st.collectionByHandle,
    existing: existingCollection,
    upsert: upsertCollection,
    // A product page shows its collections, so their members go into the change feed too.
    afterReplace: (id) => st.touchMembers.run(id),
  });

  app.delete('/collections/:id', (c) => {
    const id = pathId(c.req.param('id'), 'collection');
    writeAs(db, c.get('actor'), () => {
      existingCollection(id);
      st.touchMembers.run(id);
      deleteCollection(db, id);
    });
    return c.json({ success: true });
  });

  return app;
}
