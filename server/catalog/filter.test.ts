import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, transaction, type Database } from '../db/open.ts';
import { facetsOf } from './filter-facets.ts';
import { parseFilterParams } from './filter-params.ts';
import { matchSql } from './filter-sql.ts';
import { filterProducts, pageSql } from './filter.ts';
import { upsertCollection, upsertProduct } from './write.ts';

// Query plans on a catalogue big enough that SQLite's choices are the ones it makes at
// 100,000 products (checked by hand on a generated 100k database: every query below stays
// on an index, and the facets of a filtered set are read from one materialised set).
const PRODUCTS = 3000;
const vendors = ['Crown', 'Toyota', 'Yale', 'Hyster', 'Raymond'];
const nouns = ['Load Wheel', 'Seal Kit', 'Pump', 'Chain', 'Bearing'];
let db: Database;

beforeAll(() => {
  db = openDatabase(':memory:');
  transaction(db, () => {
    upsertCollection(db, { handle: 'top', title: 'Top' });
    upsertCollection(db, { handle: 'leaf', title: 'Leaf', parent: 'top' });
    for (let n = 1; n <= PRODUCTS; n += 1) {
      const price = (n * 37) % 500;
      upsertProduct(db, {
        handle: `part-${n}`,
        title: `${vendors[n % 5] ?? ''} ${nouns[n % 5] ?? ''} ${n}`,
        vendor: vendors[n % 5] ?? '',
        sku: `${10000 + n}-${String(n % 1000).padStart(3, '0')}`,
        price,
        unitsSold: n % 97,
        collections: n % 3 === 0 ? ['leaf'] : [],
        tags: [`Material_M${n % 4}`, `Size_S${n % 6}`],
        variants: [{ title: 'Default Title', price, inventory: { availableQuantity: n % 4 } }],
      });
    }
  });
});

const plan = (query: string): string => {
  const params = parseFilterParams(new URLSearchParams(query));
  const { sql, args } = pageSql(matchSql(db, params), params);
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[];
  return rows.map((row) => row.detail).join('\n');
};

describe('page query plans', () => {
  it.each([
    ['', /SCAN p\b/],
    ['sortBy=id_desc', /SCAN p\b/],
    ['sortBy=price_asc', /products_price/],
    ['sortBy=price_desc', /products_price/],
    ['sortBy=title_asc', /products_sort_title/],
    ['sortBy=top_rated', /products_rating_sort/],
    ['sortBy=best_selling', /products_sold_sort/],
  ])('an unfiltered list (%s) walks an index in order, without sorting', (query, index) => {
    const text = plan(query);
    expect(text).toMatch(index);
    expect(text).not.toMatch(/TEMP B-TREE/);
  });

  it.each([
    ['v=crown', /products_vendor_nocase/],
    ['v=crown&v=yale', /products_vendor_nocase/],
    ['t=material_m1', /product_tags_nocase/],
    ['c=1', /product_collections/],
    ['q=wheel', /products_fts VIRTUAL TABLE/],
    ['q=85-288&sortBy=price_asc', /products_fts VIRTUAL TABLE/],
    ['minPrice=10&maxPrice=20', /products_price/],
  ])('a filter (%s) is an index lookup', (query, index) => {
    expect(plan(query)).toMatch(index);
    expect(plan(query)).not.toMatch(/SCAN p\b(?! USING)/);
  });
});

describe('filterProducts', () => {
  it('counts and pages a filtered set', () => {
    const params = parseFilterParams(new URLSearchParams('v=Crown&limit=24&page=2&sortBy=id_asc'));
    const { ids, pageInfo } = filterProducts(db, params);
    expect(pageInfo.totalObjects).toBe(PRODUCTS / 5);
    expect(pageInfo.totalPages).toBe(Math.ceil(PRODUCTS / 5 / 24));
    expect(ids).toHaveLength(24);
    expect(ids[0]).toBe(5 * 48 + 5);
  });

  it('keeps facets until the catalogue changes', () => {
    const match = matchSql(db, parseFilterParams(new URLSearchParams('v=Yale')));
    const first = facetsOf(db, match);
    expect(facetsOf(db, match)).toBe(first);
    upsertProduct(db, {
      handle: 'new-yale',
      title: 'New Yale part',
      vendor: 'Yale',
      price: 1,
      variants: [{ title: 'Default Title', price: 1, inventory: { availableQuantity: 1 } }],
    });
    const second = facetsOf(db, match);
    expect(second).not.toBe(first);
    expect(second.totalObjects).toBe(first.totalObjects + 1);
  });

  // Speed is measured by `npm run bench`; this only proves the uncached paths run.
  it('answers every kind of query uncached', () => {
    for (const query of [
      'q=wheel',
      'q=1234',
      't=Size_S1&sortBy=price_desc',
      'c=1&sortBy=title_asc',
    ]) {
      const result = filterProducts(db, parseFilterParams(new URLSearchParams(query)));
      expect(result.pageInfo.totalObjects, query).toBeGreaterThan(0);
    }
  });
});
