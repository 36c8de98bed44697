import { Hono } from 'hono';
import { collectionIdByHandle, readCollection } from '../catalog/admin-read.ts';
import { collectionInputSchema } from '../catalog/input.ts';
import { deleteCollection, upsertCollection } from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import { pathId } from '../http/input.ts';
import type { AdminEnv } from './admin-actor.ts';
import { adminErrors, adminRecords, createAndReplace, writeAs } from './admin-write.ts';

/**
 * The merchandiser's collections, mounted at /api/admin/collections behind the token
 * (adminRoutes): GET /:id, GET /handle/:handle -> the collection in its input format; POST /,
 * PUT /:id -> `{ collection: { id, handle } }` (201 on create); DELETE /:id. A product page
 * shows its collections, so a change puts their members into the change feed too.
 */
export function adminCollectionRoutes({ db }: { db: Database }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.onError(adminErrors);
  const collections = adminRecords(db, 'collection', readCollection);
  const touchMembers = db.prepare(`
    UPDATE products SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
    WHERE id IN (SELECT product_id FROM product_collections WHERE collection_id = ?)`);

  app.get('/handle/:handle', (c) =>
    c.json(collections.read(collectionIdByHandle(db, c.req.param('handle')))),
  );
  app.get('/:id', (c) => c.json(collections.read(pathId(c.req.param('id'), 'collection'))));

  createAndReplace(app, db, 'collection', collectionInputSchema, {
    ...collections,
    upsert: upsertCollection,
    afterReplace: (id) => touchMembers.run(id),
  });

  app.delete('/:id', (c) => {
    const id = pathId(c.req.param('id'), 'collection');
    writeAs(db, c.get('actor'), () => {
      collections.existing(id);
      touchMembers.run(id);
      deleteCollection(db, id);
    });
    return c.json({ success: true });
  });

  return app;
}
