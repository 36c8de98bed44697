import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkRecord,
  describeIssues,
  fieldPath,
  MAX_FIELD_ISSUES,
  unknownFields,
} from './field-issues.ts';
import { collectionInputSchema, productInputSchema, type ProductInput } from './input.ts';

const product = (extra: Record<string, unknown> = {}): ProductInput => ({
  handle: 'load-wheel',
  title: 'Load Wheel',
  price: 42.5,
  variants: [{ title: 'Default Title', price: 42.5, inventory: { availableQuantity: 3 } }],
  ...extra,
});

/** The issues checkRecord finds in a product, as 'path: message' lines. */
const problems = (body: unknown): string[] => {
  const checked = checkRecord(productInputSchema, body);
  return checked.ok
    ? []
    : checked.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
};

describe('fieldPath', () => {
  it.each([
    [['price'], 'price'],
    [['variants', 0, 'price'], 'variants[0].price'],
    [['variants', 2, 'inventory', 'availableQuantity'], 'variants[2].inventory.availableQuantity'],
    [['variants', 0, 'options', 'Wheel Size'], 'variants[0].options["Wheel Size"]'],
    [['images', 'top-banner', 'imagePath'], 'images["top-banner"].imagePath'],
    [['Wheel Size'], '["Wheel Size"]'],
    [[], ''],
  ] as const)('writes %j as %s', (path, text) => {
    expect(fieldPath(path)).toBe(text);
  });
});

describe('describeIssues', () => {
  it('joins the first five, each with its path', () => {
    const issues = Array.from({ length: 7 }, (_, n) => ({ path: `tags[${n}]`, message: 'bad' }));
    expect(describeIssues(issues)).toBe(
      'tags[0]: bad; tags[1]: bad; tags[2]: bad; tags[3]: bad; tags[4]: bad',
    );
    expect(describeIssues([{ path: '', message: 'must be an object' }])).toBe('must be an object');
  });
});

describe('checkRecord messages (validation errors name the field)', () => {
  it.each([
    ['a negative price', { price: -1 }, 'price: must be 0 or more'],
    ['a price too large', { price: 10_000_001 }, 'price: must be 10000000 or less'],
    ['three decimals', { price: 1.005 }, 'price: must have at most 2 decimals'],
    ['a string price', { price: '12' }, 'price: must be a number'],
    ['a missing title', { title: undefined }, 'title: is required'],
    ['an empty title', { title: '' }, 'title: must not be empty'],
    ['a long title', { title: 'x'.repeat(501) }, 'title: must be at most 500 characters'],
    ['a fractional unitsSold', { unitsSold: 1.5 }, 'unitsSold: must be a whole number'],
    ['a boolean as text', { isIndexed: 'yes' }, 'isIndexed: must be true or false'],
    ['tags not a list', { tags: 'Brand_Crown' }, 'tags: must be a list'],
    ['no variants', { variants: [] }, 'variants: must have at least 1 item'],
    [
      'too many collections',
      { collections: Array.from({ length: 51 }, (_, n) => `c-${n}`) },
      'collections: must have at most 50 items',
    ],
    ['a bad tag', { tags: ['Crown'] }, 'tags[0]: must be prefix_value'],
    [
      'a review date that is not ISO',
      { reviews: [{ starsRating: 5, createdAt: 'yesterday' }] },
      'reviews[0].createdAt: must be an ISO date-time in UTC, such as 2024-05-01T12:00:00Z',
    ],
    [
      'a negative variant price',
      { variants: [{ title: 'D', price: -1, inventory: { availableQuantity: 1 } }] },
      'variants[0].price: must be 0 or more',
    ],
    [
      'negative stock without backorders',
      { variants: [{ title: 'D', price: 1, inventory: { availableQuantity: -2 } }] },
      'variants[0].inventory.availableQuantity: must be 0 or more unless bypassNegativeQuantity is true (backorders)',
    ],
  ])('names %s', (_, extra, expected) => {
    expect(problems(product(extra))).toEqual([expected]);
  });

  it('accepts stock below 0 with backorders, as orders leave it', () => {
    const body = product({
      variants: [
        {
          title: 'D',
          price: 1,
          inventory: { availableQuantity: -2, bypassNegativeQuantity: true },
        },
      ],
    });
    expect(problems(body)).toEqual([]);
  });

  it('lists every problem, not only the first', () => {
    expect(problems(product({ price: -1, title: '', handle: 'Bad Handle' }))).toEqual([
      'handle: must be lowercase letters, digits and single dashes',
      'title: must not be empty',
      'price: must be 0 or more',
    ]);
  });

  it('names the whole record when it is not an object', () => {
    expect(problems(null)).toEqual(['must be an object']);
    expect(problems([])).toEqual(['must be an object']);
  });

  it('gives the parsed record when nothing is wrong', () => {
    const checked = checkRecord(productInputSchema, product());
    expect(checked).toMatchObject({ ok: true, data: { handle: 'load-wheel', unitsSold: 0 } });
  });

  it('lists at most MAX_FIELD_ISSUES issues', () => {
    const tags = Array.from({ length: 100 }, () => 'no-underscore');
    const checked = checkRecord(z.object({ tags: z.array(z.string().regex(/_/)) }), { tags });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.issues).toHaveLength(MAX_FIELD_ISSUES);
  });
});

