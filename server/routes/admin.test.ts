import { beforeEach, describe, expect, it } from 'vitest';
import type { CollectionInput, ProductInput } from '../catalog/input.ts';
import { upsertProduct } from '../catalog/write.ts';
import { testApp, TEST_ADMIN_TOKEN } from '../testing/app.ts';
import {
  ADMIN_AUTH as auth,
  ADMIN_BASE,
  adminPerTest,
  loadWheel,
  seedWheels,
} from './admin.testing.ts';
import { asConflict } from './admin.ts';
import { HttpError } from '../http/errors.ts';

const { ctx, send } = adminPerTest(seedWheels);

const product = (extra: Partial<ProductInput> = {}): ProductInput =>
  loadWheel({ vendor: 'Crown', sku: '85288-001', ...extra });

async function json(reply: Response): Promise<Record<string, unknown>> {
  return (await reply.json()) as Record<string, unknown>;
}

/** Expects a JSON refusal with the status and an error text matching `pattern`. */
async function refused(reply: Response, status: number, pattern?: RegExp) {
  expect(reply.status).toBe(status);
  expect(reply.headers.get('content-type')).toMatch(/application\/json/);
  const body = await json(reply);
  expect(typeof body.error).toBe('string');
  if (pattern) expect(body.error).toMatch(pattern);
}

const row = (sql: string, ...params: (number | string)[]) =>
  ctx.db.prepare(sql).get(...params) as Record<string, unknown> | undefined;

const changesOf = (entity: string, id: number) =>
  (
    ctx.db
      .prepare('SELECT op FROM changes WHERE entity = ? AND entity_id = ? ORDER BY seq')
      .all(entity, id) as { op: string }[]
  ).map((change) => change.op);

