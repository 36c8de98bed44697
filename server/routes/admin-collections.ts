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
 * PUT /:id -> `{ collection: { id, handle } }` (201 on create); DELETE /:id. A delete changes
 * its members' collections, so it puts them into the change feed too. An edit changes no
 * member's record as the pages read it: the storefront takes a collection's title, handle and
 * chain from the collection list by id (src/data/trails.ts, src/lib/search/search-record.ts),
 * so a rename of a collection of 40,000 products logs one change, not 40,001 (issue 33, item 1).
 */
export function adminCollectionRoutes({ db }: { db: Database }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.onError(adminErrors);
  const collections = adminRecords(db, 'collection', readCollection);
  const touch = db.prepare(`
    UPDATE products SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
    WHERE id IN (SELECT value FROM json_each(?))`);

  app.get('/handle/:handle', (c) =>
    c.json(collections.read(collectionIdByHandle(db, c.req.param('handle')))),
  );
  app.get('/:id', (c) => c.json(collections.read(pathId(c.req.param('id'), 'collection'))));

  createAndReplace(app, db, 'collection', collectionInputSchema, {
    ...collections,
    upsert: upsertCollection,
  });

  app.delete('/:id', (c) => {
    const id = pathId(c.req.param('id'), 'collection');
    writeAs(db, c.get('actor'), () => {
      collections.existing(id);
      const members = deleteCollection(db, id);
      // Logged after the collection's own row, as the describer reads them
      // (publisher/describe-changes.ts, collectionMembers).
      touch.run(JSON.stringify(members));
    });
    return c.json({ success: true });
  });

  return app;
}
