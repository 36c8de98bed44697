import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/open.ts';
import { optionVariant } from '../testing/catalogue.ts';
import { formatPath, ImportError, importCatalogue, MAX_REPORTED_PROBLEMS } from './import.ts';
import { dumpTables, SEEDED_TABLES } from './seed.testing.ts';

const ALL = [...SEEDED_TABLES, 'products_fts'];

const product = (handle: string, extra: Record<string, unknown> = {}) => ({
  handle,
  title: `Part ${handle}`,
  vendor: 'Crown',
  sku: '85288-001',
  price: 19.99,
  collections: ['load-wheels'],
  variants: [{ title: 'Default Title', price: 19.99, inventory: { availableQuantity: 4 } }],
  ...extra,
});

const catalogue = () => ({
  // Children first: the importer resolves parents whatever the order.
  collections: [
    { handle: 'load-wheels', title: 'Load Wheels', parent: 'wheels' },
    { handle: 'wheels', title: 'Wheels', parent: 'pallet-jack-parts' },
    { handle: 'pallet-jack-parts', title: 'Pallet Jack Parts' },
  ],
  products: [
    product('wheel-a'),
    product('wheel-b', {
      price: 0,
      variants: [
        {
          title: 'Default Title',
          price: 0,
          inventory: { availableQuantity: 0, bypassNegativeQuantity: true },
        },
      ],
    }),
  ],
});

function problemsOf(db: Database, data: unknown): readonly string[] {
  try {
    importCatalogue(db, data);
  } catch (error) {
    if (error instanceof ImportError) return error.problems;
    throw error;
  }
  throw new Error('the import was accepted');
}