describe('authentication', () => {
  it('refuses a request without a token with 401 JSON', async () => {
    const reply = await send('POST', '/products', product(), {});
    await refused(reply, 401, /merchandiser/);
    expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it.each([
    ['a wrong token', 'Bearer wrong-token'],
    ['a token one character short', `Bearer ${TEST_ADMIN_TOKEN.slice(0, -1)}`],
    ['a longer token', `Bearer ${TEST_ADMIN_TOKEN}x`],
    ['another scheme', `Basic ${TEST_ADMIN_TOKEN}`],
    ['an empty bearer', 'Bearer '],
    ['the token without a scheme', TEST_ADMIN_TOKEN],
  ])('refuses %s', async (_, header) => {
    await refused(await send('DELETE', '/products/1', undefined, { authorization: header }), 401);
  });

  it('refuses every admin path without a token, even unknown ones', async () => {
    for (const path of ['/collections', '/products/1/inventory', '/nothing-here']) {
      const reply = await ctx.app.request(`${ADMIN_BASE}${path}`, { method: 'GET' });
      expect(reply.status).toBe(401);
    }
  });

  it('accepts the scheme in any case', async () => {
    const reply = await send('POST', '/products', product(), {
      authorization: `bearer ${TEST_ADMIN_TOKEN}`,
    });
    expect(reply.status).toBe(201);
  });

  it('refuses everything when the configured token is empty', async () => {
    const open = testApp({ adminToken: '' }).app;
    const reply = await open.request(`${ADMIN_BASE}/products/1`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer ' },
    });
    expect(reply.status).toBe(401);
  });

  it('answers an unknown admin path with a JSON 404 once signed in', async () => {
    await refused(await send('GET', '/nothing-here'), 404);
  });
});

describe('POST /api/admin/products', () => {
  it('creates a product and answers 201 with its id and handle', async () => {
    const reply = await send('POST', '/products', product());
    expect(reply.status).toBe(201);
    const body = await json(reply);
    expect(body).toEqual({ product: { id: expect.any(Number) as number, handle: 'load-wheel' } });
    const id = (body.product as { id: number }).id;
    expect(row('SELECT title, price_cents FROM products WHERE id = ?', id)).toEqual({
      title: 'Load Wheel',
      price_cents: 4250,
    });
    expect(changesOf('product', id)).toContain('upsert');
  });

  it('keeps an id given in the body', async () => {
    const reply = await send('POST', '/products', product({ id: 777 }));
    expect(await json(reply)).toEqual({ product: { id: 777, handle: 'load-wheel' } });
  });

  it('refuses a handle that another product has with 422', async () => {
    await send('POST', '/products', product());
    await refused(await send('POST', '/products', product({ title: 'Other' })), 422, /handle/);
    expect(row('SELECT COUNT(*) AS n FROM products')).toEqual({ n: 1 });
  });

  it('refuses an id that exists already with 422', async () => {
    await send('POST', '/products', product({ id: 5 }));
    await refused(await send('POST', '/products', product({ id: 5, handle: 'other' })), 422, /PUT/);
  });

  it('refuses an unknown collection with 422, writing nothing', async () => {
    const reply = await send('POST', '/products', product({ collections: ['no-such'] }));
    await refused(reply, 422, /no-such/);
    expect(row('SELECT COUNT(*) AS n FROM products')).toEqual({ n: 0 });
    expect(row("SELECT COUNT(*) AS n FROM changes WHERE entity = 'product'")).toEqual({ n: 0 });
  });

  it.each([
    ['a missing title', { title: undefined }, /title/],
    ['a bad handle', { handle: 'Bad Handle!' }, /handle/],
    ['a negative price', { price: -1 }, /price/],
    ['three decimals', { price: 1.005 }, /price: must have at most 2 decimals/],
    ['a string price', { price: '12' }, /price/],
    ['no variants', { variants: [] }, /variants/],
    [
      'a fractional stock',
      {
        variants: [{ title: 'D', price: 1, inventory: { availableQuantity: 1.5 } }],
      },
      /^variants\[0\]\.inventory\.availableQuantity: must be a whole number$/,
    ],
    [
      'a negative stock',
      {
        variants: [{ title: 'D', price: 1, inventory: { availableQuantity: -1 } }],
      },
      /availableQuantity/,
    ],
    ['an oversized title', { title: 'x'.repeat(501) }, /title/],
  ])('refuses %s with 400 naming the field', async (_, extra, pattern) => {
    const reply = await send('POST', '/products', { ...product(), ...extra });
    await refused(reply, 400, pattern);
  });

  it('lists every refused value in issues, each with its path', async () => {
    const reply = await send('POST', '/products', {
      ...product(),
      price: -1,
      variants: [{ title: 'D', price: 1.005, inventory: { availableQuantity: 1 } }],
    });
    expect(reply.status).toBe(400);
    expect(await json(reply)).toEqual({
      error: 'price: must be 0 or more; variants[0].price: must have at most 2 decimals',
      issues: [
        { path: 'price', message: 'must be 0 or more' },
        { path: 'variants[0].price', message: 'must have at most 2 decimals' },
      ],
    });
  });

  it('refuses fields the format does not have with 422 naming them, writing nothing', async () => {
    // variants keeps its place from product(), so it is named first.
    const reply = await send('POST', '/products', {
      ...product(),
      variants: [{ title: 'D', price: 1, stock: 3, inventory: { availableQuantity: 1 } }],
      unitSold: 5,
    });
    expect(reply.status).toBe(422);
    expect(await json(reply)).toEqual({
      error:
        'variants[0].stock: is not a field of this record; unitSold: is not a field of this record',
      issues: [
        { path: 'variants[0].stock', message: 'is not a field of this record' },
        { path: 'unitSold', message: 'is not a field of this record' },
      ],
    });
    expect(row('SELECT COUNT(*) AS n FROM products')).toEqual({ n: 0 });
  });

  it('names the field of a conflict with another record', async () => {
    await send('POST', '/products', product());
    const reply = await send('POST', '/products', product({ title: 'Other' }));
    expect(await json(reply)).toEqual({
      error: 'handle: handle "load-wheel" belongs to another product',
      issues: [{ path: 'handle', message: 'handle "load-wheel" belongs to another product' }],
    });
    const unknown = await send(
      'POST',
      '/products',
      product({ handle: 'x', collections: ['wheels', 'nope'] }),
    );
    expect((await json(unknown)).issues).toEqual([
      { path: 'collections[1]', message: 'collection "nope" does not exist' },
    ]);
  });

  it('refuses malformed JSON with 400', async () => {
    const reply = await ctx.app.request(`${ADMIN_BASE}/products`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"handle": "x",',
    });
    await refused(reply, 400, /not valid JSON/);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const reply = await ctx.app.request(`${ADMIN_BASE}/products`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: 'hello',
    });
    await refused(reply, 415);
  });

  it('refuses a body over the size limit with 413', async () => {
    const reply = await send('POST', '/products', {
      ...product(),
      descriptionHtml: 'x'.repeat(5 * 1024 * 1024),
    });
    await refused(reply, 413);
  });

  it('refuses JSON that is not an object with 400', async () => {
    for (const body of [null, [], 'text', 42]) {
      await refused(await send('POST', '/products', body), 400);
    }
  });

  it('stores SQL metacharacters as plain text', async () => {
    const title = "Wheel'); DROP TABLE products; --";
    const reply = await send('POST', '/products', product({ title }));
    expect(reply.status).toBe(201);
    expect(row('SELECT title FROM products')).toEqual({ title });
  });
});

