import { describe, expect, it } from 'vitest';
import { upsertProduct } from '../catalog/write.ts';
import { fixtureApp, fixtureProducts } from '../testing/catalogue.ts';

interface FullDetail {
  vendors: { name: string; productCount: number }[];
  pageInfo: { page: number; limit: number; totalObjects: number; totalPages: number };
}

/** The fixtures plus two more Yale products and one from a lowercase-named vendor. */
function vendorApp() {
  const app = fixtureApp();
  const base = fixtureProducts[3];
  if (!base) throw new Error('fixture missing');
  upsertProduct(app.db, { ...base, handle: 'yale-2', vendor: 'Yale' });
  upsertProduct(app.db, { ...base, handle: 'yale-3', vendor: 'Yale' });
  upsertProduct(app.db, { ...base, handle: 'abc-1', vendor: 'abc Lift' });
  return app;
}

describe('GET /api/products/vendors/index', () => {
  it('lists vendor names alphabetically, without empty names', async () => {
    const { get } = vendorApp();
    expect(await get('/vendors/index')).toEqual({
      status: 200,
      body: {
        vendors: [{ name: 'abc Lift' }, { name: 'Crown' }, { name: 'Toyota' }, { name: 'Yale' }],
      },
    });
  });
});

describe('GET /api/products/vendors/fullDetail', () => {
  it('sorts by product count, most first, by default', async () => {
    const { get } = vendorApp();
    const { body } = await get<FullDetail>(
      '/vendors/fullDetail?page=0&limit=10&sortBy=PRODUCT_COUNT&order=DESC',
    );
    expect(body).toEqual({
      vendors: [
        { name: 'Yale', productCount: 3 },
        { name: 'Crown', productCount: 2 },
        { name: 'abc Lift', productCount: 1 },
        { name: 'Toyota', productCount: 1 },
      ],
      pageInfo: { page: 0, limit: 10, totalObjects: 4, totalPages: 1 },
    });
    expect((await get<FullDetail>('/vendors/fullDetail')).body).toEqual(body);
  });

  it('sorts by count ascending and by name either way', async () => {
    const { get } = vendorApp();
    const names = async (query: string) =>
      (await get<FullDetail>(`/vendors/fullDetail?${query}`)).body.vendors.map((v) => v.name);
    expect(await names('sortBy=PRODUCT_COUNT&order=ASC')).toEqual([
      'abc Lift',
      'Toyota',
      'Crown',
      'Yale',
    ]);
    expect(await names('sortBy=NAME')).toEqual(['abc Lift', 'Crown', 'Toyota', 'Yale']);
    expect(await names('sortBy=name&order=desc')).toEqual(['Yale', 'Toyota', 'Crown', 'abc Lift']);
    expect(await names('sortBy=bogus&order=bogus')).toEqual([
      'Yale',
      'Crown',
      'abc Lift',
      'Toyota',
    ]);
  });

  it('pages', async () => {
    const { get } = vendorApp();
    const { body } = await get<FullDetail>('/vendors/fullDetail?page=1&limit=3');
    expect(body).toEqual({
      vendors: [{ name: 'Toyota', productCount: 1 }],
      pageInfo: { page: 1, limit: 3, totalObjects: 4, totalPages: 2 },
    });
    const beyond = await get<FullDetail>('/vendors/fullDetail?page=9&limit=3');
    expect(beyond.body.vendors).toEqual([]);
  });

  it.each(['page=-1', 'page=abc', 'limit=0', 'limit=1.5', 'limit=5000', "page='%3B"])(
    'refuses %s with 400 JSON',
    async (query) => {
      const { get } = vendorApp();
      const { status, body } = await get<{ error: string }>(`/vendors/fullDetail?${query}`);
      expect(status).toBe(400);
      expect(body.error).toMatch(/must be a whole number/);
    },
  );
});