describe('importCatalogue', () => {
  it('loads collections in any order and products into them', () => {
    const db = openDatabase(':memory:');
    expect(importCatalogue(db, catalogue())).toEqual({ collections: 3, products: 2 });
    const tree = db
      .prepare(
        'SELECT c.handle, p.handle AS parent FROM collections c LEFT JOIN collections p ON p.id = c.parent_id ORDER BY c.handle',
      )
      .all();
    expect(tree).toEqual([
      { handle: 'load-wheels', parent: 'wheels' },
      { handle: 'pallet-jack-parts', parent: null },
      { handle: 'wheels', parent: 'pallet-jack-parts' },
    ]);
    const row = db
      .prepare("SELECT price_cents, available_for_sale FROM products WHERE handle = 'wheel-b'")
      .get();
    expect(row).toEqual({ price_cents: 0, available_for_sale: 1 });
    const fts = db
      .prepare("SELECT rowid FROM products_fts WHERE products_fts MATCH 'codes:85288001'")
      .all();
    expect(fts).toHaveLength(2);
  });

  it('replaces records with the same handle and keeps the others (re-import is idempotent)', () => {
    const db = openDatabase(':memory:');
    importCatalogue(db, catalogue());
    const once = dumpTables(
      db,
      ['products', 'variants', 'collections'],
      ['created_at', 'updated_at'],
    );
    importCatalogue(db, catalogue());
    expect(
      dumpTables(db, ['products', 'variants', 'collections'], ['created_at', 'updated_at']),
    ).toEqual(once);
    importCatalogue(db, { products: [product('wheel-a', { title: 'Renamed' })] });
    const titles = db.prepare('SELECT handle, title FROM products ORDER BY handle').all();
    expect(titles).toEqual([
      { handle: 'wheel-a', title: 'Renamed' },
      { handle: 'wheel-b', title: 'Part wheel-b' },
    ]);
  });

  it('accepts parents and product collections that already exist in the database', () => {
    const db = openDatabase(':memory:');
    importCatalogue(db, { collections: catalogue().collections });
    expect(
      importCatalogue(db, {
        collections: [{ handle: 'steer-wheels', title: 'Steer Wheels', parent: 'wheels' }],
        products: [product('steer-a', { collections: ['steer-wheels', 'wheels'] })],
      }),
    ).toEqual({ collections: 1, products: 1 });
  });

  it('names the position and field of every bad record', () => {
    const db = openDatabase(':memory:');
    const data = catalogue();
    data.products.push(
      product('bad-price', { price: 1.234 }),
      product('bad-variant', {
        variants: [{ title: 'Default Title', price: 12.345, inventory: { availableQuantity: -1 } }],
      }),
      product('Bad Handle'),
    );
    const problems = problemsOf(db, data);
    expect(problems).toContain('products[2].price: must have at most 2 decimals');
    expect(problems).toContain('products[3].variants[0].price: must have at most 2 decimals');
    expect(
      problems.some((p) => p.startsWith('products[3].variants[0].inventory.availableQuantity:')),
    ).toBe(true);
    expect(problems).toContain(
      'products[4].handle: must be lowercase letters, digits and single dashes',
    );
  });

  it('reports missing and mistyped fields, non-object records and option mistakes', () => {
    const db = openDatabase(':memory:');
    const problems = problemsOf(db, {
      collections: [{ handle: 'x' }, 'not a record'],
      products: [
        { handle: 'no-variants', title: 'No variants', price: 1 },
        product('options', {
          options: ['Material'],
          variants: [optionVariant('Colour', 'Red', 1, 1, { title: 'Poly' })],
        }),
        null,
      ],
    });
    expect(problems.some((p) => p.startsWith('collections[0].title:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('collections[1]: '))).toBe(true);
    expect(problems.some((p) => p.startsWith('products[0].variants:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('products[1].variants[0].options.Colour:'))).toBe(
      true,
    );
    expect(problems.some((p) => p.startsWith('products[2]: '))).toBe(true);
  });

  it('refuses unknown collections, unknown parents, cycles and duplicates', () => {
    const db = openDatabase(':memory:');
    const problems = problemsOf(db, {
      collections: [
        { handle: 'a', title: 'A', parent: 'b' },
        { handle: 'b', title: 'B', parent: 'a' },
        { handle: 'orphan', title: 'Orphan', parent: 'nowhere' },
        { handle: 'a', title: 'A again' },
      ],
      products: [
        product('p', { collections: ['a', 'missing-one'] }),
        product('p', { collections: [] }),
        product('q', { id: 5, collections: [] }),
        product('r', { id: 5, collections: [] }),
      ],
    });
    expect(problems).toContain('collections[3].handle: "a" is also used by collections[0]');
    expect(problems.some((p) => /^collections\[\d\]\.parent: forms a cycle \(/.test(p))).toBe(true);
    expect(problems).toContain('collections[2].parent: unknown collection "nowhere"');
    expect(problems).toContain('products[0].collections[1]: unknown collection "missing-one"');
    expect(problems).toContain('products[1].handle: "p" is also used by products[0]');
    expect(problems).toContain('products[3].id: 5 is also used by products[2]');
  });

  it('refuses what is not a catalogue', () => {
    const db = openDatabase(':memory:');
    expect(problemsOf(db, [])).toEqual([
      'catalogue: must be an object with "collections" and "products" arrays',
    ]);
    expect(problemsOf(db, null)).toHaveLength(1);
    expect(problemsOf(db, 'text')).toHaveLength(1);
    expect(problemsOf(db, {})).toEqual(['catalogue: has neither "collections" nor "products"']);
    expect(problemsOf(db, { collections: {}, products: 'x' })).toEqual([
      'collections: must be an array',
      'products: must be an array',
    ]);
    expect(problemsOf(db, { prodcts: [] })).toContain(
      'catalogue.prodcts: is not a known field (expected collections and products)',
    );
  });

  it('lists at most MAX_REPORTED_PROBLEMS problems and counts the rest', () => {
    const db = openDatabase(':memory:');
    const products = Array.from({ length: 80 }, (_, i) =>
      product(`p-${i}`, { price: -1, collections: [] }),
    );
    const problems = problemsOf(db, { products });
    expect(problems).toHaveLength(MAX_REPORTED_PROBLEMS + 1);
    expect(problems.at(-1)).toBe('... and 30 more problems');
  });

  it('rolls everything back when a record fails while writing', () => {
    const db = openDatabase(':memory:');
    importCatalogue(db, catalogue());
    const before = dumpTables(db, ALL);
    const changes = db.prepare('SELECT COUNT(*) AS n FROM changes').get();
    // Valid on its own, but the id belongs to wheel-a while the handle belongs to wheel-b:
    // only the writer can see that, after earlier records were already written.
    const problems = problemsOf(db, {
      collections: [{ handle: 'new-collection', title: 'New' }],
      products: [
        product('new-one', { collections: ['new-collection'] }),
        product('wheel-b', { id: 1 }),
      ],
    });
    expect(problems).toEqual(['products[1]: handle "wheel-b" belongs to another product']);
    expect(dumpTables(db, ALL)).toEqual(before);
    expect(db.prepare('SELECT COUNT(*) AS n FROM changes').get()).toEqual(changes);
  });

  it('writes nothing when validation fails', () => {
    const db = openDatabase(':memory:');
    const before = dumpTables(db, ALL);
    const data = catalogue();
    data.products.push(product('broken', { price: 'ten' }));
    expect(() => importCatalogue(db, data)).toThrow(
      'The catalogue has 1 problem; nothing was imported.',
    );
    expect(dumpTables(db, ALL)).toEqual(before);
  });

  it('treats SQL and FTS metacharacters in text as plain data', () => {
    const db = openDatabase(':memory:');
    const data = catalogue();
    data.products.push(
      product('odd-text', { title: `O'Brien "quoted" NEAR(a b) *; DROP TABLE products; --` }),
    );
    importCatalogue(db, data);
    const row = db.prepare("SELECT title FROM products WHERE handle = 'odd-text'").get() as {
      title: string;
    };
    expect(row.title).toContain('DROP TABLE products');
    expect(db.prepare('SELECT COUNT(*) AS n FROM products').get()).toEqual({ n: 3 });
  });
});

describe('formatPath', () => {
  it('writes indexes in brackets and odd keys quoted', () => {
    expect(formatPath(['variants', 0, 'price'])).toBe('.variants[0].price');
    expect(formatPath(['options', 'Wheel Size'])).toBe('.options["Wheel Size"]');
    expect(formatPath([])).toBe('');
  });
});
