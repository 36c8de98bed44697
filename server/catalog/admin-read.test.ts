import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/open.ts';
import { demoCollections } from '../seed/collections.ts';
import { seedDemo } from '../seed/index.ts';
import { demoProduct, productContext } from '../seed/products.ts';
import { oneVariantProduct, optionVariant } from '../testing/catalogue.ts';
import {
  collectionIdByHandle,
  productIdByHandle,
  readCollection,
  readProduct,
  type AdminProduct,
} from './admin-read.ts';
import { unknownFields } from './field-issues.ts';
import {
  collectionInputSchema,
  productInputSchema,
  VIDEO_METAFIELD_KEY,
  type ProductInput,
} from './input.ts';
import { productRows } from './catalog.testing.ts';
import { upsertCollection, upsertProduct } from './write.ts';

const DEMO_PRODUCTS = 80;
const DEMO_SEED = 11;

/** The read without what the database assigned: ids of variants and levels, positions. */
function asWritten(product: AdminProduct) {
  return {
    ...product,
    variants: product.variants.map(({ id: _v, position: _p, inventory, ...variant }) => {
      const { id: _l, ...level } = inventory;
      return { ...variant, inventory: level };
    }),
  };
}

describe('readProduct on the demo catalogue', () => {
  let db: Database;
  beforeAll(() => {
    db = openDatabase(':memory:');
    seedDemo(db, { products: DEMO_PRODUCTS, seed: DEMO_SEED });
  });

  it('gives back exactly what the demo wrote, every field included', () => {
    const ctx = productContext(DEMO_SEED, DEMO_PRODUCTS);
    for (let index = 0; index < DEMO_PRODUCTS; index += 1) {
      const written = productInputSchema.parse(demoProduct(ctx, index));
      const read = readProduct(db, index + 1);
      expect(read?.id).toBe(index + 1);
      expect(asWritten(read as AdminProduct)).toEqual(written);
    }
  });

  it('covers the fields no public record has, and the lists', () => {
    const reads = Array.from({ length: DEMO_PRODUCTS }, (_, n) => readProduct(db, n + 1));
    const some = (test: (p: AdminProduct) => boolean) => reads.some((p) => p && test(p));
    expect(some((p) => p.unitsSold > 0)).toBe(true);
    expect(some((p) => p.featuredOrder !== null)).toBe(true);
    expect(some((p) => p.options.length === 2)).toBe(true);
    expect(some((p) => p.reviews.length > 0 && p.reviews.every((r) => r.createdAt))).toBe(true);
    expect(some((p) => p.videoIds.length > 0)).toBe(true);
    expect(some((p) => p.pdfs.length > 0)).toBe(true);
    expect(some((p) => p.variants.some((v) => v.inventory.bypassNegativeQuantity))).toBe(true);
  });

  it('is valid input with no field the format lacks', () => {
    for (let id = 1; id <= DEMO_PRODUCTS; id += 1) {
      const read = readProduct(db, id);
      expect(unknownFields(productInputSchema, read)).toEqual([]);
      expect(productInputSchema.safeParse(read).success).toBe(true);
    }
  });

  it('writes the same rows again when it is written back', () => {
    for (let id = 1; id <= DEMO_PRODUCTS; id += 1) {
      const before = productRows(db, id);
      const read = readProduct(db, id) as AdminProduct;
      upsertProduct(db, read);
      expect(productRows(db, id)).toEqual(before);
      expect(readProduct(db, id)).toEqual(read);
    }
  });

  it('reads the demo collections as they were written, and writes them back unchanged', () => {
    for (const written of demoCollections()) {
      const id = collectionIdByHandle(db, written.handle) as number;
      const read = readCollection(db, id);
      expect(read).toEqual({ ...collectionInputSchema.parse(written), id });
      const rows = () => [
        db.prepare('SELECT * FROM collections WHERE id = ?').all(id),
        db.prepare('SELECT * FROM collection_images WHERE collection_id = ?').all(id),
      ];
      const before = rows();
      upsertCollection(db, read as NonNullable<typeof read>);
      const [collection, images] = rows();
      expect(images).toEqual(before[1]);
      // updated_at is stamped by every write; everything else is the same.
      const stampless = (list: unknown[]) =>
        list.map((row) => ({ ...(row as object), updated_at: '' }));
      expect(stampless(collection ?? [])).toEqual(stampless(before[0] ?? []));
    }
  });
});

