import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './open.ts';
import { addedColumns, SCHEMA_VERSION } from './schema.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const columnsOf = (db: DatabaseSync, table: string) =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);

describe('openDatabase', () => {
  it('adds the columns a database made by an older version lacks, keeping its rows', () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-db-'));
    dirs.push(dir);
    const file = join(dir, 'store.db');
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

  it('keeps a bad value out of the added column', () => {
    const db = openDatabase(':memory:');
    expect(() =>
      db.exec("INSERT INTO collections (handle, title, max_child_items) VALUES ('x', 'X', 0)"),
    ).toThrow(/CHECK/);
  });
});
