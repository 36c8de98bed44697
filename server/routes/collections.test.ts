import { beforeEach, describe, expect, it } from 'vitest';
import {
  addChain,
  fixtureProduct,
  seedCollectionTree,
  seedProducts,
} from '../catalog/collections.testing.ts';
import { getJsonReply } from './content.testing.ts';
import { appPerTest } from '../testing/app.ts';

const ctx = appPerTest(seedCollectionTree);
const id = (handle: string) => ctx.seeded[handle] ?? -1;

const get = (path: string) => getJsonReply(ctx.app, `/api/collections${path}`);

/** GET that must succeed; returns the body typed loosely for assertions. */
async function ok<T = Record<string, unknown>>(path: string): Promise<T> {
  const { status, body } = await get(path);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as T;
}

type Listed = { collections: Record<string, unknown>[]; pageInfo: Record<string, number> };
const handlesOf = (list: Listed) => list.collections.map((c) => c['handle']);

describe('GET /api/collections/handle/:handle', () => {
  it('returns the whole collection record', async () => {
    seedProducts(ctx.db, [
      fixtureProduct(1, ['load-wheels', 'wheels']), // counted once
      fixtureProduct(2, ['steer-wheels']),
      fixtureProduct(3, ['pallet-jack-parts']),
      fixtureProduct(4, ['forklift-parts']),
    ]);
    const { collection } = await ok<{ collection: Record<string, unknown> }>(
      '/handle/pallet-jack-parts',
    );
    expect(collection).toEqual({
      id: id('pallet-jack-parts'),
      title: 'Pallet Jack Parts',
      handle: 'pallet-jack-parts',
      seoTitle: 'Pallet jack parts | Store',
      seoDescription: 'Parts for pallet jacks',
      isIndexed: true,
      isFeatured: false,
      imageUrl: '/api/media/pj.png',
      descriptionHtml: '<p>Everything for pallet jacks</p>',
      childCollectionsCount: 2,
      parentId: null,
      position: 0,
      breadcrumbs: [{ title: 'Pallet Jack Parts', handle: 'pallet-jack-parts' }],
      images: {
        menuImage: { imagePath: '/api/media/pj-menu.png', altText: '' },
        topBanner: { imagePath: '/api/media/pj-banner.png', altText: 'Pallet jacks' },
      },
      productCount: 3,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
    });
  });

  it('gives breadcrumbs from the top level down to the collection', async () => {
    seedProducts(ctx.db, [fixtureProduct(1, ['load-wheels'])]);
    const { collection } = await ok<{ collection: Record<string, unknown> }>('/handle/load-wheels');
    expect(collection['breadcrumbs']).toEqual([
      { title: 'Pallet Jack Parts', handle: 'pallet-jack-parts' },
      { title: 'Wheels', handle: 'wheels' },
      { title: 'Load Wheels', handle: 'load-wheels' },
    ]);
    expect(collection).toMatchObject({
      parentId: id('wheels'),
      childCollectionsCount: 0,
      images: {},
      productCount: 1,
      isIndexed: true,
      seoTitle: null,
    });
  });

  it('reports isIndexed false and isFeatured true as booleans', async () => {
    expect((await ok<{ collection: object }>('/handle/forklift-parts')).collection).toMatchObject({
      isIndexed: false,
    });
    expect((await ok<{ collection: object }>('/handle/batteries')).collection).toMatchObject({
      isFeatured: true,
    });
  });

  it.each([
    ['an unknown handle', '/handle/no-such-collection'],
    ['SQL in the handle', "/handle/x'%20OR%201=1--"],
    ['a statement in the handle', '/handle/%22%3B%20DROP%20TABLE%20collections%3B'],
    ['a 5,000-character handle', `/handle/${'a'.repeat(5000)}`],
    ['a non-ASCII handle', '/handle/%E2%9C%93'],
  ])('answers 404 JSON for %s', async (_name, path) => {
    expect(await get(path)).toEqual({ status: 404, body: { error: 'Collection not found.' } });
  });
});

