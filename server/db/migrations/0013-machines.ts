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
  -- The brand in the model page's address (/machines/crown/pth50/).
  brand_handle TEXT NOT NULL,
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
  UNIQUE (brand_handle, handle)
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

/**
 * The change feed learns a third entity, 'machine' (a model page to render again). SQLite
 * cannot change a CHECK, so the table is made again with its rows, its actor trigger
 * (version 3) and its sequence: a publisher's cursor must never see a number twice.
 */
const changesWithMachines = /* sql */ `
CREATE TABLE changes_v13 (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  entity TEXT NOT NULL CHECK (entity IN ('product', 'collection', 'machine')),
  entity_id INTEGER NOT NULL,
  op TEXT NOT NULL CHECK (op IN ('upsert', 'delete')),
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  actor TEXT NOT NULL DEFAULT 'system'
);
INSERT INTO changes_v13 (seq, entity, entity_id, op, at, actor)
  SELECT seq, entity, entity_id, op, at, actor FROM changes ORDER BY seq;
DELETE FROM sqlite_sequence WHERE name = 'changes_v13';
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'changes_v13', seq FROM sqlite_sequence WHERE name = 'changes';
DROP TABLE changes;
ALTER TABLE changes_v13 RENAME TO changes;
CREATE TRIGGER changes_actor AFTER INSERT ON changes
WHEN EXISTS (SELECT 1 FROM change_actor) BEGIN
  UPDATE changes SET actor = (SELECT name FROM change_actor WHERE id = 1) WHERE seq = NEW.seq;
END;
`;

/**
 * A model's own rows and names change its page; a new brand, code, name or address also
 * changes the pages of the products that fit it, whose fitment lists show the model.
 */
const renamedModelsProducts = /* sql */ `
  INSERT INTO changes (entity, entity_id, op)
    SELECT 'product', product_id, 'upsert' FROM product_fitment
    WHERE model_id = NEW.id AND (OLD.brand IS NOT NEW.brand OR OLD.code IS NOT NEW.code
      OR OLD.name IS NOT NEW.name OR OLD.handle IS NOT NEW.handle
      OR OLD.brand_handle IS NOT NEW.brand_handle)
    GROUP BY product_id;`;

const modelTriggers = (['INSERT', 'UPDATE', 'DELETE'] as const)
  .map((event) => {
    const row = event === 'DELETE' ? 'OLD' : 'NEW';
    const op = event === 'DELETE' ? 'delete' : 'upsert';
    return /* sql */ `
CREATE TRIGGER machine_models_changed_${event.toLowerCase()} AFTER ${event} ON machine_models BEGIN
  INSERT INTO changes (entity, entity_id, op) VALUES ('machine', ${row}.id, '${op}');${event === 'UPDATE' ? renamedModelsProducts : ''}
END;
CREATE TRIGGER machine_model_keys_changed_${event.toLowerCase()} AFTER ${event} ON machine_model_keys BEGIN
  INSERT INTO changes (entity, entity_id, op)
    SELECT 'machine', ${row}.model_id, 'upsert'
    WHERE EXISTS (SELECT 1 FROM machine_models WHERE id = ${row}.model_id);
END;`;
  })
  .join('\n');

/**
 * A fitment row changes its product's page (the fitment list) and its model's page (the
 * parts), one change-feed row each; a bulk writer (an import) sets the `fitment_bulk` flag
 * and logs each product and model once instead (server/machines/write.ts, writeFitmentsQuietly).
 */
const bulkFlag = /* sql */ `
CREATE TABLE fitment_bulk (id INTEGER PRIMARY KEY CHECK (id = 1));
`;

/**
 * A fitment row changes its product's page (the fitment list) and its model's page (the
 * parts); a row that goes with its deleted product or model says nothing of the one gone.
 */
const fitmentTriggers = (['INSERT', 'UPDATE', 'DELETE'] as const)
  .map((event) => {
    const rows = event === 'INSERT' ? ['NEW'] : event === 'DELETE' ? ['OLD'] : ['OLD', 'NEW'];
    const inserts = rows
      .map(
        (row) => /* sql */ `
  INSERT INTO changes (entity, entity_id, op)
    SELECT 'product', ${row}.product_id, 'upsert'
    WHERE EXISTS (SELECT 1 FROM products WHERE id = ${row}.product_id);
  INSERT INTO changes (entity, entity_id, op)
    SELECT 'machine', ${row}.model_id, 'upsert'
    WHERE EXISTS (SELECT 1 FROM machine_models WHERE id = ${row}.model_id);`,
      )
      .join('');
    return /* sql */ `
CREATE TRIGGER product_fitment_changed_${event.toLowerCase()} AFTER ${event} ON product_fitment
WHEN NOT EXISTS (SELECT 1 FROM fitment_bulk) BEGIN${inserts}
END;`;
  })
  .join('\n');

export const machines: Migration = {
  version: 13,
  up(db) {
    db.exec(sql);
    // The products' and collections' triggers name `changes`, gone for a moment in between:
    // the legacy rename does not parse them again (SQLite's steps for a table change).
    db.exec('PRAGMA legacy_alter_table = ON');
    try {
      db.exec(changesWithMachines);
    } finally {
      db.exec('PRAGMA legacy_alter_table = OFF');
    }
    db.exec(modelTriggers);
    db.exec(bulkFlag);
    db.exec(fitmentTriggers);
  },
};
