import { describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.ts';
import { deleteCollection, upsertCollection, upsertProduct } from './write.ts';

const variants = [{ title: 'Default Title', price: 20, inventory: { availableQuantity: 3 } }];

async function search(app: ReturnType<typeof testApp>['app'], q: string): Promise<string[]> {
  const reply = await app.request(
    `http://localhost/api/products/filter?q=${encodeURIComponent(q)}`,
  );
  const body = (await reply.json()) as { products: { handle: string }[] };
  return body.products.map((product) => product.handle);
}

/**
 * A collection and one product in it (with optional tags) in a fresh app; the
 * collection's id with the app.
 */
function productInCollection(
  collection: { handle: string; title: string },
  product: { handle: string; title: string; tags?: string[] },
) {
  const { app, db } = testApp();
  const id = upsertCollection(db, collection);
  upsertProduct(db, { ...product, price: 20, collections: [collection.handle], variants });
  return { app, db, id };
}

describe('search keywords follow the collections', () => {
  it('finds a product by its category title, and by the new one after a rename', async () => {
    const { app, db, id } = productInCollection(
      { handle: 'casters', title: 'Casters' },
      { handle: 'swivel', title: 'Swivel 4 in' },
    );
    expect(await search(app, 'casters')).toEqual(['swivel']);

    upsertCollection(db, { id, handle: 'casters', title: 'Trolley Wheels' });
    expect(await search(app, 'trolley')).toEqual(['swivel']);
    expect(await search(app, 'casters')).toEqual([]);
  });

  it('keeps tag values searchable through a rename', async () => {
    const { app, db, id } = productInCollection(
      { handle: 'seals', title: 'Seals' },
      { handle: 'kit', title: 'Kit', tags: ['Material_Viton'] },
    );
    upsertCollection(db, { id, handle: 'seals', title: 'Seal Kits' });
    expect(await search(app, 'viton')).toEqual(['kit']);
  });

  it('forgets a removed category', async () => {
    const { app, db, id } = productInCollection(
      { handle: 'clearance', title: 'Clearance' },
      { handle: 'pin', title: 'Pin' },
    );
    expect(await search(app, 'clearance')).toEqual(['pin']);
    deleteCollection(db, id);
    expect(await search(app, 'clearance')).toEqual([]);
    expect(await search(app, 'pin')).toEqual(['pin']);
  });
});
