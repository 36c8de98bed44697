import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { marked } from '../../seed/hostile.ts';
import { migrate } from '../open.ts';

/**
 * A database as version 10's code left it: products written with their raw title in the
 * search index (and, for one, a sort_title an older html-to-text made).
 */
function versionTen(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  migrate(db, 10);
  const product = db.prepare(
    'INSERT INTO products (id, handle, title, sort_title) VALUES (?, ?, ?, ?)',
  );
  const indexed = db.prepare(
    "INSERT INTO products_fts (rowid, title, vendor, codes, keywords) VALUES (?, ?, 'Crown', '', '')",
  );
  const rows: [number, string, string][] = [
    [1, marked('Zinc Axle pin'), 'Zinc Axle pin alert("title")'],
    [2, 'Brass bolt &amp; nut', 'Brass bolt & nut'],
    [3, 'Load wheel', 'Load wheel'],
  ];
  for (const [id, title, sortTitle] of rows) {
    product.run(id, `p${String(id)}`, title, sortTitle);
    indexed.run(id, title);
  }
  db.exec('DELETE FROM changes');
  return db;
}

const matches = (db: DatabaseSync, query: string) =>
  db
    .prepare('SELECT rowid AS id FROM products_fts WHERE products_fts MATCH ? ORDER BY rowid')
    .all(query)
    .map((row) => row.id);

describe('migration 11: search matches the title as text', () => {
  it('finds the products of a version 10 database by their text only', () => {
    const db = versionTen();
    expect(matches(db, '"alert"')).toEqual([1]);
    expect(matches(db, '"amp"')).toEqual([2]);

    migrate(db);
    for (const hidden of ['"alert"', '"title"', '"strong"', '"script"', '"amp"']) {
      expect(matches(db, hidden), hidden).toEqual([]);
    }
    expect(matches(db, '"zinc" AND "axle"')).toEqual([1]);
    expect(matches(db, '"bolt" AND "nut"')).toEqual([2]);
    expect(db.prepare('SELECT id, sort_title AS text FROM products ORDER BY id').all()).toEqual([
      { id: 1, text: 'Zinc Axle pin' },
      { id: 2, text: 'Brass bolt & nut' },
      { id: 3, text: 'Load wheel' },
    ]);
  });

  it('writes only the rows whose text differs', () => {
    const db = versionTen();
    migrate(db);
    // The one sort title that changed is a change to its product; the rest were left alone.
    expect(db.prepare('SELECT entity_id AS id FROM changes').all()).toEqual([{ id: 1 }]);
    expect(db.prepare('SELECT title FROM products_fts WHERE rowid = 3').get()).toEqual({
      title: 'Load wheel',
    });
  });
});
