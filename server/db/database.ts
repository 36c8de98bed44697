import type { DatabaseSync } from 'node:sqlite';

/** The store database: node:sqlite's synchronous handle (openDatabase in open.ts opens it). */
export type Database = DatabaseSync;

/**
 * One step of the schema: `up` brings a database at `version - 1` to `version`.
 * openDatabase runs each in its own transaction and records its version after it.
 * A shipped migration is never edited: a change to the schema is a new migration.
 * Here, apart from the list of migrations, so a migration imports no module that imports it.
 */
export interface Migration {
  version: number;
  up(db: Database): void;
}
