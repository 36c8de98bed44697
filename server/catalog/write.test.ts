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

describe('search keywords follow the collections', () => {
  it('finds a product by its category title, and by the new one after a rename', async () => {
    const { app, db } = testApp();
    const id = upsertCollection(db, { handle: 'casters', title: 'Casters' });
    upsertProduct(db, {
      handle: 'swivel',
      title: 'Swivel 4 in',
      price: 20,
      collections: ['casters'],
      variants,
    });
    expect(await search(app, 'casters')).toEqual(['swivel']);

    upsertCollection(db, { id, handle: 'casters', title: 'Trolley Wheels' });
    expect(await search(app, 'trolley')).toEqual(['swivel']);
    expect(await search(app, 'casters')).toEqual([]);
  });

  it('keeps tag values searchable through a rename', async () => {
    const { app, db } = testApp();
    const id = upsertCollection(db, { handle: 'seals', title: 'Seals' });
    upsertProduct(db, {
      handle: 'kit',
      title: 'Kit',
      price: 20,
      collections: ['seals'],
      tags: ['Material_Viton'],
      variants,
    });
    upsertCollection(db, { id, handle: 'seals', title: 'Seal Kits' });
    expect(await search(app, 'viton')).toEqual(['kit']);
  });

  it('forgets a removed category', async () => {
    const { app, db } = testApp();
    const id = upsertCollection(db, { handle: 'clearance', title: 'Clearance' });
    upsertProduct(db, {
      handle: 'pin',
      title: 'Pin',
      price: 20,
      collections: ['clearance'],
      variants,
    });
    expect(await search(app, 'clearance')).toEqual(['pin']);
    deleteCollection(db, id);
    expect(await search(app, 'clearance')).toEqual([]);
    expect(await search(app, 'pin')).toEqual(['pin']);
  });
});