describe('GET /api/collections/:idOrHandle', () => {
  it('finds a collection by numeric id', async () => {
    const { collection } = await ok<{ collection: object }>(`/${id('wheels')}`);
    expect(collection).toMatchObject({ id: id('wheels'), handle: 'wheels', position: 1 });
  });

  it('finds a collection by handle', async () => {
    const { collection } = await ok<{ collection: object }>('/steer-wheels');
    expect(collection).toMatchObject({
      id: id('steer-wheels'),
      breadcrumbs: [
        { title: 'Pallet Jack Parts', handle: 'pallet-jack-parts' },
        { title: 'Wheels', handle: 'wheels' },
        { title: 'Steer Wheels', handle: 'steer-wheels' },
      ],
    });
  });

  it('answers the same record as the handle route', async () => {
    const byHandle = await ok(`/handle/wheels`);
    expect(await ok(`/${id('wheels')}`)).toEqual(byHandle);
    expect(await ok('/wheels')).toEqual(byHandle);
  });

  it.each(['999999', '0', '-1', '1.5', '1e3', '99999999999999999999', 'nope', '%20', "1'"])(
    'answers 404 JSON for %s',
    async (segment) => {
      expect(await get(`/${segment}`)).toEqual({
        status: 404,
        body: { error: 'Collection not found.' },
      });
    },
  );
});

