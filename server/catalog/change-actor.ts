import { transaction, type Database } from '../db/open.ts';

/** The actor of changes made outside the merchandiser API (seed, import, orders). */
export const SYSTEM_ACTOR = 'system';

/**
 * Runs `work` in one transaction whose change-feed rows all carry `actor` (
 * "every change lands in the change feed with who made it"). The actor row is written
 * first, so the transaction holds the write lock from its start: what `work` reads stays
 * true until it commits, even with another process writing (a PATCH reads, then writes).
 * @example asActor(db, 'admin:Jane', () => upsertProduct(db, product))
 */
export function asActor<T>(db: Database, actor: string, work: () => T): T {
  return transaction(db, () => {
    db.prepare('INSERT OR REPLACE INTO change_actor (id, name) VALUES (1, ?)').run(actor);
    const result = work();
    db.prepare('DELETE FROM change_actor').run();
    return result;
  });
}
