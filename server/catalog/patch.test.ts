import { describe, expect, it } from 'vitest';
import type { AdminProduct } from './admin-read.ts';
import { checkRecord } from './field-issues.ts';
import { productInputSchema } from './input.ts';
import {
  applyProductPatch,
  patchFieldRefusal,
  productPatchSchema,
  type ProductPatch,
} from './patch.ts';

/** A product as readProduct gives it. */
const stored = (extra: Partial<AdminProduct> = {}): AdminProduct => ({
  ...productInputSchema.parse({
    id: 7,
    handle: 'poly-wheel',
    title: 'Poly Wheel',
    price: 30,
    compareAtPrice: 40,
    unitsSold: 812,
    collections: ['wheels', 'crown'],
    tags: ['Brand_Crown', 'Material_Polyurethane'],
    images: [{ url: '/api/media/a.svg', altText: 'A' }],
    metafields: [{ key: 'notes', value: 'fits PTH50' }],
    videoIds: ['dQw4w9WgXcQ'],
    pdfs: [{ url: '/api/media/m.pdf', filename: 'manual.pdf' }],
    reviews: [{ starsRating: 5, title: 'Great', createdAt: '2024-01-02T03:04:05.000Z' }],
    options: ['Size'],
    variants: [
      {
        id: 70,
        title: 'Small',
        sku: 'PW-S',
        price: 30,
        compareAtPrice: 40,
        position: 1,
        options: { Size: 'Small' },
        inventory: { id: 700, availableQuantity: 5 },
      },
      {
        id: 71,
        title: 'Large',
        sku: 'PW-L',
        price: 35,
        position: 2,
        options: { Size: 'Large' },
        inventory: { id: 701, availableQuantity: -2, bypassNegativeQuantity: true },
      },
    ],
  }),
  id: 7,
  ...extra,
});

const single = (): AdminProduct =>
  stored({
    options: [],
    variants: [
      {
        id: 80,
        title: 'Default Title',
        sku: 'PW',
        price: 30,
        compareAtPrice: 40,
        availableForSale: true,
        position: 1,
        options: {},
        inventory: { id: 800, availableQuantity: 5, bypassNegativeQuantity: false },
      },
    ],
  });

/** Parses the patch like the route, applies it and parses the result like upsertProduct. */
function patched(current: AdminProduct, body: unknown) {
  const patch = productPatchSchema.parse(body);
  const result = applyProductPatch(current, patch);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return productInputSchema.parse(result.product);
}

describe('applyProductPatch', () => {
  it('changes the price and nothing else (fields not sent are never lost)', () => {
    const current = stored();
    const next = patched(current, { price: 28.5 });
    expect(next).toEqual({ ...productInputSchema.parse(current), price: 28.5 });
  });

  it('changes title, description, visibility and unitsSold as sent', () => {
    const next = patched(stored(), {
      title: 'Poly Wheel 3 in',
      descriptionHtml: '<p>New</p>',
      isIndexed: false,
      unitsSold: 900,
    });
    expect(next).toMatchObject({
      title: 'Poly Wheel 3 in',
      descriptionHtml: '<p>New</p>',
      isIndexed: false,
      unitsSold: 900,
      tags: ['Brand_Crown', 'Material_Polyurethane'],
    });
  });

  it('replaces a list it is sent, images for instance, and keeps the others', () => {
    const next = patched(stored(), { images: [{ url: '/api/media/b.svg' }] });
    expect(next.images).toEqual([{ url: '/api/media/b.svg', altText: '', imagePlacementId: null }]);
    expect(next.reviews).toEqual(stored().reviews);
    expect(next.pdfs).toEqual(stored().pdfs);
  });

  it('can set a nullable field to null', () => {
    expect(patched(stored(), { compareAtPrice: null }).compareAtPrice).toBeNull();
  });

  it('replaces collections with a list, or adds and removes with { add, remove }', () => {
    expect(patched(stored(), { collections: ['sale'] }).collections).toEqual(['sale']);
    expect(
      patched(stored(), { collections: { add: ['sale', 'wheels'], remove: ['crown'] } })
        .collections,
    ).toEqual(['wheels', 'sale']);
    expect(patched(stored(), { collections: {} }).collections).toEqual(['wheels', 'crown']);
  });

  it('changes variants by id, leaving the other variants and fields as they are', () => {
    const next = patched(stored(), {
      variants: [{ id: 70, price: 31, inventory: { availableQuantity: 9 } }],
    });
    const [small, large] = next.variants;
    expect(small).toEqual({
      ...stored().variants[0],
      price: 31,
      inventory: { id: 700, availableQuantity: 9, bypassNegativeQuantity: false },
    });
    // The other variant, with its backorders below 0, is untouched.
    expect(large).toEqual(stored().variants[1]);
    // A multi-variant product's own price (cards, sorting) is its own field.
    expect(next.price).toBe(30);
  });

  it('keeps backorders allowed when only the quantity is sent', () => {
    const next = patched(stored(), { variants: [{ id: 71, inventory: { availableQuantity: 0 } }] });
    expect(next.variants[1]?.inventory).toEqual({
      id: 701,
      availableQuantity: 0,
      bypassNegativeQuantity: true,
    });
  });

  it('takes every variant off sale with availableForSale, unless a variant says otherwise', () => {
    const off = patched(stored(), { availableForSale: false });
    expect(off.variants.map((v) => v.availableForSale)).toEqual([false, false]);
    const mixed = patched(stored(), {
      availableForSale: false,
      variants: [{ id: 71, availableForSale: true }],
    });
    expect(mixed.variants.map((v) => v.availableForSale)).toEqual([false, true]);
  });

  describe('a product with one variant has one price', () => {
    it('sets the variant with the product', () => {
      const next = patched(single(), { price: 25, compareAtPrice: null });
      expect([next.price, next.compareAtPrice]).toEqual([25, null]);
      expect([next.variants[0]?.price, next.variants[0]?.compareAtPrice]).toEqual([25, null]);
    });

    it('sets the product with the variant', () => {
      const next = patched(single(), { variants: [{ id: 80, price: 26 }] });
      expect([next.price, next.variants[0]?.price]).toEqual([26, 26]);
      expect([next.compareAtPrice, next.variants[0]?.compareAtPrice]).toEqual([40, 40]);
    });

    it('keeps each level when both are sent', () => {
      const next = patched(single(), { price: 25, variants: [{ id: 80, price: 24 }] });
      expect([next.price, next.variants[0]?.price]).toEqual([25, 24]);
    });
  });

  it('refuses a variant id the product does not have, or one named twice', () => {
    const patch: ProductPatch = { variants: [{ id: 70 }, { id: 999 }, { id: 70, price: 1 }] };
    expect(applyProductPatch(stored(), patch)).toEqual({
      ok: false,
      issues: [
        { path: 'variants[1].id', message: 'is not a variant of this product' },
        { path: 'variants[2].id', message: 'names a variant a second time' },
      ],
    });
  });
});