describe('GET /api/collections (list)', () => {
  it('lists every collection by position with pageInfo', async () => {
    const list = await ok<Listed>('');
    expect(list.collections).toHaveLength(7);
    expect(list.pageInfo).toEqual({ limitPerPage: 100, page: 0, totalObjects: 7, totalPages: 1 });
    const positions = list.collections.map((c) => c['position'] as number);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(list.collections[0]).toHaveProperty('breadcrumbs');
    expect(list.collections[0]).toHaveProperty('productCount');
  });

  it('filters the top level with parentId=root', async () => {
    expect(handlesOf(await ok<Listed>('?parentId=root'))).toEqual([
      'pallet-jack-parts',
      'forklift-parts',
      'batteries',
    ]);
  });

  it('filters children with parentId', async () => {
    expect(handlesOf(await ok<Listed>(`?parentId=${id('wheels')}`))).toEqual([
      'load-wheels',
      'steer-wheels',
    ]);
    expect((await ok<Listed>('?parentId=999999')).collections).toEqual([]);
  });

  it('filters by handle, ids and isFeatured', async () => {
    expect(handlesOf(await ok<Listed>('?handle=seals'))).toEqual(['seals']);
    expect(handlesOf(await ok<Listed>(`?ids=${id('seals')},${id('batteries')},999999`))).toEqual([
      'seals',
      'batteries',
    ]);
    expect(handlesOf(await ok<Listed>('?isFeatured=true'))).toEqual(['batteries']);
    expect((await ok<Listed>('?isFeatured=false')).collections).toHaveLength(6);
  });

  it('combines filters', async () => {
    const list = await ok<Listed>(`?parentId=root&isFeatured=false&sortBy=title_desc`);
    expect(handlesOf(list)).toEqual(['pallet-jack-parts', 'forklift-parts']);
  });

  it('sorts by title, id and position', async () => {
    const titles = (await ok<Listed>('?sortBy=title_asc')).collections.map((c) => c['title']);
    expect(titles).toEqual([
      'Batteries',
      'Forklift Parts',
      'Load Wheels',
      'Pallet Jack Parts',
      'Seals',
      'Steer Wheels',
      'Wheels',
    ]);
    const desc = (await ok<Listed>('?sortBy=title_desc')).collections.map((c) => c['title']);
    expect(desc).toEqual([...titles].reverse());
    const byId = (await ok<Listed>('?sortBy=id_asc')).collections.map((c) => c['id'] as number);
    expect(byId).toEqual([...byId].sort((a, b) => a - b));
    expect((await ok<Listed>('?sortBy=position')).collections).toHaveLength(7);
  });

  it('projects to the fields asked for, always keeping id', async () => {
    const list = await ok<Listed>('?fields=title,handle&parentId=root');
    expect(list.collections).toEqual([
      { id: id('pallet-jack-parts'), title: 'Pallet Jack Parts', handle: 'pallet-jack-parts' },
      { id: id('forklift-parts'), title: 'Forklift Parts', handle: 'forklift-parts' },
      { id: id('batteries'), title: 'Batteries', handle: 'batteries' },
    ]);
  });

  it('projects computed fields and ignores unknown field names', async () => {
    seedProducts(ctx.db, [fixtureProduct(1, ['seals'])]);
    const list = await ok<Listed>(
      `?fields= productCount , breadcrumbs,images,nonsense,__proto__&handle=seals`,
    );
    expect(list.collections).toEqual([
      {
        id: id('seals'),
        productCount: 1,
        breadcrumbs: [
          { title: 'Pallet Jack Parts', handle: 'pallet-jack-parts' },
          { title: 'Seals', handle: 'seals' },
        ],
        images: {},
      },
    ]);
    expect((await ok<Listed>('?fields=id&handle=seals')).collections).toEqual([
      { id: id('seals') },
    ]);
  });

  it('pages through the whole tree with every field', async () => {
    addChain(ctx.db, 'extra', 20, id('steer-wheels'));
    const seen: number[] = [];
    let totalPages = 1;
    for (let page = 0; page < totalPages; page++) {
      const list = await ok<Listed>(`?limit=4&page=${page}&sortBy=id_asc`);
      expect(list.pageInfo).toMatchObject({ limitPerPage: 4, page, totalObjects: 27 });
      totalPages = list.pageInfo['totalPages'] ?? 0;
      for (const c of list.collections) {
        expect(Object.keys(c)).toContain('breadcrumbs');
        seen.push(c['id'] as number);
      }
    }
    expect(totalPages).toBe(7);
    expect(seen).toHaveLength(27);
    expect(new Set(seen).size).toBe(27);
    const beyond = await ok<Listed>('?limit=4&page=50');
    expect(beyond.collections).toEqual([]);
    expect(beyond.pageInfo.totalObjects).toBe(27);
  });

  it('accepts limit 1 and 1000', async () => {
    expect((await ok<Listed>('?limit=1')).collections).toHaveLength(1);
    expect((await ok<Listed>('?limit=1000')).pageInfo.limitPerPage).toBe(1000);
  });

  it.each([
    'limit=0',
    'limit=1001',
    'limit=-5',
    'limit=2.5',
    'limit=ten',
    'limit=1e2',
    'page=-1',
    'page=0.5',
    'page=abc',
    'parentId=abc',
    'parentId=-1',
    'parentId=0',
    'parentId=1.5',
    'ids=1,abc',
    'ids=1,-2',
    'ids=1,,2',
    'isFeatured=yes',
    'isFeatured=1',
    'sortBy=title',
    'sortBy=id;DROP TABLE collections',
    'sortBy=__proto__',
    `handle=${'a'.repeat(201)}`,
  ])('answers 400 JSON for %.40s', async (query) => {
    const { status, body } = await get(`?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: expect.any(String) as unknown });
  });

  it('refuses more than 1000 ids', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    expect((await get(`?ids=${many}`)).status).toBe(400);
  });

  it('treats SQL metacharacters in a handle as plain text', async () => {
    for (const handle of ["' OR 1=1 --", '%', '_', 'seals"; DROP TABLE collections; --']) {
      const list = await ok<Listed>(`?handle=${encodeURIComponent(handle)}`);
      expect(list.collections).toEqual([]);
    }
    expect((await ok<Listed>('')).pageInfo.totalObjects).toBe(7);
  });
});

type HierarchyReply = {
  hierarchy: { id: number; handle: string; LEVEL: number; parentId: number | null }[];
  default: { title: string; handle: string }[];
};

describe('GET /api/collections/:id/hierarchy', () => {
  it('lists the subtree with LEVELs and the default list', async () => {
    const reply = await ok<HierarchyReply>(`/${id('pallet-jack-parts')}/hierarchy`);
    expect(reply.hierarchy.map((e) => [e.handle, e.LEVEL])).toEqual([
      ['pallet-jack-parts', 1],
      ['seals', 2],
      ['wheels', 2],
      ['load-wheels', 3],
      ['steer-wheels', 3],
    ]);
    expect(reply.hierarchy[3]).toEqual({
      id: id('load-wheels'),
      title: 'Load Wheels',
      handle: 'load-wheels',
      imageUrl: '/api/media/lw.png',
      LEVEL: 3,
      parentId: id('wheels'),
    });
    expect(reply.default).toEqual([
      { title: 'Pallet Jack Parts', handle: 'pallet-jack-parts' },
      { title: 'Forklift Parts', handle: 'forklift-parts' },
      { title: 'Batteries', handle: 'batteries' },
    ]);
  });

  it('starts at the collection asked for, LEVEL 2 being its children', async () => {
    const reply = await ok<HierarchyReply>(`/${id('wheels')}/hierarchy`);
    expect(reply.hierarchy.filter((e) => e.LEVEL === 2).map((e) => e.handle)).toEqual([
      'load-wheels',
      'steer-wheels',
    ]);
    expect(reply.hierarchy[0]).toMatchObject({ handle: 'wheels', LEVEL: 1 });
  });

  it('gives a leaf only itself', async () => {
    const reply = await ok<HierarchyReply>(`/${id('batteries')}/hierarchy`);
    expect(reply.hierarchy).toEqual([
      expect.objectContaining({ handle: 'batteries', LEVEL: 1, parentId: null }) as unknown,
    ]);
  });

  it.each(['999999', '0', '-3', '2.5', 'wheels', '1e1', "1'--"])(
    'answers 404 JSON for id %s',
    async (segment) => {
      expect(await get(`/${segment}/hierarchy`)).toEqual({
        status: 404,
        body: { error: 'Collection not found.' },
      });
    },
  );
});

describe('GET /api/collections/:id/upper-hierarchy', () => {
  it('gives the chain from the top level down with LEVEL 1..n', async () => {
    const reply = await ok<HierarchyReply>(`/${id('steer-wheels')}/upper-hierarchy`);
    expect(reply.hierarchy.map((e) => [e.handle, e.LEVEL, e.parentId])).toEqual([
      ['pallet-jack-parts', 1, null],
      ['wheels', 2, id('pallet-jack-parts')],
      ['steer-wheels', 3, id('wheels')],
    ]);
    expect(Object.keys(reply)).toEqual(['hierarchy']);
  });

  it('gives a top-level collection only itself', async () => {
    const reply = await ok<HierarchyReply>(`/${id('forklift-parts')}/upper-hierarchy`);
    expect(reply.hierarchy).toHaveLength(1);
  });

  it.each(['999999', '0', '-1', 'abc', '3.0'])('answers 404 JSON for id %s', async (segment) => {
    expect(await get(`/${segment}/upper-hierarchy`)).toEqual({
      status: 404,
      body: { error: 'Collection not found.' },
    });
  });
});

describe('GET /api/collections/:id/image/placement/:placement', () => {
  it('returns the image at a placement', async () => {
    expect(await ok(`/${id('pallet-jack-parts')}/image/placement/topBanner`)).toEqual({
      imagePlacement: { imagePath: '/api/media/pj-banner.png', altText: 'Pallet jacks' },
    });
  });

  it('answers 404 JSON when the collection has no image there', async () => {
    const { status, body } = await get(`/${id('seals')}/image/placement/topBanner`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: expect.any(String) as unknown });
    expect(
      (await get(`/${id('pallet-jack-parts')}/image/placement/${'x'.repeat(3000)}`)).status,
    ).toBe(404);
    expect((await get(`/${id('pallet-jack-parts')}/image/placement/top'--`)).status).toBe(404);
  });

  it('answers 404 JSON for an unknown or malformed collection id', async () => {
    for (const segment of ['999999', '-1', 'pallet-jack-parts', '0']) {
      expect(await get(`/${segment}/image/placement/topBanner`)).toEqual({
        status: 404,
        body: { error: 'Collection not found.' },
      });
    }
  });
});

type Cards = { products: { id: number; handle: string; isFeatured: boolean }[] };

describe('GET /api/collections/:id/products/featured', () => {
  it('lists featured products of the collection and its descendants by featured order', async () => {
    seedProducts(ctx.db, [
      fixtureProduct(1, ['load-wheels'], { isFeatured: true, featuredOrder: 2 }),
      fixtureProduct(2, ['seals'], { isFeatured: true, featuredOrder: 1 }),
      fixtureProduct(3, ['pallet-jack-parts'], { isFeatured: true }), // no order: last
      fixtureProduct(4, ['wheels']), // not featured
      fixtureProduct(5, ['forklift-parts'], { isFeatured: true, featuredOrder: 0 }), // elsewhere
      fixtureProduct(6, ['wheels', 'load-wheels'], { isFeatured: true, featuredOrder: 2 }),
    ]);
    const reply = await ok<Cards>(`/${id('pallet-jack-parts')}/products/featured`);
    expect(reply.products.map((p) => p.handle)).toEqual(['part-2', 'part-1', 'part-6', 'part-3']);
    expect(reply.products.every((p) => p.isFeatured)).toBe(true);
    const wheels = await ok<Cards>(`/${id('wheels')}/products/featured`);
    expect(wheels.products.map((p) => p.handle)).toEqual(['part-1', 'part-6']);
  });

  it('returns at most 10', async () => {
    seedProducts(
      ctx.db,
      Array.from({ length: 14 }, (_, i) =>
        fixtureProduct(i + 1, ['seals'], { isFeatured: true, featuredOrder: 14 - i }),
      ),
    );
    const reply = await ok<Cards>(`/${id('seals')}/products/featured`);
    expect(reply.products).toHaveLength(10);
    expect(reply.products[0]?.handle).toBe('part-14');
  });

  it('is empty for a collection without featured products', async () => {
    expect(await ok(`/${id('batteries')}/products/featured`)).toEqual({ products: [] });
  });

  it.each(['999999', '-1', 'seals', '1.5'])('answers 404 JSON for id %s', async (segment) => {
    expect(await get(`/${segment}/products/featured`)).toEqual({
      status: 404,
      body: { error: 'Collection not found.' },
    });
  });
});

describe('a corrupt tree with a parent cycle', () => {
  beforeEach(() => {
    // pallet-jack-parts -> steer-wheels -> wheels -> pallet-jack-parts: no top level left.
    ctx.db
      .prepare('UPDATE collections SET parent_id = ? WHERE id = ?')
      .run(id('steer-wheels'), id('pallet-jack-parts'));
    ctx.db.prepare('UPDATE collections SET parent_id = id WHERE id = ?').run(id('batteries'));
  });

  it('still answers every collection route', async () => {
    seedProducts(ctx.db, [fixtureProduct(1, ['seals'], { isFeatured: true })]);
    const { collection } = await ok<{ collection: Record<string, unknown> }>('/handle/wheels');
    // wheels -> pallet-jack-parts -> steer-wheels -> (wheels again): the walk stops there.
    expect(collection['breadcrumbs']).toEqual([
      { title: 'Steer Wheels', handle: 'steer-wheels' },
      { title: 'Pallet Jack Parts', handle: 'pallet-jack-parts' },
      { title: 'Wheels', handle: 'wheels' },
    ]);
    expect(collection['productCount']).toBe(1);
    const self = await ok<{ collection: Record<string, unknown> }>(`/${id('batteries')}`);
    expect(self.collection['breadcrumbs']).toEqual([{ title: 'Batteries', handle: 'batteries' }]);

    const hierarchy = await ok<HierarchyReply>(`/${id('wheels')}/hierarchy`);
    expect(hierarchy.hierarchy).toHaveLength(5);
    expect(hierarchy.default.map((d) => d.handle)).toEqual(['forklift-parts']);
    const upper = await ok<HierarchyReply>(`/${id('load-wheels')}/upper-hierarchy`);
    expect(upper.hierarchy.map((e) => e.LEVEL)).toEqual([1, 2, 3, 4]);
    expect((await ok<Listed>('?limit=1000')).collections).toHaveLength(7);
    expect((await ok<Cards>(`/${id('wheels')}/products/featured`)).products).toHaveLength(1);
  });
});

describe('a large tree', () => {
  it('answers hierarchy, upper-hierarchy and the list quickly', async () => {
    // 3,000 collections: 30 wide branches of 50 children, plus a 1,500-deep chain.
    const insert = ctx.db.prepare(
      'INSERT INTO collections (handle, title, parent_id, position) VALUES (?, ?, ?, ?) RETURNING id',
    );
    for (let b = 0; b < 30; b++) {
      const branch = (
        insert.get(`branch-${b}`, `Branch ${b}`, id('forklift-parts'), b) as {
          id: number;
        }
      ).id;
      for (let k = 0; k < 49; k++) insert.run(`leaf-${b}-${k}`, `Leaf ${b} ${k}`, branch, k);
    }
    const chain = addChain(ctx.db, 'deep', 1500, id('batteries'));
    const wide = await ok<HierarchyReply>(`/${id('forklift-parts')}/hierarchy`);
    expect(wide.hierarchy).toHaveLength(1 + 30 * 50);
    expect(wide.hierarchy.filter((e) => e.LEVEL === 2)).toHaveLength(30);
    const upper = await ok<HierarchyReply>(`/${chain.at(-1) ?? -1}/upper-hierarchy`);
    expect(upper.hierarchy).toHaveLength(1501);
    const list = await ok<Listed>('?limit=1000&page=2&sortBy=id_asc');
    expect(list.pageInfo.totalObjects).toBe(7 + 1500 + 1500);
    expect(list.collections).toHaveLength(1000);
  });
});
