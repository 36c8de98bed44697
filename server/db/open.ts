import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Database } from './database.ts';
import { LATEST_VERSION, migrations } from './migrations/index.ts';

export type { Database };

/**
 * Opens (and creates, if needed) the store database, bringing its schema up to this code's
 * version (see migrate).
 *
 * @param file a path, or ':memory:' for a database that lives as long as the handle
 * @example const db = openDatabase(join(env.DATA_DIR, 'store.db'));
 */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  // Identifies this database, so a build cache made from another one is not trusted.
  db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run(
    'database_id',
    randomUUID(),
  );
  return db;
}

/**
 * Runs the migrations after the database's recorded schema version, up to `target`, each in
 * one transaction that also records its version: a failed one leaves the database at the
 * version before it. A database newer than this code is refused, since this code would not
 * know what its tables mean.
 *
 * @param target the version to stop at; tests pass an older one to make an older database
 */
export function migrate(db: Database, target = LATEST_VERSION): void {
  const current = schemaVersion(db);
  if (current > LATEST_VERSION) {
    throw new Error(
      `The database is at schema version ${current}, newer than this code's ${LATEST_VERSION}: ` +
        'run the code that made it, or use another DATA_DIR.',
    );
  }
  for (const migration of migrations) {
    if (migration.version <= current || migration.version > target) continue;
    transaction(db, () => {
      migration.up(db);
      db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
        'schema_version',
        String(migration.version),
      );
    });
  }
}

/** The schema version recorded in the database's meta table; 0 for a new database. */
export function schemaVersion(db: Database): number {
  const hasMeta = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'")
    .get();
  if (!hasMeta) return 0;
  const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as
    { value: string } | undefined;
  const version = Number(row?.value ?? 0);
  if (!Number.isInteger(version)) {
    throw new Error(`The database's schema version is not a number: ${row?.value}`);
  }
  return version;
}

/**
 * Runs `work` inside one transaction: everything or nothing.
 * Nested calls join the outer transaction through a savepoint.
 */
export function transaction<T>(db: Database, work: () => T): T {
  const name = `sp_${Math.random().toString(36).slice(2)}`;
  db.exec(`SAVEPOINT ${name}`);
  try {
    const result = work();
    db.exec(`RELEASE ${name}`);
    return result;
  } catch (error) {
    // Some errors (a full disk, I/O, an interrupt) make SQLite roll the whole transaction back
    // itself: the savepoint is gone then, and the original error is the one to report.
    if (db.isTransaction) {
      db.exec(`ROLLBACK TO ${name}`);
      db.exec(`RELEASE ${name}`);
    }
    throw error;
  }
}

/** True when the catalogue holds no product yet (start-up seeds then). */
export function isCatalogueEmpty(db: Database): boolean {
  const row = db.prepare('SELECT EXISTS (SELECT 1 FROM products) AS present').get() as {
    present: number;
  };
  return row.present === 0;
}

/** The random id this database was given when it was created. */
export function databaseId(db: Database): string {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'database_id'").get() as
    { value: string } | undefined;
  return row?.value ?? '';
}
