import { beforeAll, describe, expect, it } from 'vitest';
import { productInputSchema } from '../catalog/input.ts';
import { upsertProduct } from '../catalog/write.ts';
import { openDatabase, type Database } from '../db/open.ts';
import { seedDemo } from './index.ts';
import { dumpTables, SEEDED_TABLES } from './seed.testing.ts';

const ALL = [...SEEDED_TABLES, 'products_fts'];

const seeded = (products: number, seed: number): Database => {
  const db = openDatabase(':memory:');
  seedDemo(db, { products, seed });
  return db;
};

const one = <T>(db: Database, sql: string, ...params: (string | number)[]): T =>
  db.prepare(sql).get(...params) as T;
const count = (db: Database, sql: string, ...params: (string | number)[]): number =>
  one<{ n: number }>(db, sql, ...params).n;

describe('seedDemo determinism', () => {
  it('gives identical rows for the same products and seed', () => {
    const a = dumpTables(seeded(300, 1), ALL);
    const b = dumpTables(seeded(300, 1), ALL);
    expect(a).toEqual(b);
    expect(JSON.parse(a['products'] ?? '[]')).toHaveLength(300);
  });

  it('gives other products for another seed', () => {
    const a = dumpTables(seeded(50, 1), ['products']);
    const b = dumpTables(seeded(50, 2), ['products']);
    expect(a['products']).not.toEqual(b['products']);
  });

  it('replaces what was there: re-seeding a used database gives the fresh rows', () => {
    const db = seeded(120, 9);
    upsertProduct(db, {
      handle: 'left-over',
      title: 'Left over',
      price: 1,
      variants: [{ title: 'Default Title', price: 1, inventory: { availableQuantity: 1 } }],
    });
    db.exec("INSERT INTO site_reviews (name, message, stars) VALUES ('x', 'y', 5)");
    seedDemo(db, { products: 80, seed: 4 });
    expect(dumpTables(db, ALL)).toEqual(dumpTables(seeded(80, 4), ALL));
  });

  it('records the replacement in the change feed (deletes, then upserts)', () => {
    const db = seeded(5, 1);
    const before = count(db, 'SELECT MAX(seq) AS n FROM changes');
    seedDemo(db, { products: 3, seed: 1 });
    const after = db
      .prepare(
        "SELECT entity_id, op FROM changes WHERE seq > ? AND entity = 'product' ORDER BY seq",
      )
      .all(before) as { entity_id: number; op: string }[];
    expect(after.filter((c) => c.op === 'delete').map((c) => c.entity_id)).toEqual([1, 2, 3, 4, 5]);
    // After the deletes, each new product once or more (its fitment rows say it changed too).
    const lastDelete = after.findLastIndex((c) => c.op === 'delete');
    const upserts = after.slice(lastDelete + 1);
    expect(upserts.every((c) => c.op === 'upsert')).toBe(true);
    expect([...new Set(upserts.map((c) => c.entity_id))]).toEqual([1, 2, 3]);
  });
});

describe('seedDemo options', () => {
  it.each([
    [{ products: -1, seed: 1 }],
    [{ products: 1.5, seed: 1 }],
    [{ products: Number.NaN, seed: 1 }],
    [{ products: 2_000_000, seed: 1 }],
    [{ products: 10, seed: -3 }],
    [{ products: 10, seed: 0.5 }],
  ])('refuses %j and leaves the database alone', (options) => {
    const db = seeded(10, 1);
    const before = dumpTables(db, ALL);
    expect(() => seedDemo(db, options)).toThrow(RangeError);
    expect(dumpTables(db, ALL)).toEqual(before);
  });

  it('can seed an empty catalogue with content only', () => {
    const db = seeded(0, 1);
    expect(count(db, 'SELECT COUNT(*) AS n FROM products')).toBe(0);
    expect(count(db, 'SELECT COUNT(*) AS n FROM articles')).toBeGreaterThan(0);
    expect(count(db, 'SELECT COUNT(*) AS n FROM questions WHERE product_id IS NOT NULL')).toBe(0);
  });

  it('returns the counts it wrote', () => {
    const db = openDatabase(':memory:');
    const result = seedDemo(db, { products: 25, seed: 1 });
    expect(result.products).toBe(25);
    expect(result.collections).toBe(count(db, 'SELECT COUNT(*) AS n FROM collections'));
  });
});

