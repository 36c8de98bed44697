import type { Migration } from '../database.ts';

/**
 * Version 3: who made each change. actor is 'admin' or 'admin:{X-Merchandiser}' for the
 * merchandiser API, 'system' for everything else (seed, import, orders taking stock) and for
 * the rows older versions wrote.
 *
 * change_actor holds the actor of the write in progress: one row, set at the start of a
 * merchandiser's write transaction and removed at its end (server/catalog/change-actor.ts),
 * so other connections never see it. Its trigger labels every change row inserted
 * meanwhile, whichever trigger inserted it; it is one trigger so that the six change-feed
 * triggers of version 1 stay as they were.
 */
export const changeActor: Migration = {
  version: 3,
  up(db) {
    db.exec(/* sql */ `
ALTER TABLE changes ADD COLUMN actor TEXT NOT NULL DEFAULT 'system';
CREATE TABLE change_actor (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name TEXT NOT NULL
);
CREATE TRIGGER changes_actor AFTER INSERT ON changes
WHEN EXISTS (SELECT 1 FROM change_actor) BEGIN
  UPDATE changes SET actor = (SELECT name FROM change_actor WHERE id = 1) WHERE seq = NEW.seq;
END;
`);
  },
};
