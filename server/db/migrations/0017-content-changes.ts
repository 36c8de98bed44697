import type { Migration } from '../database.ts';

/**
 * Version 17: content in the change feed (issue 33, item 12). Articles, help answers, the
 * generic pages and questions have merchandiser calls now (server/routes/admin-content.ts);
 * each write leaves a row as products' do, so the publish page lists it as pending and watch
 * mode publishes it. The entities are 'article', 'help', 'page' and 'question'.
 *
 * SQLite cannot change a CHECK, so the table is made again with its rows, its actor trigger
 * (version 3) and its sequence, as version 13 did: a publisher's cursor never sees a number
 * twice.
 */
export const CONTENT_ENTITIES = ['article', 'help', 'page', 'question'] as const;

const changesWithContent = /* sql */ `
CREATE TABLE changes_v17 (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  entity TEXT NOT NULL CHECK (entity IN ('product', 'collection', 'machine', 'article', 'help', 'page', 'question')),
  entity_id INTEGER NOT NULL,
  op TEXT NOT NULL CHECK (op IN ('upsert', 'delete')),
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  actor TEXT NOT NULL DEFAULT 'system'
);
INSERT INTO changes_v17 (seq, entity, entity_id, op, at, actor)
  SELECT seq, entity, entity_id, op, at, actor FROM changes ORDER BY seq;
DELETE FROM sqlite_sequence WHERE name = 'changes_v17';
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'changes_v17', seq FROM sqlite_sequence WHERE name = 'changes';
DROP TABLE changes;
ALTER TABLE changes_v17 RENAME TO changes;
CREATE TRIGGER changes_actor AFTER INSERT ON changes
WHEN EXISTS (SELECT 1 FROM change_actor) BEGIN
  UPDATE changes SET actor = (SELECT name FROM change_actor WHERE id = 1) WHERE seq = NEW.seq;
END;
`;

const TABLES: Record<(typeof CONTENT_ENTITIES)[number], string> = {
  article: 'articles',
  help: 'help_answers',
  page: 'pages',
  question: 'questions',
};

const contentTriggers = Object.entries(TABLES)
  .flatMap(([entity, table]) =>
    (['INSERT', 'UPDATE', 'DELETE'] as const).map((event) => {
      const row = event === 'DELETE' ? 'OLD' : 'NEW';
      const op = event === 'DELETE' ? 'delete' : 'upsert';
      return /* sql */ `
CREATE TRIGGER ${table}_changed_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN
  INSERT INTO changes (entity, entity_id, op) VALUES ('${entity}', ${row}.id, '${op}');
END;`;
    }),
  )
  .join('\n');

export const contentChanges: Migration = {
  version: 17,
  up(db) {
    // The other tables' triggers name `changes`, gone for a moment in between: the legacy
    // rename does not parse them again (SQLite's steps for a table change).
    db.exec('PRAGMA legacy_alter_table = ON');
    try {
      db.exec(changesWithContent);
    } finally {
      db.exec('PRAGMA legacy_alter_table = OFF');
    }
    db.exec(contentTriggers);
  },
};
