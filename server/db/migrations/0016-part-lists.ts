import type { Migration } from '../database.ts';

/**
 * Version 16: a signed-in customer's saved lists (issue 32, item 9). Each list is a name,
 * unique per customer in any case and spacing (`name_key`), and its lines as one JSON
 * document (shared/parts/part-list.ts reads it both ways), at most 500, read and written
 * whole. The lists go with their customer.
 */
const sql = /* sql */ `
CREATE TABLE customer_part_lists (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  lines TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (customer_id, name_key)
);
`;

export const partLists: Migration = {
  version: 16,
  up(db) {
    db.exec(sql);
  },
};
