import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { titleSortKey } from '../../src/lib/catalog/title-order.ts';
import { accountsSchemaSql } from './schema-accounts.ts';
import { cartSchemaSql } from './schema-cart.ts';
import { catalogSchemaSql } from './schema-catalog.ts';
import { contentSchemaSql } from './schema-content.ts';
import { quotesSchemaSql } from './schema-quotes.ts';
import { addedColumns, SCHEMA_VERSION, schemaSql } from './schema.ts';

export type Database = DatabaseSync;

/**
 * Opens (and creates, if needed) the store database.
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
  for (const sql of [
    schemaSql,
    catalogSchemaSql,
    cartSchemaSql,
    contentSchemaSql,
    quotesSchemaSql,
    accountsSchemaSql,
  ]) {
    db.exec(sql);
  }
  const added = addMissingColumns(db);
  fillSortTitles(db, added.includes('products.sort_title'));
  db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
    'schema_version',
    String(SCHEMA_VERSION),
  );
  // Identifies this database, so a build cache made from another one is not trusted.
  db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run(
    'database_id',
    randomUUID(),
  );
  return db;
}

/**
 * Brings a database made by an older version up to the current columns; returns those it
 * added, as 'table.column'.
 */
function addMissingColumns(db: Database): string[] {
  const added: string[] = [];
  for (const { table, column, definition } of addedColumns) {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (!columns.some((existing) => existing.name === column)) {
      db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
      added.push(`${table}.${column}`);
    }
  }
  return added;
}

/**
 * Sets the title sort key of the rows an older version wrote, once, when the column was just
 * `added` (schema version 4): not a scan of every product on each start. Then indexes it,
 * here because an older database gets the column only on open.
 */
function fillSortTitles(db: Database, added: boolean): void {
  if (added) {
    const rows = db.prepare('SELECT id, title FROM products').all() as {
      id: number;
      title: string;
    }[];
    const update = db.prepare('UPDATE products SET sort_title = ? WHERE id = ?');
    transaction(db, () => {
      for (const { id, title } of rows) update.run(titleSortKey(title), id);
    });
  }
  db.exec(
    'CREATE INDEX IF NOT EXISTS products_sort_title ON products(sort_title COLLATE NOCASE, id)',
  );
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