describe('productPatchSchema', () => {
  const check = (body: unknown) => checkRecord(productPatchSchema, body, patchFieldRefusal);

  it('adds no defaults: what is not sent is not in the patch', () => {
    expect(productPatchSchema.parse({ price: 1 })).toEqual({ price: 1 });
    expect(productPatchSchema.parse({ variants: [{ id: 3, price: 2 }] })).toEqual({
      variants: [{ id: 3, price: 2 }],
    });
  });

  it('checks each value by the format’s own rule, naming the field of the patch', () => {
    expect(check({ price: -1, variants: [{ id: 3, price: 1.005 }] })).toEqual({
      ok: false,
      kind: 'invalid',
      issues: [
        { path: 'price', message: 'must be 0 or more' },
        { path: 'variants[0].price', message: 'must have at most 2 decimals' },
      ],
    });
    expect(check({ variants: [{ price: 3 }] })).toMatchObject({
      issues: [{ path: 'variants[0].id', message: 'is required' }],
    });
  });

  it('lets a merchandiser set stock of 0 or more only; orders take it lower', () => {
    expect(check({ variants: [{ id: 3, inventory: { availableQuantity: -1 } }] })).toMatchObject({
      issues: [{ path: 'variants[0].inventory.availableQuantity', message: 'must be 0 or more' }],
    });
  });

  it('refuses an empty patch', () => {
    expect(check({})).toMatchObject({
      ok: false,
      issues: [{ path: '', message: 'send at least one field to change' }],
    });
  });

  it('names unknown fields, telling those only PUT changes apart', () => {
    const result = check({
      prise: 1,
      id: 9,
      options: ['Size'],
      variants: [{ id: 3, options: { Size: 'S' }, colour: 'red', inventory: { id: 5 } }],
      collections: { add: ['a'], replace: ['b'] },
    });
    expect(result).toEqual({
      ok: false,
      kind: 'unknown',
      issues: [
        { path: 'prise', message: 'is not a field PATCH knows' },
        { path: 'id', message: 'cannot change: the product is the one in the path' },
        { path: 'options', message: 'is changed with PUT, not PATCH' },
        { path: 'variants[0].options', message: 'is changed with PUT, not PATCH' },
        { path: 'variants[0].colour', message: 'is not a field PATCH knows' },
        { path: 'variants[0].inventory.id', message: 'is changed with PUT, not PATCH' },
        { path: 'collections.replace', message: 'is not a field PATCH knows' },
      ],
    });
  });
});
