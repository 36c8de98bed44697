import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { compareNocase, titleSortKey } from './title-order.ts';

describe('titleSortKey', () => {
  it('is the text a shopper reads', () => {
    const titles = ['<strong>Barrett</strong> Seal Kit', 'Wheel <script>alert(1)</script>'];
    expect(titles.map(titleSortKey)).toEqual(['Barrett Seal Kit', 'Wheel']);
  });
});

describe('compareNocase', () => {
  it('orders as SQLite COLLATE NOCASE does', () => {
    const titles = [
      'barrett',
      'Barrett',
      'Caterpillar',
      '(91A38) axle',
      '80 mm wheel',
      'Zeta',
      'Étrier',
      'émail',
      'zz',
      'z',
      '',
      '𝔸 wheel',
      '\uffee wheel',
      'a_b',
      'a[b',
      'ab',
    ];
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, title TEXT)');
    const insert = db.prepare('INSERT INTO t (id, title) VALUES (?, ?)');
    titles.forEach((title, id) => insert.run(id, title));
    const sqlite = (
      db.prepare('SELECT title FROM t ORDER BY title COLLATE NOCASE, id').all() as {
        title: string;
      }[]
    ).map((row) => row.title);
    const ours = titles
      .map((title, id) => ({ title, id }))
      .sort((a, b) => compareNocase(a.title, b.title) || a.id - b.id)
      .map((row) => row.title);
    expect(ours).toEqual(sqlite);
  });
});
