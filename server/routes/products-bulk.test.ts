import { describe, expect, it } from 'vitest';
import { parseProductRecord } from '../../shared/contracts/product-record.ts';
import { productDetail } from '../catalog/read.ts';
import { transaction } from '../db/open.ts';
import { upsertProduct } from '../catalog/write.ts';
import { TEST_ADMIN_TOKEN } from '../testing/app.ts';
import { fixtureApp as fixtures, fixtureProducts } from '../testing/catalogue.ts';

const AUTH = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** The fixture catalogue, read as the build reads it: with the merchandiser token. */
function fixtureApp() {
  const ctx = fixtures();
  const get = async <T = Record<string, unknown>>(path: string) => {
    const reply = await ctx.app.request(`http://localhost/api/products${path}`, { headers: AUTH });
    return { status: reply.status, body: (await reply.json()) as T };
  };
  return { ...ctx, get };
}

interface Bulk {
  products: { id: number; handle: string }[];
  pageInfo?: { nextAfterId: number | null };
}

describe('GET /api/products/bulk?afterId=&limit=', () => {
  it('pages through every product by id, nextAfterId null on the last page', async () => {
    const { get, ids } = fixtureApp();
    const all = Object.values(ids).sort((a, b) => a - b);
    const first = await get<Bulk>('/bulk?afterId=0&limit=2');
    expect(first.body.products.map((p) => p.id)).toEqual(all.slice(0, 2));
    expect(first.body.pageInfo).toEqual({ nextAfterId: all[1] });
    const second = await get<Bulk>(`/bulk?afterId=${all[1]}&limit=2`);
    expect(second.body.products.map((p) => p.id)).toEqual(all.slice(2, 4));
    const last = await get<Bulk>(`/bulk?afterId=${all[3]}&limit=2`);
    expect(last.body).toMatchObject({ pageInfo: { nextAfterId: null } });
    expect(last.body.products.map((p) => p.id)).toEqual(all.slice(4));
  });

  it('ends exactly on a full page without an empty extra page', async () => {
    const { get } = fixtureApp();
    const { body } = await get<Bulk>('/bulk?limit=5');
    expect(body.products).toHaveLength(5);
    expect(body.pageInfo).toEqual({ nextAfterId: null });
  });

  it('answers the same full records as the single-product routes', async () => {
    const { get, db, ids } = fixtureApp();
    const { body } = await get<Bulk>('/bulk?limit=1000');
    for (const product of body.products) {
      expect(parseProductRecord(product).ok).toBe(true);
      expect(product).toEqual({
        ...productDetail(db, product.id),
        Fitment: { universal: false, rows: [] },
        CrossReferences: [],
      });
    }
    expect(body.products.map((p) => p.id)).toEqual(Object.values(ids).sort((a, b) => a - b));
  });

  it('reads 1,000 products in one page, quickly', async () => {
    const { get, db } = fixtureApp();
    const base = fixtureProducts[0];
    if (!base) throw new Error('fixture missing');
    transaction(db, () => {
      for (let n = 0; n < 1200; n += 1) upsertProduct(db, { ...base, handle: `wheel-${n}` });
    });
    const { body } = await get<Bulk>('/bulk?limit=1000');
    expect(body.products).toHaveLength(1000);
    expect(body.products.at(-1)).toMatchObject({
      Variants: [{ Options: [{}, {}] }, { Options: [{}, {}] }],
    });
    expect(body.pageInfo?.nextAfterId).toBe(body.products.at(-1)?.id);
  });

  it.each(['limit=0', 'limit=1001', 'limit=abc', 'afterId=-1', 'afterId=1.5', 'afterId=x'])(
    'refuses %s with 400 JSON',
    async (query) => {
      const { get } = fixtureApp();
      const { status, body } = await get<{ error: string }>(`/bulk?${query}`);
      expect(status).toBe(400);
      expect(body.error).toMatch(/must be a whole number/);
    },
  );
});

describe('GET /api/products/bulk?ids=', () => {
  it('answers those products in that order, unknown and bad ids left out', async () => {
    const { get, ids } = fixtureApp();
    const asked = [ids['lift-chain'], 424242, ids['poly-load-wheel']];
    const { status, body } = await get<Bulk>(`/bulk?ids=${asked.join(',')},abc,,-3`);
    expect(status).toBe(200);
    expect(body.products.map((p) => p.handle)).toEqual(['lift-chain', 'poly-load-wheel']);
  });

  it('answers an empty list for no usable id', async () => {
    const { get } = fixtureApp();
    expect((await get('/bulk?ids=')).body).toEqual({ products: [] });
    expect((await get('/bulk?ids=999999')).body).toEqual({ products: [] });
  });
});

describe('GET /api/products/bulk without the merchandiser token', () => {
  it.each([
    ['no Authorization', {}],
    ['a wrong token', { authorization: 'Bearer not-the-token-0123456789' }],
    ['the token without Bearer', { authorization: TEST_ADMIN_TOKEN }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('answers 401 with %s, and no records', async (_, headers: Record<string, string>) => {
    const { app } = fixtures();
    for (const query of ['?limit=1000', '?ids=1,2,3']) {
      const reply = await app.request(`http://localhost/api/products/bulk${query}`, { headers });
      expect(reply.status).toBe(401);
      // RFC 6750: the realm without a token, the error with a wrong or malformed one.
      expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer (?:realm|error)=/);
      expect(await reply.json()).toEqual({
        error: 'This call is for the store build: send the merchandiser token.',
      });
    }
  });

  it('leaves the shoppers’ product calls open', async () => {
    const { app } = fixtures();
    for (const path of ['', '/handle/poly-load-wheel', '/filter?limit=2']) {
      const reply = await app.request(`http://localhost/api/products${path}`);
      expect(reply.status, path).not.toBe(401);
    }
  });
});
