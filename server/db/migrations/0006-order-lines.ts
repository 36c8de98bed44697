import type { Migration } from '../database.ts';

/**
 * Version 6: the cart area's tables and indexes: what a placed order was made of.
 *
 * Versions 1 to 4 ran this on every open whatever the recorded version, and its tables and
 * indexes arrived while the version stood still, so a database of any of them may have all,
 * some or none of it: hence IF NOT EXISTS.
 */
const sql = /* sql */ `
-- Expired Idempotency-Key records are deleted by age (server/http/idempotency.ts).
CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys(created_at);

-- What an order was made of, copied from the checkout when it is placed, so that the order
-- keeps its lines, titles and prices after the catalogue changes.
CREATE TABLE IF NOT EXISTS order_line_items (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  inventory_level_id INTEGER REFERENCES inventory_levels(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  sku TEXT NOT NULL DEFAULT '',
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_price_cents INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS order_line_items_order ON order_line_items(order_id);

-- Checkouts that became orders (the checkout row itself is deleted), so that the external
-- checkout page of a placed checkout shows its confirmation again instead of a 404.
CREATE TABLE IF NOT EXISTS checkout_orders (
  checkout_id TEXT PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE
);
`;

export const orderLines: Migration = {
  version: 6,
  up(db) {
    db.exec(sql);
  },
};
