import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { Database } from '../db/open.ts';

/** Prepared statements of the filter call, kept per connection (at most 256 shapes each). */

const objects = new WeakMap<Database, Map<string, StatementSync>>();
const arrays = new WeakMap<Database, Map<string, StatementSync>>();

function cached(
  caches: WeakMap<Database, Map<string, StatementSync>>,
  db: Database,
  sql: string,
): [StatementSync, boolean] {
  let map = caches.get(db);
  if (!map) caches.set(db, (map = new Map<string, StatementSync>()));
  const statement = map.get(sql);
  if (statement) return [statement, false];
  if (map.size >= 256) map.clear();
  const made = db.prepare(sql);
  map.set(sql, made);
  return [made, true];
}

/** A prepared statement for this SQL text, kept per database; rows come as objects. */
export function cachedStatement(db: Database, sql: string): StatementSync {
  return cached(objects, db, sql)[0];
}

/**
 * A prepared statement for this SQL text whose rows come as arrays (several times faster
 * than objects when many rows are read), kept per database.
 */
export function arrayStatement(db: Database, sql: string): StatementSync {
  const [statement, made] = cached(arrays, db, sql);
  if (made) statement.setReturnArrays(true);
  return statement;
}

/** Every row of a query, as arrays. */
export const arrayRows = (db: Database, sql: string, ...args: SQLInputValue[]): unknown[][] =>
  arrayStatement(db, sql).all(...args) as unknown as unknown[][];
