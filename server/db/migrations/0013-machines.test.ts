import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../open.ts';

function storeWithOneModel() {
  const db = openDatabase(':memory:');
  db.prepare(
    "INSERT INTO products (id, handle, title, vendor) VALUES (1, 'load-wheel', 'Load wheel', 'Crown')",
  ).run();
  db.prepare(
    "INSERT INTO machine_models (id, brand, brand_handle, code, handle, name, machine_type) VALUES (7, 'Crown', 'crown', 'PTH50', 'pth50', 'Crown PTH50', 'pallet-jack')",
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
          "INSERT INTO machine_models (brand, brand_handle, code, handle, name, machine_type) VALUES ('Crown', 'crown', 'PTH-50', 'pth50', 'x', 'pallet-jack')",
        )
        .run(),
    ).toThrow(/UNIQUE/);
    expect(() =>
      db.prepare('INSERT INTO product_fitment (product_id, model_id) VALUES (99, 7)').run(),
    ).toThrow(/FOREIGN KEY/);
  });
});

describe('migration 13: the change feed learns machines', () => {
  const changes = (db: ReturnType<typeof openDatabase>, since = 0) =>
    db
      .prepare('SELECT entity, entity_id AS id, op FROM changes WHERE seq > ? ORDER BY seq')
      .all(since);
  const cursor = (db: ReturnType<typeof openDatabase>) =>
    (db.prepare('SELECT COALESCE(MAX(seq), 0) AS n FROM changes').get() as { n: number }).n;

  it('says a fitment row changed its product and its model', () => {
    const db = storeWithOneModel();
    const since = cursor(db);
    db.prepare('INSERT INTO product_fitment (product_id, model_id) VALUES (1, 7)').run();
    db.prepare("UPDATE product_fitment SET position = 'steer wheel'").run();
    expect(changes(db, since)).toEqual([
      { entity: 'product', id: 1, op: 'upsert' },
      { entity: 'machine', id: 7, op: 'upsert' },
      { entity: 'product', id: 1, op: 'upsert' },
      { entity: 'machine', id: 7, op: 'upsert' },
      { entity: 'product', id: 1, op: 'upsert' },
      { entity: 'machine', id: 7, op: 'upsert' },
    ]);
  });

  it('says a renamed model changed the products that fit it, and new names change only it', () => {
    const db = storeWithOneModel();
    db.prepare('INSERT INTO product_fitment (product_id, model_id) VALUES (1, 7)').run();
    db.prepare('INSERT INTO product_fitment (product_id, model_id) VALUES (1, 7)').run();
    const since = cursor(db);
    db.prepare("UPDATE machine_models SET series = 'PTH' WHERE id = 7").run();
    db.prepare(
      "INSERT INTO machine_model_keys (model_id, key, alias) VALUES (7, 'PTH5020', 'PTH50-20')",
    ).run();
    expect(changes(db, since)).toEqual([
      { entity: 'machine', id: 7, op: 'upsert' },
      { entity: 'machine', id: 7, op: 'upsert' },
    ]);
    const renamed = cursor(db);
    db.prepare("UPDATE machine_models SET code = 'PTH 50' WHERE id = 7").run();
    expect(changes(db, renamed)).toEqual([
      { entity: 'machine', id: 7, op: 'upsert' },
      { entity: 'product', id: 1, op: 'upsert' },
    ]);
  });

  it('says a deleted product is deleted, and nothing after that of it', () => {
    const db = storeWithOneModel();
    db.prepare('INSERT INTO product_fitment (product_id, model_id) VALUES (1, 7)').run();
    const since = cursor(db);
    db.prepare('DELETE FROM products WHERE id = 1').run();
    const after = changes(db, since) as { entity: string; id: number; op: string }[];
    const productChanges = after.filter((change) => change.entity === 'product');
    expect(productChanges.at(-1)).toEqual({ entity: 'product', id: 1, op: 'delete' });
    expect(after).toContainEqual({ entity: 'machine', id: 7, op: 'upsert' });
  });

  it("labels a model's changes with the writer, as every other change", () => {
    const db = storeWithOneModel();
    const since = cursor(db);
    db.prepare("INSERT INTO change_actor (id, name) VALUES (1, 'admin:dana')").run();
    db.prepare("UPDATE machine_models SET name = 'Crown PTH50 pallet truck' WHERE id = 7").run();
    db.prepare('DELETE FROM change_actor').run();
    expect(db.prepare('SELECT entity, actor FROM changes WHERE seq > ?').all(since)).toEqual([
      { entity: 'machine', actor: 'admin:dana' },
    ]);
  });

  it('keeps counting where version 12 left off, even past rows no longer there', () => {
    const before = new DatabaseSync(':memory:');
    migrate(before, 12);
    before
      .prepare("INSERT INTO products (id, handle, title) VALUES (1, 'a', 'A'), (2, 'b', 'B')")
      .run();
    const last = (before.prepare('SELECT MAX(seq) AS n FROM changes').get() as { n: number }).n;
    before.prepare('DELETE FROM changes WHERE seq = ?').run(last);
    migrate(before);
    before.prepare("UPDATE products SET title = 'C' WHERE id = 1").run();
    const newest = before.prepare('SELECT MAX(seq) AS n FROM changes').get() as { n: number };
    expect(newest.n).toBe(last + 1);
    expect(before.prepare('SELECT count(*) AS n FROM changes').get()).toEqual({ n: last });
  });
});
