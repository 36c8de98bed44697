import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, transaction, type Database } from '../db/open.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { parseFilterParams } from './filter-params.ts';
import { referenceFilter } from './filter-reference.ts';
import { filterProducts } from './filter.ts';
import { deleteCollection, deleteProduct, upsertCollection, upsertProduct } from './write.ts';

// A catalogue big enough for every path of the page walk (filter-page.ts): the whole
// catalogue, large sets walked along a sort's index, small sets sorted by themselves.
const PRODUCTS = 3000;
const vendors = ['Crown', 'Toyota', 'Yale', 'Hyster', 'Raymond'];
const nouns = ['Load Wheel', 'Seal Kit', 'Pump', 'Chain', 'Bearing'];
let db: Database;

const product = (n: number, changes: Record<string, unknown> = {}) => {
  const price = (n * 37) % 500;
  return {
    handle: `part-${n}`,
    title: `${vendors[n % 5] ?? ''} ${nouns[n % 5] ?? ''} ${n}`,
    vendor: vendors[n % 5] ?? '',
    sku: `${10000 + n}-${String(n % 1000).padStart(3, '0')}`,
    price,
    unitsSold: n % 97,
    collections: n % 3 === 0 ? ['leaf'] : n % 7 === 0 ? ['top'] : [],
    tags: [`Material_M${n % 4}`, `Size_S${n % 6}`],
    variants: [{ title: 'Default Title', price, inventory: { availableQuantity: n % 4 } }],
    ...changes,
  };
};

beforeAll(() => {
  db = openDatabase(':memory:');
  transaction(db, () => {
    upsertCollection(db, { handle: 'top', title: 'Top' });
    upsertCollection(db, { handle: 'leaf', title: 'Leaf', parent: 'top' });
    upsertCollection(db, { handle: 'other', title: 'Other' });
    for (let n = 1; n <= PRODUCTS; n += 1) upsertProduct(db, product(n));
  });
});

/** Queries of every kind: sorts, pages, each filter alone and together, text of each kind. */
const QUERIES = [
  '',
  'limit=24&page=3',
  'page=999',
  ...['id_asc', 'id_desc', 'title_asc', 'title_desc', 'price_asc', 'price_desc'].map(
    (sort) => `sortBy=${sort}&page=2`,
  ),
  'sortBy=top_rated',
  'sortBy=best_selling&limit=50&page=7',
  'q=wheel',
  'q=wheel&page=5&limit=10',
  'q=seal%20kit&sortBy=best_selling',
  'q=85-288',
  'q=10123',
  'q=crown%20pump&sortBy=price_desc',
  'q=ab',
  'q=zzzzqq',
  'v=crown',
  'v=Crown&v=YALE&sortBy=title_asc&page=4',
  'v=linde',
  't=material_m1',
  't=Material_M1&t=material_m2&sortBy=price_asc',
  't=material_m1&t=size_s2&v=toyota',
  't=size_s9',
  'c=1',
  'c=1&sortBy=price_asc&page=1',
  'c=2&v=crown&t=size_s0',
  'c=3',
  'c=1&c=3&sortBy=best_selling',
  'c=999',
  'minPrice=10&maxPrice=20',
  'minPrice=400&sortBy=id_desc&page=2',
  'availableForSaleOnly=true&sortBy=price_desc',
  'q=wheel&minPrice=20&maxPrice=200&availableForSaleOnly=true&t=material_m0',
  'q=bearing&c=1&v=raymond&v=crown',
];

/** Every query answers as the SQL filter did before issue 14: the same ids and pageInfo. */
function expectSameAsSql(when: string): void {
  for (const query of QUERIES) {
    const params = parseFilterParams(new URLSearchParams(query));
    expect(filterProducts(db, params), `${when}: ${query}`).toEqual(referenceFilter(db, params));
  }
}

describe('filterProducts', () => {
  it('counts and pages a filtered set', () => {
    const params = parseFilterParams(new URLSearchParams('v=Crown&limit=24&page=2&sortBy=id_asc'));
    const { ids, pageInfo } = filterProducts(db, params);
    expect(pageInfo.totalObjects).toBe(PRODUCTS / 5);
    expect(pageInfo.totalPages).toBe(Math.ceil(PRODUCTS / 5 / 24));
    expect(ids).toHaveLength(24);
    expect(ids[0]).toBe(5 * 48 + 5);
  });

  it('gives the ids, counts and facets the SQL filter gave', () => {
    expectSameAsSql('at the start');
  });

  it('follows products as they are created, changed and deleted', () => {
    const before = CatalogueIndex.of(db);
    const whole = before.whole;
    // A new vendor, a new tag value, the highest price, and a collection.
    const created = upsertProduct(
      db,
      product(PRODUCTS + 1, {
        vendor: 'Linde',
        price: 9999,
        tags: ['Material_M9', 'Size_S9'],
        collections: ['leaf', 'other'],
        variants: [{ title: 'Default Title', price: 9999, inventory: { availableQuantity: 3 } }],
      }),
    );
    expectSameAsSql('after a product was created');
    // Vendor, tags, price and collections all change.
    upsertProduct(
      db,
      product(12, {
        vendor: 'Yale',
        price: 1,
        tags: ['Size_S9'],
        collections: ['other'],
        variants: [{ title: 'Default Title', price: 1, inventory: { availableQuantity: 0 } }],
      }),
    );
    expectSameAsSql('after a product was changed');
    // The highest-priced product goes: the highest price is counted again.
    deleteProduct(db, created);
    deleteProduct(db, 30);
    expectSameAsSql('after products were deleted');
    // One index, brought up to date change by change; its running counts are kept, not
    // counted again from nothing.
    expect(CatalogueIndex.of(db)).toBe(before);
    expect(CatalogueIndex.of(db).whole).toBe(whole);
  });

  it('follows collection membership and the collection tree', () => {
    // Membership from the product's side.
    upsertProduct(db, product(14, { collections: ['leaf', 'top'] }));
    upsertProduct(db, product(15, { collections: [] }));
    expectSameAsSql('after memberships changed');
    // A new collection under leaf, then leaf moves to the top level.
    upsertCollection(db, { handle: 'deep', title: 'Deep', parent: 'leaf' });
    upsertProduct(db, product(16, { collections: ['deep'] }));
    expectSameAsSql('after a collection was added');
    upsertCollection(db, { handle: 'leaf', title: 'Leaf', parent: null });
    expectSameAsSql('after a collection moved');
    // A collection removed: its products stay, without it; its child moves to the top.
    deleteCollection(db, 2);
    expectSameAsSql('after a collection was deleted');
    // Its id is not used again by SQLite's rowid here, but a new collection starts empty.
    upsertCollection(db, { handle: 'fresh', title: 'Fresh', parent: 'top' });
    expectSameAsSql('after another collection was added');
  });

  it('follows a change of many products in one transaction', () => {
    transaction(db, () => {
      for (let n = 1; n <= 200; n += 1)
        upsertProduct(db, product(n, { price: n % 3, collections: n % 2 === 0 ? ['top'] : [] }));
    });
    expectSameAsSql('after a bulk change');
  });
});
