import { describe, expect, it } from 'vitest';
import { productInputSchema, type Product } from '../catalog/input.ts';
import { upsertCollection, upsertProduct } from '../catalog/write.ts';
import { openDatabase, type Database } from '../db/open.ts';
import { demoCollections } from './collections.ts';
import { searchCodes } from '../catalog/search-row.ts';
import { createProductWriter, type CollectionRef } from './fast-write.ts';
import { demoProduct, productContext } from './products.ts';
import { dumpTable, dumpTables, PRODUCT_TABLES } from './seed.testing.ts';

function withCollections(): { db: Database; refs: Map<string, CollectionRef> } {
  const db = openDatabase(':memory:');
  const refs = new Map<string, CollectionRef>();
  for (const collection of demoCollections()) {
    refs.set(collection.handle, { id: upsertCollection(db, collection), title: collection.title });
  }
  return { db, refs };
}

/** Hand-made records for the corners the demo generator does not reach. */
function oddProducts(start: number): (Product & { id: number })[] {
  const base = productInputSchema.parse({
    handle: 'odd-one',
    title: 'Odd One',
    price: 12.5,
    variants: [{ title: 'Default Title', price: 12.5, inventory: { availableQuantity: 0 } }],
  });
  return [
    { ...base, id: start },
    {
      ...productInputSchema.parse({
        handle: 'odd-two',
        title: 'Odd Two (AB-12/3)',
        sku: 'AB-12/3',
        productCode: '',
        price: 0,
        imageUrl: '/api/media/products/part-2.svg',
        images: [{ url: '/api/media/products/part-1.svg' }],
        metafields: [{ key: 'warranty', value: '1 year' }],
        videoIds: ['abcdefABCDE'],
        collections: ['pallet-jack-parts', 'forklift-parts'],
        tags: ['Material_Nylon', 'Odd_Value_With_Underscores'],
        options: ['Size', 'Material'],
        variants: [
          {
            title: 'Small / Nylon',
            position: 5,
            price: 1,
            options: { Size: 'Small', Material: 'Nylon' },
            inventory: { availableQuantity: 0, bypassNegativeQuantity: true },
          },
          {
            title: 'Large / Nylon',
            price: 2,
            availableForSale: false,
            options: { Material: 'Nylon', Size: 'Large' },
            inventory: { availableQuantity: 9 },
          },
        ],
      }),
      id: start + 1,
    },
  ];
}

describe('createProductWriter', () => {
  it('leaves exactly the rows upsertProduct leaves, for a sample of demo products', () => {
    const ctx = productContext(3, 300);
    const products = Array.from({ length: 300 }, (_, index) => ({
      ...productInputSchema.parse(demoProduct(ctx, index)),
      id: index + 1,
    }));
    products.push(...oddProducts(301));

    const fast = withCollections();
    const write = createProductWriter(fast.db, fast.refs);
    for (const product of products) write(product, '2024-01-01T00:00:00.000Z');

    const slow = withCollections();
    for (const product of products) upsertProduct(slow.db, product);

    const others = PRODUCT_TABLES.filter((table) => table !== 'products');
    expect(dumpTables(fast.db, others)).toEqual(dumpTables(slow.db, others));
    const stamps = ['created_at', 'updated_at'];
    expect(dumpTable(fast.db, 'products', stamps)).toEqual(dumpTable(slow.db, 'products', stamps));
    expect(dumpTable(fast.db, 'products_fts')).toEqual(dumpTable(slow.db, 'products_fts'));
    const count = fast.db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number };
    expect(count.n).toBe(302);
  });

  it('writes the timestamps it is given, not the clock', () => {
    const { db, refs } = withCollections();
    const [product] = oddProducts(7);
    if (!product) throw new Error('no product');
    createProductWriter(db, refs)(product, '2024-02-03T04:05:06.000Z');
    expect(db.prepare('SELECT created_at, updated_at FROM products WHERE id = 7').get()).toEqual({
      created_at: '2024-02-03T04:05:06.000Z',
      updated_at: '2024-02-03T04:05:06.000Z',
    });
  });

  it('refuses a product filed in a collection it does not know', () => {
    const { db, refs } = withCollections();
    const [product] = oddProducts(1);
    if (!product) throw new Error('no product');
    const write = createProductWriter(db, refs);
    expect(() => write({ ...product, collections: ['no-such-collection'] }, 'x')).toThrow(
      'collection "no-such-collection" does not exist',
    );
  });

  it('records changes in the change feed like any insert', () => {
    const { db, refs } = withCollections();
    for (const product of oddProducts(1)) createProductWriter(db, refs)(product, 'x');
    const rows = db
      .prepare("SELECT entity_id, op FROM changes WHERE entity = 'product' ORDER BY seq")
      .all();
    expect(rows).toEqual([
      { entity_id: 1, op: 'upsert' },
      { entity_id: 2, op: 'upsert' },
    ]);
  });
});

describe('searchCodes', () => {
  it('holds raw and normalised part numbers once each', () => {
    const [, product] = oddProducts(1);
    if (!product) throw new Error('no product');
    expect(searchCodes(product).split(' ')).toEqual(['AB-12/3', 'ab123']);
    const [plain] = oddProducts(1);
    if (!plain) throw new Error('no product');
    expect(searchCodes(plain)).toBe('');
  });
});
