import type { Migration } from '../database.ts';

/**
 * Version 8: the quote requests of the home page's 'Request a quote' form (spec storefront 1
 * and 2).
 *
 * Versions 1 to 4 ran this on every open whatever the recorded version, and its tables and
 * indexes arrived while the version stood still, so a database of any of them may have all,
 * some or none of it: hence IF NOT EXISTS.
 */
const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS quote_requests (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  part_numbers TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  message TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS quote_requests_created ON quote_requests(created_at DESC, id DESC);
`;

export const quoteRequests: Migration = {
  version: 8,
  up(db) {
    db.exec(sql);
  },
};
