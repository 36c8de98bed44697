import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate } from '../open.ts';

describe('migration 15: part numbers', () => {
  it('indexes the own numbers of the products written before, each spelling once', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, 14);
    db.exec(`
      INSERT INTO products (id, handle, title, sku, product_code)
        VALUES (1, 'wheel', 'Wheel', '85288-001', 'IPD-000001'), (2, 'seal', 'Seal', 'AB 12', 'ab-12'),
          (3, 'bare', 'Bare', '', '');
      INSERT INTO variants (id, product_id, title, sku, price_cents)
        VALUES (10, 1, 'Default Title', '85288-001', 100), (20, 2, 'Small', 'AB12-S', 100),
          (30, 3, 'Default Title', '---', 100);`);
    migrate(db);
    expect(
      db
        .prepare(
          'SELECT key, product_id, variant_id, kind, number FROM part_numbers ORDER BY rowid',
        )
        .all(),
    ).toEqual([
      { key: '85288001', product_id: 1, variant_id: null, kind: 'own', number: '85288-001' },
      { key: 'ipd000001', product_id: 1, variant_id: null, kind: 'own', number: 'IPD-000001' },
      // The product code that is the sku spelled otherwise is the same number.
      { key: 'ab12', product_id: 2, variant_id: null, kind: 'own', number: 'AB 12' },
      { key: '85288001', product_id: 1, variant_id: 10, kind: 'own', number: '85288-001' },
      { key: 'ab12s', product_id: 2, variant_id: 20, kind: 'own', number: 'AB12-S' },
    ]);
  });

  it('goes with its product and variant, and keeps cross-references in order', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db);
    db.exec(`
      INSERT INTO products (id, handle, title, sku) VALUES (1, 'wheel', 'Wheel', 'W-1');
      INSERT INTO variants (id, product_id, title, sku, price_cents) VALUES (10, 1, 'A', 'W-1A', 100);
      INSERT INTO part_numbers (key, product_id, variant_id, kind, number) VALUES ('w1a', 1, 10, 'own', 'W-1A');
      INSERT INTO product_cross_references (product_id, position, brand, number, relation)
        VALUES (1, 0, 'Crown', '12345', 'replaces');`);
    expect(() =>
      db.exec(
        "INSERT INTO product_cross_references (product_id, position, brand, number, relation) VALUES (1, 1, 'Crown', '1', 'fits')",
      ),
    ).toThrow(/CHECK/);
    db.exec('DELETE FROM variants WHERE id = 10');
    expect(db.prepare('SELECT COUNT(*) AS n FROM part_numbers').get()).toEqual({ n: 0 });
    db.exec('DELETE FROM products WHERE id = 1');
    expect(db.prepare('SELECT COUNT(*) AS n FROM product_cross_references').get()).toEqual({
      n: 0,
    });
  });
});
