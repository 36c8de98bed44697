import { Hono } from 'hono';
import type { ChangeEntity } from '../../shared/contracts/publish.ts';
import { databaseId } from '../db/open.ts';
import type { Deps } from '../deps.ts';
import { queryInt } from '../http/input.ts';
import { merchandiserApp } from '../http/merchandiser-auth.ts';
import { BUILD_ONLY } from './products-bulk.ts';

/** Most changes one page of the feed returns (and the default). */
export const MAX_CHANGES_PAGE = 1000;
/** Largest sequence number a cursor can be (the ten digits queryInt accepts). */
const MAX_SEQ = 9_999_999_999;

/** One row of the change feed. */
export interface Change {
  seq: number;
  /**
   * 'machine': a machine model, its names or its fitment rows changed (issue 31); 'article',
   * 'help', 'page', 'question': content written through the merchandiser API (issue 33).
   */
  entity: ChangeEntity;
  id: number;
  op: 'upsert' | 'delete';
  at: string;
  /**
   * Who made it: 'admin' or 'admin:{X-Merchandiser}' through the
   * merchandiser API; 'system' for the seed, imports and orders taking stock.
   */
  actor: string;
}

/**
 * The change feed a rebuild reads (DESIGN, build pipeline 6; src/loaders/products-loader.ts).
 * Merchandiser token required, 401 without it (heavy build-only routes): it carries
 * only ids, but a page of it is a thousand rows read for nobody's page.
 *
 * - GET /cursor -> `{ cursor, databaseId }`: the newest sequence number (0 when nothing
 *   changed yet) and the database's id, so a cache made from another database is not trusted.
 * - GET /?since=N&limit=M -> `{ changes, cursor, hasMore }`: changes after N in order, each
 *   `{ seq, entity, id, op, at, actor }`; cursor is the last seq returned (N when none), to
 *   pass as `since` for the next page.
 */
export function changeRoutes(deps: Deps): Hono {
  const { db } = deps;
  const app = merchandiserApp(deps, BUILD_ONLY);
  const newest = db.prepare('SELECT COALESCE(MAX(seq), 0) AS cursor FROM changes');
  const after = db.prepare(
    `SELECT seq, entity, entity_id AS id, op, at, actor FROM changes
     WHERE seq > ? ORDER BY seq LIMIT ?`,
  );

  app.get('/cursor', (c) => {
    const { cursor } = newest.get() as { cursor: number };
    return c.json({ cursor, databaseId: databaseId(db) });
  });

  app.get('/', (c) => {
    const since = queryInt(c, 'since', { fallback: 0, min: 0, max: MAX_SEQ });
    const limit = queryInt(c, 'limit', {
      fallback: MAX_CHANGES_PAGE,
      min: 1,
      max: MAX_CHANGES_PAGE,
    });
    // One row more than asked tells whether another page follows, without a COUNT.
    const rows = after.all(since, limit + 1) as unknown as Change[];
    const hasMore = rows.length > limit;
    const changes = hasMore ? rows.slice(0, limit) : rows;
    const cursor = changes.at(-1)?.seq ?? since;
    return c.json({ changes, cursor, hasMore });
  });

  return app;
}
