import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../open.ts';

// Migration 17 (issue 33, item 12): content writes in the change feed.

describe('migration 17: content in the change feed', () => {
  it('logs each write of an article, help answer, page or question with its actor', () => {
    const db = openDatabase(':memory:');
    db.prepare("INSERT INTO change_actor (id, name) VALUES (1, 'admin:Jane')").run();
    db.prepare("INSERT INTO articles (id, handle, title) VALUES (3, 'a', 'A')").run();
    db.prepare('DELETE FROM change_actor').run();
    db.prepare("UPDATE articles SET title = 'B' WHERE id = 3").run();
    db.prepare("INSERT INTO help_answers (id, handle, title) VALUES (4, 'h', 'H')").run();
    db.prepare("INSERT INTO pages (id, handle, title) VALUES (5, 'p', 'P')").run();
    db.prepare(
      "INSERT INTO questions (id, displayable_id, handle, title) VALUES (6, 'Q-1', 'q', 'Q')",
    ).run();
    db.prepare('DELETE FROM pages WHERE id = 5').run();
    expect(
      db.prepare('SELECT entity, entity_id AS id, op, actor FROM changes ORDER BY seq').all(),
    ).toEqual([
      { entity: 'article', id: 3, op: 'upsert', actor: 'admin:Jane' },
      { entity: 'article', id: 3, op: 'upsert', actor: 'system' },
      { entity: 'help', id: 4, op: 'upsert', actor: 'system' },
      { entity: 'page', id: 5, op: 'upsert', actor: 'system' },
      { entity: 'question', id: 6, op: 'upsert', actor: 'system' },
      { entity: 'page', id: 5, op: 'delete', actor: 'system' },
    ]);
  });

  it('keeps every earlier change and counts on from the last number', () => {
    const before = new DatabaseSync(':memory:');
    migrate(before, 16);
    before
      .prepare("INSERT INTO products (id, handle, title) VALUES (1, 'a', 'A'), (2, 'b', 'B')")
      .run();
    const rows = before.prepare('SELECT * FROM changes ORDER BY seq').all();
    const last = (before.prepare('SELECT MAX(seq) AS n FROM changes').get() as { n: number }).n;
    migrate(before);
    expect(before.prepare('SELECT * FROM changes ORDER BY seq').all()).toEqual(rows);
    before.prepare("UPDATE products SET title = 'C' WHERE id = 1").run();
    expect(before.prepare('SELECT MAX(seq) AS n FROM changes').get()).toEqual({ n: last + 1 });
    expect(() =>
      before
        .prepare("INSERT INTO changes (entity, entity_id, op) VALUES ('order', 1, 'upsert')")
        .run(),
    ).toThrow(/CHECK/);
  });
});
