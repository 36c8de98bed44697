import type { Migration } from '../database.ts';

/**
 * Version 14: a signed-in customer's fleet (issue 31, item 8), the machines they keep (model,
 * serial, nickname) and the one they chose, as one JSON document read and written whole
 * (shared/fitment/fleet.ts checks it both ways). It goes with its customer.
 */
const sql = /* sql */ `
CREATE TABLE customer_fleets (
  customer_id INTEGER PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  fleet TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
`;

export const customerFleets: Migration = {
  version: 14,
  up(db) {
    db.exec(sql);
  },
};