describe('PUT /api/admin/products/:id', () => {
  let id: number;
  beforeEach(() => {
    id = upsertProduct(ctx.db, product());
  });

  it('replaces the product and answers with its id and handle', async () => {
    const reply = await send('PUT', `/products/${id}`, product({ title: 'Renamed', price: 50 }));
    expect(reply.status).toBe(200);
    expect(await json(reply)).toEqual({ product: { id, handle: 'load-wheel' } });
    expect(row('SELECT title, price_cents FROM products WHERE id = ?', id)).toEqual({
      title: 'Renamed',
      price_cents: 5000,
    });
  });

  it('lets the id in the path win over one in the body', async () => {
    const reply = await send('PUT', `/products/${id}`, product({ id: 999, title: 'Path wins' }));
    expect(await json(reply)).toEqual({ product: { id, handle: 'load-wheel' } });
    expect(row('SELECT id FROM products WHERE id = 999')).toBeUndefined();
    expect(row('SELECT title FROM products WHERE id = ?', id)).toEqual({ title: 'Path wins' });
  });

  it('can change the handle', async () => {
    const reply = await send('PUT', `/products/${id}`, product({ handle: 'steer-wheel' }));
    expect(await json(reply)).toEqual({ product: { id, handle: 'steer-wheel' } });
  });

  it('refuses a handle that belongs to another product with 422', async () => {
    upsertProduct(ctx.db, product({ handle: 'other-wheel' }));
    await refused(await send('PUT', `/products/${id}`, product({ handle: 'other-wheel' })), 422);
  });

  it('answers 404 for an unknown id, creating nothing', async () => {
    await refused(await send('PUT', '/products/4242', product({ handle: 'new' })), 404);
    expect(row("SELECT id FROM products WHERE handle = 'new'")).toBeUndefined();
  });

  it.each(['0', '-1', '1.5', 'abc', '99999999999', '1e3'])(
    'answers 404 for the impossible id %s',
    async (bad) => {
      await refused(await send('PUT', `/products/${bad}`, product()), 404);
    },
  );

  it('refuses invalid bodies with 400', async () => {
    await refused(await send('PUT', `/products/${id}`, { title: 'only a title' }), 400, /handle/);
  });

  it('names each refused value in issues', async () => {
    const reply = await send('PUT', `/products/${id}`, product({ title: '', unitsSold: -3 }));
    expect(reply.status).toBe(400);
    expect((await json(reply)).issues).toEqual([
      { path: 'title', message: 'must not be empty' },
      { path: 'unitsSold', message: 'must be 0 or more' },
    ]);
  });

  it('refuses a misspelt field with 422 instead of resetting the real one', async () => {
    await send('PUT', `/products/${id}`, product({ unitsSold: 812 }));
    // Before: `unitSold` was dropped without a word and unitsSold went back to 0.
    const reply = await send('PUT', `/products/${id}`, { ...product(), unitSold: 812 });
    await refused(reply, 422, /^unitSold: is not a field of this record$/);
    expect(row('SELECT units_sold FROM products WHERE id = ?', id)).toEqual({ units_sold: 812 });
  });
});

