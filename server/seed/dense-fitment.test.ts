import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { densifyFitment } from './dense-fitment.ts';
import { seedDemo } from './index.ts';

describe('densifyFitment', () => {
  it('adds models and rows up to the sizes asked, a change per model, not per row', () => {
    const db = openDatabase(':memory:');
    seedDemo(db, { products: 300, seed: 1 });
    const seq = (db.prepare('SELECT MAX(seq) AS seq FROM changes').get() as { seq: number }).seq;
    const result = densifyFitment(db, { models: 400, rowsPerProduct: 5 });
    expect(result.models).toBe(400);
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(count('SELECT COUNT(*) AS n FROM machine_models')).toBe(400);
    const perProduct =
      count('SELECT COUNT(*) AS n FROM product_fitment') /
      count('SELECT COUNT(*) AS n FROM products WHERE fits_universally = 0');
    expect(perProduct).toBeGreaterThan(4);
    expect(perProduct).toBeLessThan(6.5);
    // Every ranged row reads through its brand's format.
    expect(
      count(
        "SELECT COUNT(*) AS n FROM product_fitment WHERE source = 'bench' AND serial_from IS NOT NULL",
      ),
    ).toBeGreaterThan(0);
    expect(
      count(`SELECT COUNT(*) AS n FROM changes WHERE seq > ${String(seq)} AND entity = 'product'`),
    ).toBe(0);
    expect(
      count(`SELECT COUNT(*) AS n FROM changes WHERE seq > ${String(seq)} AND entity = 'machine'`),
    ).toBe((400 - 97) * 2 + 400);
  });
});
