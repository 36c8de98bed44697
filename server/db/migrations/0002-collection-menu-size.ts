import type { Migration } from '../database.ts';

/** Version 2: how many children a collection's mobile menu lists. */
export const collectionMenuSize: Migration = {
  version: 2,
  up(db) {
    // Children the mobile menu lists before 'View all' (spec storefront 9); NULL means 8.
    db.exec(`ALTER TABLE collections ADD COLUMN max_child_items INTEGER
      CHECK (max_child_items IS NULL OR max_child_items > 0)`);
  },
};
