import { describe, expect, it } from 'vitest';
import { openDatabase } from '../open.ts';
import { contentIndexes } from './0007-content-indexes.ts';

function plan(db: ReturnType<typeof openDatabase>, sql: string): string {
  return db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all()
    .map((row) => String(row.detail))
    .join(' | ');
}

describe('contentIndexes', () => {
  it('can be applied again to a database that already has it (idempotent)', () => {
    const db = openDatabase(':memory:');
    db.prepare("INSERT INTO articles (id, handle, title) VALUES (1, 'a', 'A')").run();
    expect(() => contentIndexes.up(db)).not.toThrow();
    expect(db.prepare('SELECT COUNT(*) AS n FROM articles').get()).toEqual({ n: 1 });
  });

  it.each([
    ['articles_published', 'SELECT id FROM articles ORDER BY published_at DESC, id DESC LIMIT 20'],
    [
      'help_answers_order',
      'SELECT id, handle, title, topic FROM help_answers ORDER BY topic, position, id',
    ],
    ['questions_created', 'SELECT id FROM questions ORDER BY created_at DESC, id DESC LIMIT 20'],
    [
      'site_reviews_created',
      'SELECT id FROM site_reviews ORDER BY created_at DESC, id DESC LIMIT 6',
    ],
    ['countries_order', 'SELECT code, title FROM countries ORDER BY position, title'],
  ])('has %s serving the order its list is read in', (index, sql) => {
    const db = openDatabase(':memory:');
    expect(plan(db, sql)).toContain(index);
    expect(plan(db, sql)).not.toMatch(/TEMP B-TREE/);
  });
});
