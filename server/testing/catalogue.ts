import type { ProductInput } from '../catalog/input.ts';
import { upsertCollection, upsertProduct } from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import { testApp } from './app.ts';

/**
 * The smallest valid product input: one default variant at the product's price with this
 * much stock; `extra` replaces or adds fields.
 * @example oneVariantProduct('load-wheel', 'Load Wheel', 42.5, 3, { vendor: 'Crown' })
 */
export const oneVariantProduct = (
  handle: string,
  title: string,
  price: number,
  availableQuantity: number,
  extra: Partial<ProductInput> = {},
): ProductInput => ({
  handle,
  title,
  price,
  variants: [{ title: 'Default Title', price, inventory: { availableQuantity } }],
  ...extra,
});

/**
 * A variant chosen by one option's value (its title is the value), with this much stock;
 * `extra` adds or replaces fields.
 * @example optionVariant('Size', 'Small', 30, 5, { sku: 'PW-S' })
 */
export const optionVariant = (
  option: string,
  value: string,
  price: number,
  availableQuantity: number,
  extra: Partial<NonNullable<ProductInput['variants']>[number]> = {},
) => ({
  title: value,
  price,
  options: { [option]: value },
  inventory: { availableQuantity },
  ...extra,
});

/**
 * A small catalogue for the product route and read model tests: a three-level collection
 * tree, five products that differ in every field a filter or sort reads.
 */
export const fixtureProducts: ProductInput[] = [
  {
    handle: 'poly-load-wheel',
    title: 'Polyurethane Load Wheel',
    vendor: 'Crown',
    sku: '85288-001',
    price: 49.99,
    compareAtPrice: 59.99,
    descriptionHtml: '<p>Great <b>wheel</b> &amp; hub</p>',
    isFeatured: true,
    featuredOrder: 2,
    unitsSold: 100,
    collections: ['load-wheels'],
    tags: ['Material_Polyurethane', 'Size_8 in'],
    images: [
      { url: '/api/media/wheel-1.jpg', altText: 'Front' },
      { url: '/api/media/wheel-2.jpg', altText: 'Side', imagePlacementId: 3 },
    ],
    model3ds: [{ url: '/api/media/wheel.glb', posterUrl: '/api/media/wheel-poster.jpg' }],
    videoIds: ['dQw4w9WgXcQ'],
    metafields: [{ key: 'origin', value: 'USA' }],
    pdfs: [{ url: '/api/media/crown-manual.pdf', filename: 'crown-manual.pdf' }],
    reviews: [
      { starsRating: 5, title: 'Fits', createdAt: '2024-01-01T00:00:00.000Z' },
      { starsRating: 4, title: 'Good', createdAt: '2024-02-01T00:00:00.000Z' },
    ],
    options: ['Material', 'Size'],
    variants: [
      {
        title: 'Polyurethane / 8 in',
        sku: '85288-001-P8',
        price: 49.99,
        options: { Material: 'Polyurethane', Size: '8 in' },
        inventory: { availableQuantity: 7 },
      },
      {
        title: 'Polyurethane / 10 in',
        sku: '85288-001-P10',
        price: 54.99,
        compareAtPrice: 64.99,
        options: { Material: 'Polyurethane', Size: '10 in' },
        inventory: { availableQuantity: 0 },
      },
    ],
  },
  {
    handle: 'nylon-steer-wheel',
    title: 'Nylon Steer Wheel',
    vendor: 'Toyota',
    sku: 'ST-100',
    productCode: 'TY-55-900',
    price: 25,
    isFeatured: true,
    featuredOrder: 1,
    unitsSold: 50,
    collections: ['wheels'],
    tags: ['Material_Nylon', 'Size_10 in'],
    reviews: [{ starsRating: 3 }],
    variants: [{ title: 'Default Title', price: 25, inventory: { availableQuantity: 0 } }],
  },
  {
    handle: 'hydraulic-seal-kit',
    title: 'Hydraulic Seal Kit',
    vendor: 'Crown',
    sku: 'SK-2000',
    price: 0,
    unitsSold: 300,
    isEligibleForFreeShipping: false,
    collections: ['seals'],
    tags: ['Material_Rubber'],
    variants: [
      {
        title: 'Default Title',
        price: 0,
        inventory: { availableQuantity: 0, bypassNegativeQuantity: true },
      },
    ],
  },
  {
    handle: 'hydraulic-pump',
    title: 'Hydraulic Pump Assembly',
    vendor: 'Yale',
    sku: 'YP-7',
    price: 320.5,
    unitsSold: 10,
    reviews: [{ starsRating: 5 }, { starsRating: 5 }, { starsRating: 5 }],
    variants: [{ title: 'Default Title', price: 320.5, inventory: { availableQuantity: 2 } }],
  },
  {
    handle: 'lift-chain',
    title: 'Lift Chain "Heavy" (NEAR) * grade',
    sku: '',
    price: 12,
    variants: [{ title: 'Default Title', price: 12, inventory: { availableQuantity: 40 } }],
  },
];

/** Writes the fixture collections and products; returns the product ids by handle. */
export function seedFixtures(db: Database): Record<string, number> {
  upsertCollection(db, { handle: 'parts', title: 'Parts' });
  upsertCollection(db, { handle: 'wheels', title: 'Wheels', parent: 'parts' });
  upsertCollection(db, { handle: 'load-wheels', title: 'Load Wheels', parent: 'wheels' });
  upsertCollection(db, { handle: 'seals', title: 'Seals' });
  return Object.fromEntries(
    fixtureProducts.map((product) => [product.handle, upsertProduct(db, product)]),
  );
}

/** A test app over the fixture catalogue, with a JSON getter. */
export function fixtureApp() {
  const { app, db } = testApp();
  const ids = seedFixtures(db);
  const get = async <T = Record<string, unknown>>(path: string) => {
    const reply = await app.request(`http://localhost/api/products${path}`);
    return { status: reply.status, body: (await reply.json()) as T };
  };
  return { app, db, ids, get };
}

/** Collection id by handle. */
export const collectionId = (db: Database, handle: string): number =>
  (db.prepare('SELECT id FROM collections WHERE handle = ?').get(handle) as { id: number }).id;