describe('readProduct edge cases', () => {
  const base = (extra: Partial<ProductInput> = {}) =>
    oneVariantProduct('load-wheel', 'Load Wheel', 42.5, 3, extra);

  it('answers undefined for a product or collection that does not exist', () => {
    const db = openDatabase(':memory:');
    expect(readProduct(db, 1)).toBeUndefined();
    expect(readCollection(db, 1)).toBeUndefined();
    expect(productIdByHandle(db, 'nothing')).toBeUndefined();
    expect(collectionIdByHandle(db, 'nothing')).toBeUndefined();
  });

  it('keeps stock below 0 that backorders left, and writes it back', () => {
    const db = openDatabase(':memory:');
    const id = upsertProduct(db, base());
    db.prepare(
      'UPDATE inventory_levels SET available_quantity = -4, bypass_negative_quantity = 1',
    ).run();
    const read = readProduct(db, id) as AdminProduct;
    expect(read.variants[0]?.inventory).toMatchObject({
      availableQuantity: -4,
      bypassNegativeQuantity: true,
    });
    upsertProduct(db, read);
    expect(readProduct(db, id)).toEqual(read);
  });

  it('gives an explicit card picture, and null when it is the first image', () => {
    const db = openDatabase(':memory:');
    const images = [{ url: '/api/media/a.svg' }, { url: '/api/media/b.svg' }];
    const explicit = upsertProduct(db, base({ imageUrl: '/api/media/card.svg', images }));
    expect(readProduct(db, explicit)?.imageUrl).toBe('/api/media/card.svg');
    const derived = upsertProduct(db, base({ handle: 'derived', images }));
    expect(readProduct(db, derived)?.imageUrl).toBeNull();
    // So a new gallery brings its own card picture, as it did when the product was created.
    const read = readProduct(db, derived) as AdminProduct;
    upsertProduct(db, { ...read, images: [{ url: '/api/media/c.svg' }] });
    expect(db.prepare('SELECT image_url FROM products WHERE id = ?').get(derived)).toEqual({
      image_url: '/api/media/c.svg',
    });
  });

  it('splits video metafields into videoIds, ten at most, in order', () => {
    const db = openDatabase(':memory:');
    const ids = Array.from({ length: 12 }, (_, n) => `video-${String(n).padStart(2, '0')}`);
    const id = upsertProduct(
      db,
      base({
        videoIds: ids.slice(0, 3),
        metafields: [
          { key: 'notes', value: 'fits PTH50' },
          ...ids.slice(3).map((value) => ({ key: VIDEO_METAFIELD_KEY, value })),
        ],
      }),
    );
    const read = readProduct(db, id) as AdminProduct;
    expect(read.videoIds).toEqual(ids.slice(0, 10));
    expect(read.metafields).toEqual([
      { key: 'notes', value: 'fits PTH50' },
      ...ids.slice(10).map((value) => ({ key: VIDEO_METAFIELD_KEY, value })),
    ]);
    expect(productInputSchema.safeParse(read).success).toBe(true);
  });

  it('gives review times in the format’s ISO form', () => {
    const db = openDatabase(':memory:');
    const id = upsertProduct(db, base({ reviews: [{ starsRating: 4 }, { starsRating: 5 }] }));
    db.prepare(
      "UPDATE reviews SET created_at = '2024-03-01 10:00:00' WHERE stars_rating = 4",
    ).run();
    db.prepare("UPDATE reviews SET created_at = 'last week' WHERE stars_rating = 5").run();
    const [dated, undated] = (readProduct(db, id) as AdminProduct).reviews;
    expect(dated?.createdAt).toBe(new Date('2024-03-01 10:00:00').toISOString());
    expect(undated).not.toHaveProperty('createdAt');
  });

  it('reads option values and collection image placements named like Object members', () => {
    const db = openDatabase(':memory:');
    const collection = upsertCollection(db, {
      handle: 'wheels',
      title: 'Wheels',
      images: { constructor: { imagePath: '/api/media/w.svg' } },
    });
    expect(readCollection(db, collection)?.images).toEqual({
      constructor: { imagePath: '/api/media/w.svg', altText: '' },
    });
    const id = upsertProduct(
      db,
      base({
        options: ['toString'],
        variants: [optionVariant('toString', 'A', 1, 1)],
      }),
    );
    expect(readProduct(db, id)?.variants[0]?.options).toEqual({ toString: 'A' });
  });
});
