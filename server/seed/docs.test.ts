import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { importCatalogue } from './import.ts';

const doc = readFileSync(new URL('../../docs/catalogue-format.md', import.meta.url), 'utf8');

describe('docs/catalogue-format.md', () => {
  it('has an example that imports as documented', () => {
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
    const example = blocks.at(-1);
    if (!example) throw new Error('no example in the document');
    const db = openDatabase(':memory:');
    expect(importCatalogue(db, JSON.parse(example))).toEqual({ collections: 3, products: 2 });
    const steer = db
      .prepare("SELECT available_for_sale, price_cents FROM products WHERE sku = '1-187-002/001'")
      .get();
    expect(steer).toEqual({ available_for_sale: 1, price_cents: 0 });
  });

  it('shows a problem report in the format the importer writes', () => {
    expect(doc).toContain('products[12].variants[0].price: must have at most 2 decimals');
  });
});