describe('DELETE /api/admin/products/:id', () => {
  it('removes the product and records the deletion in the change feed', async () => {
    const id = upsertProduct(ctx.db, product());
    const reply = await send('DELETE', `/products/${id}`);
    expect(reply.status).toBe(200);
    expect(await json(reply)).toEqual({ success: true });
    expect(row('SELECT id FROM products WHERE id = ?', id)).toBeUndefined();
    expect(changesOf('product', id).at(-1)).toBe('delete');
  });

  it('answers 404 for an unknown id', async () => {
    await refused(await send('DELETE', '/products/31337'), 404, /product/);
  });

  it('answers 404 the second time', async () => {
    const id = upsertProduct(ctx.db, product());
    await send('DELETE', `/products/${id}`);
    await refused(await send('DELETE', `/products/${id}`), 404);
  });
});

describe('PATCH /api/admin/products/:id/inventory', () => {
  let id: number;
  let variantId: number;
  let levelId: number;
  beforeEach(() => {
    id = upsertProduct(ctx.db, product());
    ({ variantId, levelId } = row(
      `SELECT v.id AS variantId, il.id AS levelId FROM variants v
       JOIN inventory_levels il ON il.variant_id = v.id WHERE v.product_id = ?`,
      id,
    ) as { variantId: number; levelId: number });
  });

  const available = () =>
    (row('SELECT available_for_sale AS a FROM products WHERE id = ?', id) as { a: number }).a;

  it('sets the stock by variant and marks the product sold out at 0', async () => {
    const before = changesOf('product', id).length;
    const reply = await send('PATCH', `/products/${id}/inventory`, {
      variantId,
      availableQuantity: 0,
    });
    expect(reply.status).toBe(200);
    expect(await json(reply)).toEqual({
      inventoryLevel: {
        id: levelId,
        variantId,
        availableQuantity: 0,
        bypassNegativeQuantity: false,
      },
      product: { id, handle: 'load-wheel', availableForSale: false },
    });
    expect(available()).toBe(0);
    expect(changesOf('product', id).length).toBe(before + 1);
  });

  it('sets the stock by inventory level and makes the product available again', async () => {
    await send('PATCH', `/products/${id}/inventory`, { variantId, availableQuantity: 0 });
    const reply = await send('PATCH', `/products/${id}/inventory`, {
      inventoryLevelId: levelId,
      availableQuantity: 12,
    });
    expect(await json(reply)).toMatchObject({
      inventoryLevel: { availableQuantity: 12 },
      product: { availableForSale: true },
    });
    expect(available()).toBe(1);
  });

  it('keeps a product with backorders allowed available at 0', async () => {
    const reply = await send('PATCH', `/products/${id}/inventory`, {
      variantId,
      availableQuantity: 0,
      bypassNegativeQuantity: true,
    });
    expect(await json(reply)).toMatchObject({
      inventoryLevel: { availableQuantity: 0, bypassNegativeQuantity: true },
      product: { availableForSale: true },
    });
    // Leaving bypassNegativeQuantity out keeps what was set.
    const again = await send('PATCH', `/products/${id}/inventory`, {
      variantId,
      availableQuantity: 0,
    });
    expect(await json(again)).toMatchObject({
      inventoryLevel: { bypassNegativeQuantity: true },
    });
  });

  it.each([
    ['a negative quantity', { availableQuantity: -1 }, /availableQuantity/],
    ['a fractional quantity', { availableQuantity: 1.5 }, /availableQuantity/],
    ['a string quantity', { availableQuantity: '5' }, /availableQuantity/],
    ['no quantity', {}, /availableQuantity/],
    ['a huge quantity', { availableQuantity: 1e12 }, /availableQuantity/],
    ['a bad bypass flag', { availableQuantity: 1, bypassNegativeQuantity: 'yes' }, /bypass/],
  ])('refuses %s with 400', async (_, extra, pattern) => {
    const reply = await send('PATCH', `/products/${id}/inventory`, { variantId, ...extra });
    await refused(reply, 400, pattern);
  });

  it('refuses a field it does not know with 422', async () => {
    const reply = await send('PATCH', `/products/${id}/inventory`, {
      variantId,
      availableQuantity: 1,
      quantity: 1,
    });
    await refused(reply, 422, /^quantity: is not a field of this record$/);
  });

  it('needs exactly one of variantId and inventoryLevelId', async () => {
    await refused(
      await send('PATCH', `/products/${id}/inventory`, { availableQuantity: 1 }),
      400,
      /variantId/,
    );
    await refused(
      await send('PATCH', `/products/${id}/inventory`, {
        variantId,
        inventoryLevelId: levelId,
        availableQuantity: 1,
      }),
      400,
      /either/,
    );
  });

  it('answers 404 for an unknown product, variant or level', async () => {
    await refused(
      await send('PATCH', '/products/9999/inventory', { variantId, availableQuantity: 1 }),
      404,
      /product/,
    );
    await refused(
      await send('PATCH', `/products/${id}/inventory`, { variantId: 9999, availableQuantity: 1 }),
      404,
      /variant/,
    );
    await refused(
      await send('PATCH', `/products/${id}/inventory`, {
        inventoryLevelId: 9999,
        availableQuantity: 1,
      }),
      404,
      /inventory level/,
    );
  });

  it("refuses another product's variant with 404", async () => {
    const other = upsertProduct(ctx.db, product({ handle: 'other' }));
    await refused(
      await send('PATCH', `/products/${other}/inventory`, { variantId, availableQuantity: 1 }),
      404,
    );
    expect(
      row('SELECT available_quantity AS q FROM inventory_levels WHERE id = ?', levelId),
    ).toEqual({ q: 3 });
  });
});

