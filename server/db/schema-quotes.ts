/**
 * The quote requests of the home page's 'Request a quote' form (spec storefront 1 and 2),
 * added to the base schema by openDatabase. Statements must be idempotent (IF NOT EXISTS).
 */
export const quotesSchemaSql = /* sql */ `
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
