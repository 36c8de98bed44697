import { describe, expect, it } from 'vitest';
import { openDatabase } from '../open.ts';

function storeWithOneModel() {
  const db = openDatabase(':memory:');
  db.prepare(
    "INSERT INTO products (id, handle, title, vendor) VALUES (1, 'load-wheel', 'Load wheel', 'Crown')",
  ).run();
  db.prepare(
    "INSERT INTO machine_models (id, brand, code, handle, name, machine_type) VALUES (7, 'Crown', 'PTH50', 'pth50', 'Crown PTH50', 'pallet-jack')",
  ).run();
  return db;
}

describe('migration 13: machines and fitment', () => {
  it('ties a product to a model with an open-ended serial range', () => {
    const db = storeWithOneModel();
    db.prepare(
      "INSERT INTO product_fitment (product_id, model_id, serial_from, position, quantity) VALUES (1, 7, 'SZ123456', 'load wheel', 2)",
    ).run();
    expect(
      db.prepare('SELECT serial_from, serial_to, quantity FROM product_fitment').get(),
    ).toEqual({
      serial_from: 'SZ123456',
      serial_to: null,
      quantity: 2,
    });
    expect(db.prepare('SELECT fits_universally FROM products').get()).toEqual({
      fits_universally: 0,
    });
  });

  it('drops the rows of a deleted product or model, and nothing else', () => {
    const db = storeWithOneModel();
    db.prepare('INSERT INTO product_fitment (product_id, model_id) VALUES (1, 7)').run();
    db.prepare(
      "INSERT INTO machine_model_keys (model_id, key, alias) VALUES (7, 'PTH50', 'PTH 50')",
    ).run();
    db.prepare('DELETE FROM machine_models WHERE id = 7').run();
    expect(db.prepare('SELECT count(*) AS n FROM product_fitment').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM machine_model_keys').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM products').get()).toEqual({ n: 1 });
  });

  it('refuses a quantity per machine outside 1 to 99, a second model of one handle, and a row for no product', () => {
    const db = storeWithOneModel();
    expect(() =>
      db
        .prepare('INSERT INTO product_fitment (product_id, model_id, quantity) VALUES (1, 7, 0)')
        .run(),
    ).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO machine_models (brand, code, handle, name, machine_type) VALUES ('Crown', 'PTH-50', 'pth50', 'x', 'pallet-jack')",
        )
        .run(),
    ).toThrow(/UNIQUE/);
    expect(() =>
      db.prepare('INSERT INTO product_fitment (product_id, model_id) VALUES (99, 7)').run(),
    ).toThrow(/FOREIGN KEY/);
  });
});
