import type { Database } from '../db/open.ts';
import type { ProductInput } from './input.ts';
import { upsertCollection, upsertProduct } from './write.ts';

/**
 * A small collection tree for the collection and nav tests (test-only data):
 *
 *   pallet-jack-parts (0)          forklift-parts (1)      batteries (2, featured)
 *     seals (0)
 *     wheels (1)
 *       load-wheels (0)
 *       steer-wheels (1)
 *
 * Numbers are positions. Returns the ids by handle.
 */
export function seedCollectionTree(db: Database): Record<string, number> {
  const ids: Record<string, number> = {};
  const add = (handle: string, title: string, position: number, extra: object = {}) => {
    ids[handle] = upsertCollection(db, { handle, title, position, ...extra });
  };
  add('pallet-jack-parts', 'Pallet Jack Parts', 0, {
    seoTitle: 'Pallet jack parts | Store',
    seoDescription: 'Parts for pallet jacks',
    descriptionHtml: '<p>Everything for pallet jacks</p>',
    imageUrl: '/api/media/pj.png',
    images: {
      topBanner: { imagePath: '/api/media/pj-banner.png', altText: 'Pallet jacks' },
      menuImage: { imagePath: '/api/media/pj-menu.png' },
    },
  });
  add('forklift-parts', 'Forklift Parts', 1, { isIndexed: false });
  add('batteries', 'Batteries', 2, { isFeatured: true });
  add('wheels', 'Wheels', 1, { parent: 'pallet-jack-parts' });
  add('seals', 'Seals', 0, { parent: 'pallet-jack-parts' });
  add('load-wheels', 'Load Wheels', 0, { parent: 'wheels', imageUrl: '/api/media/lw.png' });
  add('steer-wheels', 'Steer Wheels', 1, { parent: 'wheels' });
  return ids;
}

/** A minimal valid product in the given collections. */
export function fixtureProduct(
  n: number,
  collections: string[],
  extra: Partial<ProductInput> = {},
): ProductInput {
  return {
    handle: `part-${n}`,
    title: `Part ${n}`,
    vendor: 'Crown',
    sku: `85288-${String(n).padStart(3, '0')}`,
    price: 10 + n,
    collections,
    variants: [{ title: 'Default Title', price: 10 + n, inventory: { availableQuantity: 5 } }],
    ...extra,
  };
}

/** Adds products and returns their ids in order. */
export function seedProducts(db: Database, products: ProductInput[]): number[] {
  return products.map((product) => upsertProduct(db, product));
}

/**
 * Appends a chain of `length` collections under `parentId` with plain SQL (fast enough for
 * thousands), handles `${prefix}-1` ... Returns the ids, top first.
 */
export function addChain(
  db: Database,
  prefix: string,
  length: number,
  parentId: number | null,
): number[] {
  const insert = db.prepare(
    'INSERT INTO collections (handle, title, parent_id, position) VALUES (?, ?, ?, 0) RETURNING id',
  );
  const ids: number[] = [];
  let parent = parentId;
  for (let i = 1; i <= length; i++) {
    const row = insert.get(`${prefix}-${i}`, `${prefix} ${i}`, parent) as { id: number };
    ids.push(row.id);
    parent = row.id;
  }
  return ids;
}
