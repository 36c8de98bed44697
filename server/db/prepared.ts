import type { Database } from './open.ts';

/**
 * Statements prepared once per database and kept while the database is: `prepare` runs on
 * a database's first use.
 *
 * @example
 * const statements = preparedPerDatabase((db) => ({ byId: db.prepare('SELECT ...') }));
 * statements(db).byId.get(1);
 */
export function preparedPerDatabase<T extends object>(
  prepare: (db: Database) => T,
): (db: Database) => T {
  const cache = new WeakMap<Database, T>();
  return (db) => {
    let found = cache.get(db);
    if (!found) {
      found = prepare(db);
      cache.set(db, found);
    }
    return found;
  };
}
