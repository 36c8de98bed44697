import { Hono } from 'hono';
import {
  defaultItems,
  featuredProductIds,
  hierarchyOf,
  upperHierarchyOf,
} from '../catalog/collections-hierarchy.ts';
import { listCollections, parseCollectionListQuery } from '../catalog/collections-list.ts';
import { collectionRecords, findCollectionRow } from '../catalog/collections-read.ts';
import { loadCollectionTree } from '../catalog/collections-tree.ts';
import { productCards } from '../catalog/read.ts';
import type { Database } from '../db/open.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';

const NOT_FOUND = 'Collection not found.';

/** A numeric id from a path segment (no sign, no fraction); anything else cannot exist. */
const idOf = (segment: string): number | undefined =>
  /^\d{1,10}$/.test(segment) && Number(segment) >= 1 ? Number(segment) : undefined;

/** The id of an existing collection, or a 404 `{error}` (never a 500). */
function existingId(db: Database, segment: string): number {
  const id = idOf(segment);
  if (id === undefined || !findCollectionRow(db, { id })) throw new HttpError(404, NOT_FOUND);
  return id;
}

/** `{ collection }` for an id or handle, or a 404. */
function collectionReply(db: Database, key: { id: number } | { handle: string }) {
  const row = findCollectionRow(db, key);
  if (!row) throw new HttpError(404, NOT_FOUND);
  const [collection] = collectionRecords(db, loadCollectionTree(db), [row]);
  return { collection };
}

/**
 * Collections of the reference API (spec storefront 7; account-and-shell 7), mounted at
 * /api/collections:
 * - GET /handle/:handle, GET /:idOrHandle -> { collection }
 * - GET / ?parentId&handle&ids&isFeatured&limit&page&sortBy&fields -> { collections, pageInfo }
 * - GET /:id/hierarchy -> { hierarchy, default }; GET /:id/upper-hierarchy -> { hierarchy }
 * - GET /:id/products/featured -> { products }
 * - GET /:id/image/placement/:placement -> { imagePlacement }
 */
export function collectionRoutes({ db }: Deps): Hono {
  const app = new Hono();

  app.get('/', (c) => c.json(listCollections(db, parseCollectionListQuery(c.req.query()))));

  app.get('/handle/:handle', (c) => c.json(collectionReply(db, { handle: c.req.param('handle') })));

  app.get('/:id/hierarchy', (c) => {
    const id = existingId(db, c.req.param('id'));
    const tree = loadCollectionTree(db);
    return c.json({ hierarchy: hierarchyOf(tree, id), default: defaultItems(tree) });
  });

  app.get('/:id/upper-hierarchy', (c) => {
    const id = existingId(db, c.req.param('id'));
    return c.json({ hierarchy: upperHierarchyOf(loadCollectionTree(db), id) });
  });

  app.get('/:id/products/featured', (c) => {
    const id = existingId(db, c.req.param('id'));
    const ids = featuredProductIds(db, loadCollectionTree(db), id);
    if (ids.length === 0) return c.json({ products: [] });
    // spec storefront 7: "products (marked featured)".
    const products = productCards(db, ids).map((card) => ({ ...card, isFeatured: true }));
    return c.json({ products });
  });

  app.get('/:id/image/placement/:placement', (c) => {
    const id = existingId(db, c.req.param('id'));
    const row = db
      .prepare(
        `SELECT image_path AS imagePath, alt_text AS altText FROM collection_images
         WHERE collection_id = ? AND placement = ?`,
      )
      .get(id, c.req.param('placement')) as { imagePath: string; altText: string } | undefined;
    if (!row) throw new HttpError(404, 'This collection has no image at that placement.');
    return c.json({ imagePlacement: { imagePath: row.imagePath, altText: row.altText } });
  });

  // account-and-shell 7: GET /api/collections/{handle-or-cat}; the search page passes `cat`
  // (an id), links pass a handle.
  app.get('/:idOrHandle', (c) => {
    const segment = c.req.param('idOrHandle');
    const id = idOf(segment);
    return c.json(collectionReply(db, id === undefined ? { handle: segment } : { id }));
  });

  return app;
}
