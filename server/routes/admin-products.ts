import { Hono } from 'hono';
import { z } from 'zod';
import { productIdByHandle, readProduct, type AdminProduct } from '../catalog/admin-read.ts';
import { checkRecord } from '../catalog/field-issues.ts';
import { productInputSchema, type Product } from '../catalog/input.ts';
import {
  applyProductPatch,
  patchFieldRefusal,
  productPatchSchema,
  type ProductPatch,
} from '../catalog/patch.ts';
import { deleteProduct, upsertProduct } from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import { pathId } from '../http/input.ts';
import type { AdminEnv } from './admin-actor.ts';
import { adminFitmentRoutes } from './admin-machines.ts';
import {
  ADMIN_MAX_JSON_BYTES,
  adminErrors,
  adminRecords,
  createAndReplace,
  FieldErrors,
  readRecord,
  writeAs,
} from './admin-write.ts';

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

type InventoryPatch = z.output<typeof inventoryPatchSchema>;

/**
 * PATCH /:id/inventory's write: sets one stock level of product `id` and refreshes the
 * product's availability, answering both; a 404 for a level or variant not on the product.
 */
function inventoryWriter(db: Database) {
  const levelById = db.prepare(`
    SELECT il.id FROM inventory_levels il JOIN variants v ON v.id = il.variant_id
    WHERE il.id = ? AND v.product_id = ?`);
  const levelByVariant = db.prepare(`
    SELECT il.id FROM inventory_levels il JOIN variants v ON v.id = il.variant_id
    WHERE v.id = ? AND v.product_id = ? ORDER BY il.id LIMIT 1`);
  const setLevel = db.prepare(`
    UPDATE inventory_levels SET available_quantity = ?,
      bypass_negative_quantity = COALESCE(?, bypass_negative_quantity)
    WHERE id = ?
    RETURNING id, variant_id AS variantId, available_quantity AS availableQuantity,
      bypass_negative_quantity AS bypassNegativeQuantity`);
  // The same rule as upsertProduct: some variant for sale with stock or backorders allowed.
  // Updating the row also leaves a change-feed row (trigger products_changed_update).
  const refreshProduct = db.prepare(`
    UPDATE products SET available_for_sale = EXISTS (
        SELECT 1 FROM variants v JOIN inventory_levels il ON il.variant_id = v.id
        WHERE v.product_id = products.id AND v.available_for_sale = 1
          AND (il.bypass_negative_quantity = 1 OR il.available_quantity > 0)),
      updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
    WHERE id = ?
    RETURNING id, handle, available_for_sale AS availableForSale`);

  return (id: number, body: InventoryPatch) => {
    const level = (
      body.inventoryLevelId === undefined
        ? levelByVariant.get(body.variantId ?? 0, id)
        : levelById.get(body.inventoryLevelId, id)
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
    const saved = setLevel.get(body.availableQuantity, bypass, level.id) as {
      id: number;
      variantId: number;
      availableQuantity: number;
      bypassNegativeQuantity: number;
    };
    const product = refreshProduct.get(id) as {
      id: number;
      handle: string;
      availableForSale: number;
    };
    return {
      inventoryLevel: { ...saved, bypassNegativeQuantity: saved.bypassNegativeQuantity === 1 },
      product: { ...product, availableForSale: product.availableForSale === 1 },
    };
  };
}

/**
 * PATCH /:id's merge: the stored product with the patch applied and checked as a whole, or
 * null when it would change nothing. 422 naming the field as GET shows the product.
 */
function mergePatch(current: AdminProduct, patch: ProductPatch): Product | null {
  const merged = applyProductPatch(current, patch);
  if (!merged.ok) throw new FieldErrors(422, merged.issues);
  // The product as it would be: a rule between fields, or a value stored before the
  // rules were what they are now.
  const checked = checkRecord(productInputSchema, merged.product);
  if (!checked.ok) throw new FieldErrors(422, checked.issues);
  // A patch that changes nothing writes nothing, so the change feed stays quiet. (What is
  // stored may fail today's rules; then the patch, which passed them, is a change.)
  const before = productInputSchema.safeParse(current);
  if (before.success && JSON.stringify(before.data) === JSON.stringify(checked.data)) return null;
  return checked.data;
}

/**
 * The merchandiser's products, mounted at /api/admin/products behind the token (adminRoutes):
 * - GET /:id, GET /handle/:handle -> the product in the input format of POST and PUT, with
 *   every field (server/catalog/admin-read.ts): a PUT of it changes nothing.
 * - PATCH /:id -> the product after the change, in the same format. The body is a part of the
 *   format (server/catalog/patch.ts); fields not sent stay as they are.
 * - POST /, PUT /:id -> `{ product: { id, handle } }` (201 on create); DELETE /:id.
 * - PATCH /:id/inventory -> `{ inventoryLevel, product: { id, handle, availableForSale } }`.
 */
export function adminProductRoutes({ db }: { db: Database }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.onError(adminErrors);
  const products = adminRecords(db, 'product', readProduct);
  const setInventory = inventoryWriter(db);

  app.get('/handle/:handle', (c) =>
    c.json(products.read(productIdByHandle(db, c.req.param('handle')))),
  );
  app.get('/:id', (c) => c.json(products.read(pathId(c.req.param('id'), 'product'))));

  app.patch('/:id', async (c) => {
    const id = pathId(c.req.param('id'), 'product');
    const patch = await readRecord(c, productPatchSchema, {
      maxBytes: ADMIN_MAX_JSON_BYTES,
      unknownMessage: patchFieldRefusal,
    });
    // Read, merge and write in the one transaction asActor opens with a write: nothing can
    // change the product between the read and the write.
    const saved = writeAs(db, c.get('actor'), () => {
      const current = products.read(id);
      const merged = mergePatch(current, patch);
      if (!merged) return current;
      upsertProduct(db, { ...merged, id });
      return products.read(id);
    });
    return c.json(saved);
  });

  createAndReplace(app, db, 'product', productInputSchema, {
    ...products,
    upsert: upsertProduct,
  });

  app.delete('/:id', (c) => {
    const id = pathId(c.req.param('id'), 'product');
    writeAs(db, c.get('actor'), () => deleteProduct(db, products.existing(id).id));
    return c.json({ success: true });
  });

  app.route('/', adminFitmentRoutes({ db }));

  app.patch('/:id/inventory', async (c) => {
    const id = pathId(c.req.param('id'), 'product');
    const body = await readRecord(c, inventoryPatchSchema);
    const reply = writeAs(db, c.get('actor'), () => {
      products.existing(id);
      return setInventory(id, body);
    });
    return c.json(reply);
  });

  return app;
}
