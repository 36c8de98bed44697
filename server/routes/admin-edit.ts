import { Hono } from 'hono';
import {
  collectionIdByHandle,
  productIdByHandle,
  readCollection,
  readProduct,
} from '../catalog/admin-read.ts';
import { checkRecord } from '../catalog/field-issues.ts';
import { productInputSchema } from '../catalog/input.ts';
import { applyProductPatch, patchFieldRefusal, productPatchSchema } from '../catalog/patch.ts';
import { upsertProduct } from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import { pathId } from '../http/input.ts';
import type { AdminEnv } from './admin-actor.ts';
import { FieldErrors, readRecord, writeAs } from './admin-write.ts';

const productNotFound = () => new HttpError(404, 'The product was not found.');
const collectionNotFound = () => new HttpError(404, 'The collection was not found.');

/**
 * Reading and patching records in the admin format. Mounted by
 * adminRoutes behind the merchandiser token.
 *
 * - GET /products/:id, GET /products/handle/:handle -> the product in the input format of
 *   POST and PUT, with every field (server/catalog/admin-read.ts): a PUT of it changes nothing.
 * - PATCH /products/:id -> the product after the change, in the same format. The body is a
 *   part of the format (server/catalog/patch.ts); fields not sent stay as they are.
 * - GET /collections/:id, GET /collections/handle/:handle -> the collection in its input format.
 */
export function adminEditRoutes({ db, maxBytes }: { db: Database; maxBytes: number }) {
  const app = new Hono<AdminEnv>();

  const product = (id: number | undefined) => {
    const found = id === undefined ? undefined : readProduct(db, id);
    if (!found) throw productNotFound();
    return found;
  };
  const collection = (id: number | undefined) => {
    const found = id === undefined ? undefined : readCollection(db, id);
    if (!found) throw collectionNotFound();
    return found;
  };

  app.get('/products/handle/:handle', (c) =>
    c.json(product(productIdByHandle(db, c.req.param('handle')))),
  );
  app.get('/products/:id', (c) => c.json(product(pathId(c.req.param('id'), 'product'))));

  app.patch('/products/:id', async (c) => {
    const id = pathId(c.req.param('id'), 'product');
    const patch = await readRecord(c, productPatchSchema, {
      maxBytes,
      unknownMessage: patchFieldRefusal,
    });
    // Read, merge and write in the one transaction asActor opens with a write: nothing can
    // change the product between the read and the write.
    const saved = writeAs(db, c.get('actor'), () => {
      const current = product(id);
      const merged = applyProductPatch(current, patch);
      if (!merged.ok) throw new FieldErrors(422, merged.issues);
      // The product as it would be: a rule between fields, or a value stored before the
      // rules were what they are now. 422 naming the field as GET shows the product.
      const checked = checkRecord(productInputSchema, merged.product);
      if (!checked.ok) throw new FieldErrors(422, checked.issues);
      // A patch that changes nothing writes nothing, so the change feed stays quiet. (What is
      // stored may fail today's rules; then the patch, which passed them, is a change.)
      const before = productInputSchema.safeParse(current);
      if (before.success && JSON.stringify(before.data) === JSON.stringify(checked.data)) {
        return current;
      }
      upsertProduct(db, { ...checked.data, id });
      return product(id);
    });
    return c.json(saved);
  });

  app.get('/collections/handle/:handle', (c) =>
    c.json(collection(collectionIdByHandle(db, c.req.param('handle')))),
  );
  app.get('/collections/:id', (c) => c.json(collection(pathId(c.req.param('id'), 'collection'))));

  return app;
}
