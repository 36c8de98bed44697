import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFile, openDatabase, seedDemo } from '../server/index.ts';
import { withoutFitment } from './bench-seed.ts';

describe('withoutFitment', () => {
  let dir = '';
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the catalogue without models, fitment rows or universal parts, and its products', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-seed-'));
    const seeded = openDatabase(databaseFile(dir));
    seedDemo(seeded, { products: 60, seed: 1 });
    const count = (sql: string) => (seeded.prepare(sql).get() as { n: number }).n;
    const products = count('SELECT count(*) AS n FROM products');
    expect(count('SELECT count(*) AS n FROM product_fitment')).toBeGreaterThan(0);
    expect(count('SELECT count(*) AS n FROM machine_models')).toBeGreaterThan(0);
    seeded.close();

    withoutFitment(dir);
    const db = openDatabase(databaseFile(dir));
    const after = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(after('SELECT count(*) AS n FROM product_fitment')).toBe(0);
    expect(after('SELECT count(*) AS n FROM machine_models')).toBe(0);
    expect(after('SELECT count(*) AS n FROM products WHERE fits_universally = 1')).toBe(0);
    expect(after('SELECT count(*) AS n FROM products')).toBe(products);
    db.close();
  });
});
