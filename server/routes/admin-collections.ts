import { Hono } from 'hono';
import { collectionIdByHandle, readCollection } from '../catalog/admin-read.ts';
import { collectionInputSchema } from '../catalog/input.ts';
import { deleteCollection, upsertCollection } from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import { pathId } from '../http/input.ts';
import type { AdminEnv } from './admin-actor.ts';
import { adminErrors, createAndReplace, writeAs } from './admin-write.ts';

/**
 * The merchandiser's collections, mounted at /api/admin/collections behind the token
 * (adminRoutes): GET /:id, GET /handle/:handle -> the collection in its input format; POST /,
 * PUT /:id -> `{ collection: { id, handle } }` (201 on create); DELETE /:id. A product page
 * shows its collections, so a change puts their members into the change feed too.
 */
export function adminCollectionRoutes({ db }: { db: Database }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.onError(adminErrors);
  const byId = db.prepare('SELECT id, handle FROM collections WHERE id = ?');
  const byHandle = db.prepare('SELECT id FROM collections WHERE handle = ?');
  const touchMembers = db.prepare(`
    UPDATE products SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
    WHERE id IN (SELECT product_id FROM product_collections WHERE collection_id = ?)`);

  const notFound = () => new HttpError(404, 'The collection was not found.');
  /** The collection in the admin format, or a 404. */
  const collection = (id: number | undefined) => {
    const found = id === undefined ? undefined : readCollection(db, id);
    if (!found) throw notFound();
    return found;
  };
  /** The collection's id and handle, or a 404 (a write checks no more than that it exists). */
  const existing = (id: number) => {
    const row = byId.get(id) as { id: number; handle: string } | undefined;
    if (!row) throw notFound();
    return row;
  };

  app.get('/handle/:handle', (c) =>
    c.json(collection(collectionIdByHandle(db, c.req.param('handle')))),
  );
  app.get('/:id', (c) => c.json(collection(pathId(c.req.param('id'), 'collection'))));

  createAndReplace(app, db, 'collection', collectionInputSchema, {
    byId,
    byHandle,
    existing,
    upsert: upsertCollection,
    afterReplace: (id) => touchMembers.run(id),
  });

  app.delete('/:id', (c) => {
    const id = pathId(c.req.param('id'), 'collection');
    writeAs(db, c.get('actor'), () => {
      existing(id);
      touchMembers.run(id);
      deleteCollection(db, id);
    });
    return c.json({ success: true });
  });

  return app;
}
