import type { Migration } from '../database.ts';

/**
 * Version 13: machines and fitment (issue 31). A machine model is a brand's model code as its
 * data plate prints it ('PTH50'), with the names people type for it; a fitment row says a
 * product applies to a model, for an optional serial range read through the brand's serial
 * format (shared/fitment/serial.ts), at a position and a quantity per machine. A product may
 * fit every machine of its kind instead (`fits_universally`).
 */
const sql = /* sql */ `
CREATE TABLE machine_models (
  id INTEGER PRIMARY KEY,
  -- As products.vendor spells the brand ('Crown').
  brand TEXT NOT NULL,
  -- The model code on the data plate ('PTH50').
  code TEXT NOT NULL,
  -- Its address under the brand's (/machines/crown/pth50/).
  handle TEXT NOT NULL,
  name TEXT NOT NULL,
  series TEXT NOT NULL DEFAULT '',
  -- 'pallet-jack', 'forklift', 'stacker', 'lift-table', ...
  machine_type TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (brand, handle)
);

-- Every name a shopper may type for a model, the code itself included, compacted as the
-- search compacts part numbers (upper case, no spaces, hyphens, dots or slashes).
CREATE TABLE machine_model_keys (
  model_id INTEGER NOT NULL REFERENCES machine_models(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  alias TEXT NOT NULL,
  PRIMARY KEY (model_id, key)
);
CREATE INDEX machine_model_keys_key ON machine_model_keys(key);

-- How a brand writes its serial numbers: a pattern with the groups prefix and number.
CREATE TABLE serial_formats (
  brand TEXT PRIMARY KEY,
  pattern TEXT NOT NULL,
  example TEXT NOT NULL
);

CREATE TABLE product_fitment (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  model_id INTEGER NOT NULL REFERENCES machine_models(id) ON DELETE CASCADE,
  -- Inclusive; NULL is an open end.
  serial_from TEXT,
  serial_to TEXT,
  position TEXT NOT NULL DEFAULT '',
  quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 99),
  note TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL DEFAULT ''
);
CREATE INDEX product_fitment_model ON product_fitment(model_id, product_id);
CREATE INDEX product_fitment_product ON product_fitment(product_id);

ALTER TABLE products ADD COLUMN fits_universally INTEGER NOT NULL DEFAULT 0;
`;

export const machines: Migration = {
  version: 13,
  up(db) {
    db.exec(sql);
  },
};
