import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, transaction } from './open.ts';
import { addedColumns, SCHEMA_VERSION } from './schema.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database path in a fresh folder that afterEach removes. */
function dbFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-db-'));
  dirs.push(dir);
  return join(dir, 'store.db');
}

const columnsOf = (db: DatabaseSync, table: string) =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);

describe('openDatabase', () => {
  it('adds the columns a database made by an older version lacks, keeping its rows', () => {
    const file = dbFile();
    // The collections table as version 1 made it.
    const old = new DatabaseSync(file);
    old.exec(`CREATE TABLE collections (
      id INTEGER PRIMARY KEY, handle TEXT NOT NULL UNIQUE, title TEXT NOT NULL, seo_title TEXT,
      seo_description TEXT, is_indexed INTEGER NOT NULL DEFAULT 1, image_url TEXT,
      description_html TEXT NOT NULL DEFAULT '',
      parent_id INTEGER REFERENCES collections(id) ON DELETE SET NULL,
      position INTEGER NOT NULL DEFAULT 0, is_featured INTEGER NOT NULL DEFAULT 0,
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')))`);
    old.exec("INSERT INTO collections (id, handle, title) VALUES (7, 'wheels', 'Wheels')");
    old.close();

    const db = openDatabase(file);
    for (const { table, column } of addedColumns) expect(columnsOf(db, table)).toContain(column);
    expect(db.prepare('SELECT handle, max_child_items AS max FROM collections').all()).toEqual([
      { handle: 'wheels', max: null },
    ]);
    expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get()).toEqual({
      value: String(SCHEMA_VERSION),
    });
    db.close();
    // Opening again changes nothing.
    openDatabase(file).close();
  });

  it('gives the change feed of an older database its actor column, old rows as system', () => {
    const file = dbFile();
    // A database as version 2 left it: no actor column, table or trigger; one change.
    const old = openDatabase(file);
    old.exec('DROP TRIGGER changes_actor');
    old.exec('DROP TABLE change_actor');
    old.exec('ALTER TABLE changes DROP COLUMN actor');
    old.exec("INSERT INTO products (id, handle, title, sort_title) VALUES (1, 'a', 'A', 'A')");
    expect(columnsOf(old, 'changes')).not.toContain('actor');
    old.close();

    const db = openDatabase(file);
    expect(columnsOf(db, 'changes')).toContain('actor');
    // The product triggers feed the changes as before; the actor trigger labels them.
    db.exec("INSERT INTO change_actor (id, name) VALUES (1, 'admin:Jane')");
    db.exec("INSERT INTO products (id, handle, title) VALUES (2, 'b', 'B')");
    db.exec('DELETE FROM change_actor');
    expect(db.prepare('SELECT entity_id AS id, actor FROM changes ORDER BY seq').all()).toEqual([
      { id: 1, actor: 'system' },
      { id: 2, actor: 'admin:Jane' },
    ]);
    db.close();
  });

  it('fills the title sort key of products an older version wrote, and indexes it', () => {
    const file = dbFile();
    // A database as version 3 left it: no sort_title column, the raw title indexed.
    const old = openDatabase(file);
    old.exec('DROP INDEX products_sort_title');
    old.exec('ALTER TABLE products DROP COLUMN sort_title');
    old.exec("INSERT INTO products (id, handle, title) VALUES (1, 'a', '<b>Seal</b> &amp; kit')");
    old.close();

    const db = openDatabase(file);
    expect(db.prepare('SELECT sort_title FROM products').get()).toEqual({
      sort_title: 'Seal & kit',
    });
    const indexes = db.prepare('PRAGMA index_list(products)').all() as { name: string }[];
    expect(indexes.map((index) => index.name)).toContain('products_sort_title');
    db.close();
  });

  it('keeps a bad value out of the added column', () => {
    const db = openDatabase(':memory:');
    expect(() =>
      db.exec("INSERT INTO collections (handle, title, max_child_items) VALUES ('x', 'X', 0)"),
    ).toThrow(/CHECK/);
  });
});

describe('transaction', () => {
  it('undoes everything when its work throws, and rethrows that error', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (n INTEGER)');
    expect(() =>
      transaction(db, () => {
        db.exec('INSERT INTO t VALUES (1)');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 0 });
  });

  it('reports the original error when SQLite already rolled the whole transaction back', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (n INTEGER)');
    // What a full disk or an interrupt does: the transaction, savepoint and all, is gone.
    expect(() =>
      transaction(db, () => {
        db.exec('INSERT INTO t VALUES (1)');
        db.exec('ROLLBACK');
        throw new Error('database or disk is full');
      }),
    ).toThrow('database or disk is full');
    expect(db.isTransaction).toBe(false);
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 0 });
  });
});
