import { partKey } from '../../../shared/parts/cross-reference.ts';
import type { Migration } from '../database.ts';

/**
 * Version 15: ordering by part number (issue 32).
 * - `product_cross_references`: other makers' numbers a product carries, in the merchandiser's
 *   order (shared/parts/cross-reference.ts). They are part of the product's record: written
 *   with it, so its products row's trigger logs the change.
 * - `part_numbers`: every number a shopper may order a product by, compared as partKey()
 *   leaves it: its own (`own`: sku, product code, each variant's sku, with the variant) and
 *   those it replaces or is interchangeable with. The quick order resolves a line with one
 *   look-up of this index instead of a search; product writes keep it (catalog/part-index.ts).
 *   Its own numbers are filled here for the products written before.
 */
const sql = /* sql */ `
CREATE TABLE product_cross_references (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  brand TEXT NOT NULL,
  number TEXT NOT NULL,
  relation TEXT NOT NULL CHECK (relation IN ('replaces', 'interchangeable', 'superseded-by')),
  PRIMARY KEY (product_id, position)
);

CREATE TABLE part_numbers (
  key TEXT NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  variant_id INTEGER REFERENCES variants(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('own', 'replaces', 'interchangeable')),
  brand TEXT NOT NULL DEFAULT '',
  number TEXT NOT NULL
);
CREATE INDEX part_numbers_key ON part_numbers(key);
CREATE INDEX part_numbers_product ON part_numbers(product_id);
CREATE INDEX part_numbers_variant ON part_numbers(variant_id) WHERE variant_id IS NOT NULL;
`;

export const partNumbers: Migration = {
  version: 15,
  up(db) {
    db.exec(sql);
    const insert = db.prepare(
      `INSERT INTO part_numbers (key, product_id, variant_id, kind, number) VALUES (?, ?, ?, 'own', ?)`,
    );
    const add = (number: string, productId: number, variantId: number | null) => {
      const key = partKey(number);
      if (key) insert.run(key, productId, variantId, number);
    };
    const products = db.prepare('SELECT id, sku, product_code AS code FROM products').all() as {
      id: number;
      sku: string;
      code: string;
    }[];
    for (const { id, sku, code } of products) {
      add(sku, id, null);
      if (partKey(code) !== partKey(sku)) add(code, id, null);
    }
    const variants = db.prepare('SELECT id, product_id AS productId, sku FROM variants').all() as {
      id: number;
      productId: number;
      sku: string;
    }[];
    for (const { id, productId, sku } of variants) add(sku, productId, id);
  },
};
