/**
 * Tables and indexes of the cart area, added to the base schema (schema.ts) by openDatabase.
 * Statements must be idempotent (IF NOT EXISTS).
 */
export const cartSchemaSql = /* sql */ `
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