describe('unknown fields', () => {
  const paths = (body: unknown) => unknownFields(productInputSchema, body).map(fieldPath);

  it('finds a misspelt field that zod would drop without a word', () => {
    // The data loss of issue 12: `unitSold` was stripped and unitsSold reset to 0.
    expect(productInputSchema.safeParse(product({ unitSold: 900 })).success).toBe(true);
    expect(paths(product({ unitSold: 900 }))).toEqual(['unitSold']);
  });

  it('finds them at any depth: variants, inventory, images, reviews', () => {
    const body = product({
      images: [{ url: '/a.svg', alt: 'x' }],
      reviews: [{ starsRating: 5, rating: 5 }],
      variants: [
        {
          title: 'D',
          price: 1,
          stock: 4,
          inventory: { availableQuantity: 1, quantity: 1 },
        },
      ],
    });
    // In the body's own order: `variants` keeps its place from product().
    expect(paths(body)).toEqual([
      'variants[0].stock',
      'variants[0].inventory.quantity',
      'images[0].alt',
      'reviews[0].rating',
    ]);
  });

  it('treats inherited names as unknown too', () => {
    const body = JSON.parse(
      '{"handle":"a","constructor":1,"toString":2,"__proto__":{"admin":true}}',
    ) as unknown;
    expect(paths(body)).toEqual(['constructor', 'toString', '__proto__']);
  });

  it('walks into records (collection images) and leaves their keys free', () => {
    const body = {
      handle: 'wheels',
      title: 'Wheels',
      images: { topBanner: { imagePath: '/a.svg', altText: '', size: 3 } },
    };
    expect(unknownFields(collectionInputSchema, body).map(fieldPath)).toEqual([
      'images.topBanner.size',
    ]);
  });

  it('follows the branch of a union that has the value’s shape', () => {
    const schema = z.object({
      collections: z.union([z.array(z.string()), z.object({ add: z.array(z.string()) })]),
    });
    expect(unknownFields(schema, { collections: { add: [], drop: [] } }).map(fieldPath)).toEqual([
      'collections.drop',
    ]);
    expect(unknownFields(schema, { collections: ['a'] })).toEqual([]);
  });

  it('says nothing of values of the wrong type (the schema names those)', () => {
    expect(paths(product({ variants: 'none', images: 5 }))).toEqual([]);
  });

  it('stops at the limit', () => {
    const body = Object.fromEntries(Array.from({ length: 500 }, (_, n) => [`extra${n}`, n]));
    expect(unknownFields(productInputSchema, body)).toHaveLength(MAX_FIELD_ISSUES);
  });

  it('checkRecord reports unknown fields before values, with the given words', () => {
    const checked = checkRecord(
      productInputSchema,
      product({ prise: 3, price: -1 }),
      (path) => `${String(path.at(-1))} is not known`,
    );
    expect(checked).toEqual({
      ok: false,
      kind: 'unknown',
      issues: [{ path: 'prise', message: 'prise is not known' }],
    });
  });
});