describe('collections', () => {
  const collection = (extra: Partial<CollectionInput> = {}): CollectionInput => ({
    handle: 'steer-wheels',
    title: 'Steer Wheels',
    parent: 'wheels',
    ...extra,
  });

  it('creates a collection with 201', async () => {
    const reply = await send('POST', '/collections', collection());
    expect(reply.status).toBe(201);
    const body = await json(reply);
    expect(body).toEqual({
      collection: { id: expect.any(Number) as number, handle: 'steer-wheels' },
    });
    const id = (body.collection as { id: number }).id;
    expect(changesOf('collection', id)).toEqual(['upsert']);
  });

  it('refuses an unknown parent and a handle clash with 422', async () => {
    await refused(await send('POST', '/collections', collection({ parent: 'nope' })), 422, /nope/);
    await refused(await send('POST', '/collections', collection({ handle: 'wheels' })), 422);
  });

  it('refuses a field collections do not have with 422 naming it', async () => {
    const reply = await send('POST', '/collections', { ...collection(), parentHandle: 'wheels' });
    await refused(reply, 422, /^parentHandle: is not a field of this record$/);
  });

  it('refuses an invalid collection with 400 naming the field', async () => {
    await refused(await send('POST', '/collections', collection({ title: '' })), 400, /title/);
    await refused(
      await send('POST', '/collections', { ...collection(), position: -2 }),
      400,
      /position/,
    );
  });

  it('updates a collection, the path id winning, and logs only the collection', async () => {
    const wheels = (row("SELECT id FROM collections WHERE handle = 'wheels'") as { id: number }).id;
    const member = upsertProduct(ctx.db, product());
    const before = changesOf('product', member).length;
    const reply = await send(
      'PUT',
      `/collections/${wheels}`,
      collection({ id: 555, handle: 'wheels', title: 'All Wheels', parent: null }),
    );
    expect(await json(reply)).toEqual({ collection: { id: wheels, handle: 'wheels' } });
    expect(row('SELECT title FROM collections WHERE id = ?', wheels)).toEqual({
      title: 'All Wheels',
    });
    // The pages take a collection's title from the collection list, so a member's record
    // needs no new read: a rename of 40,000 members logs one change (issue 33, item 1).
    expect(changesOf('product', member).length).toBe(before);
  });

  it('stores how many children the mobile menu lists, and refuses 0', async () => {
    const reply = await send('POST', '/collections', collection({ maxChildItemsToDisplay: 5 }));
    expect(reply.status).toBe(201);
    expect(
      row("SELECT max_child_items AS max FROM collections WHERE handle = 'steer-wheels'"),
    ).toEqual({ max: 5 });
    await refused(
      await send('POST', '/collections', collection({ maxChildItemsToDisplay: 0 })),
      400,
      /maxChildItemsToDisplay/,
    );
  });

  it('refuses a collection as its own parent with 422', async () => {
    const wheels = (row("SELECT id FROM collections WHERE handle = 'wheels'") as { id: number }).id;
    await refused(
      await send('PUT', `/collections/${wheels}`, {
        handle: 'wheels',
        title: 'W',
        parent: 'wheels',
      }),
      422,
    );
  });

  it('answers 404 for unknown collections', async () => {
    await refused(await send('PUT', '/collections/999', collection()), 404, /collection/);
    await refused(await send('DELETE', '/collections/999'), 404, /collection/);
    await refused(await send('DELETE', '/collections/abc'), 404);
  });

  it('deletes a collection, keeping its products and recording them as changed', async () => {
    const wheels = (row("SELECT id FROM collections WHERE handle = 'wheels'") as { id: number }).id;
    const member = upsertProduct(ctx.db, product());
    const before = changesOf('product', member).length;
    const reply = await send('DELETE', `/collections/${wheels}`);
    expect(await json(reply)).toEqual({ success: true });
    expect(row('SELECT id FROM collections WHERE id = ?', wheels)).toBeUndefined();
    expect(row('SELECT id FROM products WHERE id = ?', member)).toEqual({ id: member });
    expect(changesOf('collection', wheels).at(-1)).toBe('delete');
    expect(changesOf('product', member).length).toBe(before + 1);
  });
});