describe('the demo catalogue of 300 products', () => {
  let db: Database;
  beforeAll(() => {
    db = seeded(300, 1);
  });

  it('has a category tree three levels deep with pallet-jack-parts', () => {
    const depth = count(
      db,
      `WITH RECURSIVE tree(id, level) AS (
         SELECT id, 1 FROM collections WHERE parent_id IS NULL
         UNION ALL SELECT c.id, tree.level + 1 FROM collections c JOIN tree ON c.parent_id = tree.id)
       SELECT MAX(level) AS n FROM tree`,
    );
    expect(depth).toBeGreaterThanOrEqual(3);
    const pallet = one<{ image_url: string; is_featured: number }>(
      db,
      "SELECT image_url, is_featured FROM collections WHERE handle = 'pallet-jack-parts'",
    );
    expect(pallet.image_url).toBe('/api/media/collections/pallet-jack-parts.svg');
    expect(
      count(db, "SELECT COUNT(*) AS n FROM collection_images WHERE placement = 'topBanner'"),
    ).toBeGreaterThan(3);
    expect(
      count(db, "SELECT COUNT(*) AS n FROM collection_images WHERE placement = 'menuImage'"),
    ).toBeGreaterThan(3);
    expect(
      count(db, 'SELECT COUNT(*) AS n FROM collections WHERE is_featured = 1'),
    ).toBeGreaterThan(2);
  });

  it('has prices of 0 and compare-at prices above the price', () => {
    expect(count(db, 'SELECT COUNT(*) AS n FROM products WHERE price_cents = 0')).toBeGreaterThan(
      0,
    );
    expect(
      count(db, 'SELECT COUNT(*) AS n FROM products WHERE compare_at_price_cents > price_cents'),
    ).toBeGreaterThan(10);
    expect(
      count(db, 'SELECT COUNT(*) AS n FROM products WHERE compare_at_price_cents <= price_cents'),
    ).toBe(0);
  });

  it('has stock of 0, bypassNegativeQuantity, and variants not for sale', () => {
    expect(
      count(db, 'SELECT COUNT(*) AS n FROM inventory_levels WHERE available_quantity = 0'),
    ).toBeGreaterThan(0);
    expect(
      count(db, 'SELECT COUNT(*) AS n FROM inventory_levels WHERE bypass_negative_quantity = 1'),
    ).toBeGreaterThan(0);
    expect(
      count(db, 'SELECT COUNT(*) AS n FROM variants WHERE available_for_sale = 0'),
    ).toBeGreaterThan(0);
    expect(
      count(db, 'SELECT COUNT(*) AS n FROM products WHERE available_for_sale = 0'),
    ).toBeGreaterThan(0);
  });

  it('has at least 10 featured products in order, all buyable with an image', () => {
    const featured = db
      .prepare(
        'SELECT featured_order, available_for_sale, image_url, price_cents FROM products WHERE is_featured = 1 ORDER BY featured_order',
      )
      .all() as {
      featured_order: number;
      available_for_sale: number;
      image_url: string | null;
      price_cents: number;
    }[];
    expect(featured.length).toBeGreaterThanOrEqual(10);
    expect(featured.map((f) => f.featured_order)).toEqual(featured.map((_, i) => i + 1));
    for (const f of featured) {
      expect(f.available_for_sale).toBe(1);
      expect(f.image_url).toMatch(/^\/api\/media\/products\/[a-z-]+-[1-6]\.svg$/);
      expect(f.price_cents).toBeGreaterThan(0);
    }
  });

  it('has variants with options, single Default Title variants, reviews and media', () => {
    expect(
      count(db, "SELECT COUNT(*) AS n FROM product_options WHERE name = 'Material'"),
    ).toBeGreaterThan(0);
    expect(
      count(db, "SELECT COUNT(*) AS n FROM product_options WHERE name = 'Size'"),
    ).toBeGreaterThan(0);
    expect(
      count(db, "SELECT COUNT(*) AS n FROM variants WHERE title = 'Default Title'"),
    ).toBeGreaterThan(100);
    expect(count(db, 'SELECT COUNT(*) AS n FROM reviews')).toBeGreaterThan(300);
    expect(count(db, 'SELECT COUNT(*) AS n FROM products WHERE total_reviews = 0')).toBeGreaterThan(
      0,
    );
    expect(count(db, 'SELECT COUNT(*) AS n FROM products WHERE image_url IS NULL')).toBeGreaterThan(
      0,
    );
    expect(count(db, 'SELECT COUNT(*) AS n FROM product_pdfs')).toBeGreaterThan(0);
    expect(count(db, 'SELECT COUNT(*) AS n FROM product_model3ds')).toBeGreaterThan(0);
    expect(
      count(db, "SELECT COUNT(*) AS n FROM product_metafields WHERE key = 'product_video_id'"),
    ).toBeGreaterThan(0);
    expect(count(db, 'SELECT COUNT(DISTINCT vendor) AS n FROM products')).toBeGreaterThanOrEqual(
      25,
    );
    expect(count(db, 'SELECT COUNT(DISTINCT condition) AS n FROM products')).toBe(3);
    expect(count(db, 'SELECT COUNT(*) AS n FROM products WHERE free_shipping = 1')).toBeGreaterThan(
      250,
    );
  });

  it('has tag filters like Material_Polyurethane, Wheel Diameter_... and Brand_...', () => {
    expect(
      count(
        db,
        "SELECT COUNT(*) AS n FROM product_tags WHERE prefix = 'Material' AND value = 'Polyurethane'",
      ),
    ).toBeGreaterThan(0);
    expect(
      count(
        db,
        "SELECT COUNT(*) AS n FROM product_tags WHERE prefix = 'Wheel Diameter' AND value LIKE '% in'",
      ),
    ).toBeGreaterThan(0);
    expect(
      count(
        db,
        "SELECT COUNT(*) AS n FROM product_tags WHERE prefix = 'Brand' AND value = 'Crown'",
      ),
    ).toBeGreaterThan(0);
  });

  it('finds products by part number in the FTS table, with or without hyphens', () => {
    const { sku, id } = one<{ sku: string; id: number }>(
      db,
      "SELECT sku, id FROM products WHERE vendor = 'Crown' LIMIT 1",
    );
    const plain = sku.replace(/[^0-9A-Za-z]/g, '');
    const hits = db
      .prepare('SELECT rowid FROM products_fts WHERE products_fts MATCH ?')
      .all(`codes:"${plain.slice(0, 5)}"`) as { rowid: number }[];
    expect(hits.map((h) => h.rowid)).toContain(id);
  });

  it('keeps every product valid in the catalogue input format after a round trip of its fields', () => {
    const rows = db.prepare('SELECT handle, title, price_cents FROM products').all() as {
      handle: string;
      title: string;
      price_cents: number;
    }[];
    for (const row of rows) {
      expect(row.handle).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(
        productInputSchema.safeParse({
          handle: row.handle,
          title: row.title,
          price: row.price_cents / 100,
          variants: [{ title: 'Default Title', price: 0, inventory: { availableQuantity: 0 } }],
        }).success,
      ).toBe(true);
    }
  });

  it('has the articles the product page links to, pages, help answers and questions', () => {
    for (const id of [355, 257, 354]) {
      expect(count(db, 'SELECT COUNT(*) AS n FROM articles WHERE id = ?', id)).toBe(1);
    }
    expect(one<{ title: string }>(db, 'SELECT title FROM articles WHERE id = 355').title).toBe(
      'Check compatibility. Ask our experts.',
    );
    for (const handle of [
      'about-us',
      'contact-us',
      'returns',
      'shipping',
      'privacy-policy',
      'terms-of-use',
      'request-an-item',
      'confirm-subscription',
    ]) {
      expect(count(db, 'SELECT COUNT(*) AS n FROM pages WHERE handle = ?', handle)).toBe(1);
    }
    expect(count(db, 'SELECT COUNT(DISTINCT topic) AS n FROM help_answers')).toBe(3);
    expect(count(db, 'SELECT COUNT(*) AS n FROM questions')).toBe(30);
    expect(
      count(db, 'SELECT COUNT(*) AS n FROM questions WHERE product_id IS NOT NULL'),
    ).toBeGreaterThan(10);
    expect(
      count(db, "SELECT COUNT(*) AS n FROM questions WHERE answer_html <> ''"),
    ).toBeGreaterThan(10);
    expect(count(db, "SELECT COUNT(*) AS n FROM questions WHERE answer_html = ''")).toBeGreaterThan(
      0,
    );
  });

  it('has states with tax and shipping, site reviews, discount codes, settings and orders', () => {
    expect(count(db, "SELECT COUNT(*) AS n FROM states WHERE country_code = 'US'")).toBe(51);
    expect(count(db, "SELECT COUNT(*) AS n FROM states WHERE country_code = 'CA'")).toBe(13);
    expect(count(db, 'SELECT COUNT(*) AS n FROM site_reviews')).toBe(40);
    expect(
      count(db, 'SELECT COUNT(*) AS n FROM site_reviews WHERE message IS NULL'),
    ).toBeGreaterThan(0);
    expect(
      one(
        db,
        "SELECT kind, value, minimum_subtotal_cents, active FROM discount_codes WHERE code = 'SAVE20'",
      ),
    ).toEqual({
      kind: 'amount',
      value: 2000,
      minimum_subtotal_cents: 10000,
      active: 1,
    });
    expect(count(db, 'SELECT COUNT(*) AS n FROM discount_codes WHERE active = 0')).toBe(1);
    expect(one(db, "SELECT value FROM settings WHERE key = 'freeShippingAmount'")).toEqual({
      value: '199',
    });
    expect(
      count(
        db,
        "SELECT COUNT(*) AS n FROM orders WHERE customer_id IS NULL AND displayable_id LIKE 'IPD-%'",
      ),
    ).toBeGreaterThan(2);
  });
});