describe('asConflict', () => {
  it('turns a database constraint failure into a 422', () => {
    const error = Object.assign(new Error('UNIQUE constraint failed: products.handle'), {
      code: 'ERR_SQLITE_ERROR',
    });
    const mapped = asConflict(error);
    expect(mapped).toBeInstanceOf(HttpError);
    expect((mapped as HttpError).status).toBe(422);
  });

  it('leaves other errors alone', () => {
    const error = new Error('disk I/O error');
    expect(asConflict(error)).toBe(error);
    expect(asConflict(null)).toBe(null);
  });

  it('maps a real constraint failure from the database', () => {
    let caught: unknown;
    try {
      ctx.db.prepare("INSERT INTO collections (handle, title) VALUES ('wheels', 'Again')").run();
    } catch (error) {
      caught = error;
    }
    expect((asConflict(caught) as HttpError).status).toBe(422);
  });
});

describe('vendor names, which are brand page addresses (issue 28)', () => {
  it.each([
    'Hyster/Yale/..',
    '../../etc',
    'Crown/./Parts',
    '/Crown',
    'Crown/',
    'Hyster//Yale',
    'Crown\\Parts',
    'Crown\u0000',
  ])('refuses %j when it is written, naming the field, and writes nothing', async (vendor) => {
    const reply = await send('POST', '/products', product({ handle: 'odd-vendor', vendor }));
    await refused(reply.clone(), 422, /vendor name/);
    expect((await json(reply)).issues).toEqual([
      { path: 'vendor', message: expect.stringMatching(/brand page/) as unknown },
    ]);
    expect(row('SELECT id FROM products WHERE handle = ?', 'odd-vendor')).toBeUndefined();
  });

  it('takes a name with a slash in it, one folder in another', async () => {
    const reply = await send('POST', '/products', product({ handle: 'hy', vendor: 'Hyster/Yale' }));
    expect(reply.status).toBe(201);
  });
});
