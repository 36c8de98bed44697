import { describe, expect, it } from 'vitest';
import { upsertProduct } from '../catalog/write.ts';
import { marked } from '../seed/hostile.ts';
import { collectionId, fixtureApp, fixtureProducts } from '../testing/catalogue.ts';

interface Card {
  id: number;
  handle: string;
  title: string;
  price: number;
  vendor: string;
  availableForSale: boolean;
}
interface PageInfo {
  limitPerPage: number;
  totalObjects: number;
  totalPages: number;
  page: number;
  availableTagPrefixes: string[];
  availableTagFilters: { prefix: string; value: string; count: number }[];
  availableVendors: { name: string; count: number }[];
  productMaxPrice: number;
}
interface Reply {
  products: Card[];
  pageInfo: PageInfo;
}

const filter = async (query: string, app = fixtureApp()) => {
  const { status, body } = await app.get<Reply>(`/filter${query}`);
  expect(status).toBe(200);
  return { ...body, handles: body.products.map((card) => card.handle) };
};
const handles = async (query: string) => (await filter(query)).handles;

describe('GET /api/products/filter: reply shape', () => {
  it('lists every product with pageInfo describing the whole set', async () => {
    const { products, pageInfo } = await filter('');
    expect(products).toHaveLength(5);
    expect(products[0]).toMatchObject({
      handle: 'poly-load-wheel',
      price: 49.99,
      compareAtPrice: 59.99,
      availableQuantity: 7,
      bypassNegativeQuantity: false,
      description: 'Great wheel & hub',
      partNumber: '85288-001',
    });
    expect(pageInfo).toEqual({
      limitPerPage: 24,
      totalObjects: 5,
      totalPages: 1,
      page: 0,
      availableTagPrefixes: ['Material', 'Size'],
      availableTagFilters: [
        { prefix: 'Material', value: 'Nylon', count: 1 },
        { prefix: 'Material', value: 'Polyurethane', count: 1 },
        { prefix: 'Material', value: 'Rubber', count: 1 },
        { prefix: 'Size', value: '10 in', count: 1 },
        { prefix: 'Size', value: '8 in', count: 1 },
      ],
      availableVendors: [
        { name: 'Crown', count: 2 },
        { name: 'Toyota', count: 1 },
        { name: 'Yale', count: 1 },
      ],
      productMaxPrice: 320.5,
    });
  });

  it('describes the matching set, not the catalogue', async () => {
    const { pageInfo } = await filter('?q=wheel&limit=4');
    expect(pageInfo).toMatchObject({
      limitPerPage: 4,
      totalObjects: 2,
      totalPages: 1,
      availableVendors: [
        { name: 'Crown', count: 1 },
        { name: 'Toyota', count: 1 },
      ],
      productMaxPrice: 49.99,
      availableTagPrefixes: ['Material', 'Size'],
    });
    expect(pageInfo.availableTagFilters.map((t) => `${t.prefix}_${t.value}`)).toEqual([
      'Material_Nylon',
      'Material_Polyurethane',
      'Size_10 in',
      'Size_8 in',
    ]);
  });

  it("counts each filter group's choices without the group's own filter", async () => {
    // Brands are alternatives: with Crown picked, the other brands stay choices, counted
    // with every other filter (none here) applied.
    const byBrand = (await filter('?v=Crown')).pageInfo;
    expect(byBrand).toMatchObject({ totalObjects: 2, productMaxPrice: 49.99 });
    expect(byBrand.availableVendors).toEqual([
      { name: 'Crown', count: 2 },
      { name: 'Toyota', count: 1 },
      { name: 'Yale', count: 1 },
    ]);
    // The tags are those of Crown's products.
    expect(byBrand.availableTagFilters.map((t) => `${t.prefix}_${t.value}`)).toEqual([
      'Material_Polyurethane',
      'Material_Rubber',
      'Size_8 in',
    ]);
    // Material picked: every material of the set stays a choice; sizes and brands are those
    // of nylon products; brand and material together narrow each other's choices.
    const byMaterial = (await filter('?t=Material_Nylon')).pageInfo;
    expect(byMaterial.totalObjects).toBe(1);
    expect(byMaterial.availableTagFilters).toEqual([
      { prefix: 'Material', value: 'Nylon', count: 1 },
      { prefix: 'Material', value: 'Polyurethane', count: 1 },
      { prefix: 'Material', value: 'Rubber', count: 1 },
      { prefix: 'Size', value: '10 in', count: 1 },
    ]);
    expect(byMaterial.availableVendors).toEqual([{ name: 'Toyota', count: 1 }]);
    const both = (await filter('?v=Crown&t=material_rubber')).pageInfo;
    expect(both.totalObjects).toBe(1);
    expect(both.availableVendors).toEqual([{ name: 'Crown', count: 1 }]);
    expect(both.availableTagFilters.map((t) => `${t.prefix}_${t.value}`)).toEqual([
      'Material_Polyurethane',
      'Material_Rubber',
    ]);
    expect(both.availableTagPrefixes).toEqual(['Material']);
  });

  it('answers an empty set with zeros', async () => {
    const { products, pageInfo } = await filter('?q=nothing-like-this');
    expect(products).toEqual([]);
    expect(pageInfo).toMatchObject({
      totalObjects: 0,
      totalPages: 0,
      availableTagPrefixes: [],
      availableTagFilters: [],
      availableVendors: [],
      productMaxPrice: 0,
    });
  });

  it('sees catalogue changes at once (facets are not served stale)', async () => {
    const app = fixtureApp();
    expect((await filter('?v=Crown', app)).pageInfo.totalObjects).toBe(2);
    const base = fixtureProducts[3];
    if (!base) throw new Error('fixture missing');
    upsertProduct(app.db, { ...base, handle: 'crown-pump', vendor: 'Crown', price: 999 });
    const after = await filter('?v=Crown', app);
    expect(after.pageInfo).toMatchObject({ totalObjects: 3, productMaxPrice: 999 });
    expect(after.handles).toContain('crown-pump');
  });
});

describe('GET /api/products/filter: q', () => {
  it.each(['85288', '85-288', '5288-0', '85288-001', '85288001', '85288-00'])(
    'finds sku 85288-001 by the part number %s',
    async (q) => {
      expect(await handles(`?q=${encodeURIComponent(q)}`)).toEqual(['poly-load-wheel']);
    },
  );

  it.each(['TY-55-900', 'ty55900', '55-9', 'st-100', 'ST100', 'sk2000'])(
    'finds product codes and skus regardless of case and hyphens (%s)',
    async (q) => {
      expect(await handles(`?q=${encodeURIComponent(q)}`)).toHaveLength(1);
    },
  );

  it.each([
    ['?q=wheel', ['nylon-steer-wheel', 'poly-load-wheel']],
    ['?q=HYDR', ['hydraulic-pump', 'hydraulic-seal-kit']],
    ['?q=hydraulic%20seal', ['hydraulic-seal-kit']],
    ['?q=toyota', ['nylon-steer-wheel']],
    // Collection titles and tag values are searchable too.
    ['?q=load%20wheels', ['poly-load-wheel']],
    ['?q=rubber', ['hydraulic-seal-kit']],
  ])('finds partial words in any case, every word required (%s)', async (query, expected) => {
    expect((await handles(query)).sort()).toEqual(expected);
  });

  it('ignores words too short for the index when longer words are present', async () => {
    expect((await handles('?q=wheel%208')).sort()).toEqual([
      'nylon-steer-wheel',
      'poly-load-wheel',
    ]);
  });

  it('matches a query of short words only by substring', async () => {
    expect((await handles('?q=ST')).sort()).toEqual(['nylon-steer-wheel']);
    expect(await handles('?q=zq')).toEqual([]);
    // LIKE wildcards are literal.
    expect(await handles('?q=a%25')).toEqual([]);
    expect(await handles('?q=a_')).toEqual([]);
    // Nothing searchable at all is no text filter.
    expect(await handles('?q=%25')).toHaveLength(5);
    expect(await handles('?q=%20%20')).toHaveLength(5);
  });

  it.each([
    '"',
    '*',
    'NEAR(',
    'NEAR(wheel',
    "'; DROP TABLE products; --",
    '(((',
    'wheel)',
    '"wheel',
    'wheel AND',
    'OR wheel',
    'title:wheel',
    '^wheel',
    'wheel*',
    '- wheel',
    '\u0000wheel',
    'x'.repeat(5000),
  ])('treats FTS and SQL metacharacters as text: %s', async (q) => {
    const { products, pageInfo } = await filter(`?q=${encodeURIComponent(q)}`);
    expect(Array.isArray(products)).toBe(true);
    expect(pageInfo.totalObjects).toBe(products.length);
  });

  it('searches a title as the shopper reads it: not its tags, script or entity names', async () => {
    // What the demo's hostile products carry (server/seed/hostile.ts), and entities.
    const app = fixtureApp();
    const base = fixtureProducts[4];
    if (!base) throw new Error('fixture missing');
    upsertProduct(app.db, { ...base, handle: 'marked-pin', title: marked('Zinc Axle pin') });
    upsertProduct(app.db, { ...base, handle: 'entity-bolt', title: 'Brass bolt &amp; nut' });
    const found = async (q: string) => (await filter(`?q=${encodeURIComponent(q)}`, app)).handles;
    for (const hidden of ['alert', 'title', 'script', 'strong', 'amp', 'alert("title")', 'rt']) {
      expect(await found(hidden), hidden).toEqual([]);
    }
    expect(await found('zinc axle')).toEqual(['marked-pin']);
    // A query of short words only reads the title as text too.
    expect(await found('pi')).toEqual(['marked-pin']);
    expect(await found('bolt & nut')).toEqual(['entity-bolt']);
  });

  it('keeps the words of a metacharacter query', async () => {
    expect((await handles(`?q=${encodeURIComponent('wheel)')}`)).sort()).toEqual([
      'nylon-steer-wheel',
      'poly-load-wheel',
    ]);
    expect(await handles(`?q=${encodeURIComponent('"heavy" (NEAR) *')}`)).toEqual(['lift-chain']);
    // Nothing was dropped.
    expect(await handles('')).toHaveLength(5);
  });
});

describe('GET /api/products/filter: c, v, t', () => {
  it('c includes products of descendant collections', async () => {
    const app = fixtureApp();
    const id = (handle: string) => collectionId(app.db, handle);
    expect((await filter(`?c=${id('parts')}`, app)).handles.sort()).toEqual([
      'nylon-steer-wheel',
      'poly-load-wheel',
    ]);
    expect((await filter(`?c=${id('load-wheels')}`, app)).handles).toEqual(['poly-load-wheel']);
    expect((await filter(`?c=${id('wheels')},${id('seals')}`, app)).handles).toHaveLength(3);
    expect((await filter('?c=99999', app)).handles).toEqual([]);
    // No usable id at all: no collection filter.
    expect((await filter('?c=abc,-1', app)).handles).toHaveLength(5);
  });

  it('v and vendor repeat: products of any of the brands match', async () => {
    expect((await handles('?v=Yale&v=toyota')).sort()).toEqual([
      'hydraulic-pump',
      'nylon-steer-wheel',
    ]);
    expect((await handles('?v=Yale&vendor=Crown&v=YALE')).sort()).toEqual([
      'hydraulic-pump',
      'hydraulic-seal-kit',
      'poly-load-wheel',
    ]);
    expect(await handles('?v=Yale&v=')).toEqual(['hydraulic-pump']);
  });

  it('v is exact and case-insensitive (vendor is the same)', async () => {
    expect(await handles('?v=crown&sortBy=id_asc')).toEqual([
      'poly-load-wheel',
      'hydraulic-seal-kit',
    ]);
    expect(await handles('?v=CROWN')).toHaveLength(2);
    expect(await handles('?vendor=Yale')).toEqual(['hydraulic-pump']);
    expect(await handles('?v=Crow')).toEqual([]);
    expect(await handles(`?v=${encodeURIComponent("Crown' OR 1=1 --")}`)).toEqual([]);
  });

  it.each([
    ['?t=Material_Polyurethane', 'poly-load-wheel'],
    ['?t=material_polyurethane', 'poly-load-wheel'],
    ['?t=MATERIAL_NYLON', 'nylon-steer-wheel'],
    ['?t=Material,Rubber', 'hydraulic-seal-kit'],
    ['?t=size_8%20IN', 'poly-load-wheel'],
  ])('t filters by prefix_value with case variants (%s)', async (query, handle) => {
    expect(await handles(query)).toEqual([handle]);
  });

  it('t: values of one prefix are alternatives, different prefixes all apply', async () => {
    expect((await handles('?t=Material_Nylon&t=Material_Rubber')).sort()).toEqual([
      'hydraulic-seal-kit',
      'nylon-steer-wheel',
    ]);
    expect(await handles('?t=Material_Nylon,Size_10%20in')).toEqual(['nylon-steer-wheel']);
    expect(await handles('?t=Material_Polyurethane&t=Size_10%20in')).toEqual([]);
  });

  it('t ignores parts that are not filters', async () => {
    expect(await handles('?t=junk')).toHaveLength(5);
    expect(await handles('?t=_x')).toHaveLength(5);
    const many = Array.from({ length: 200 }, (_, n) => `t=Material_${n}`).join('&');
    expect(await handles(`?${many}`)).toEqual([]);
  });

  it('combines q, c, v, t and prices', async () => {
    const app = fixtureApp();
    const parts = collectionId(app.db, 'parts');
    const { handles: found } = await filter(
      `?q=wheel&c=${parts}&v=crown&t=Material_Polyurethane&minPrice=40&maxPrice=50`,
      app,
    );
    expect(found).toEqual(['poly-load-wheel']);
  });
});

describe('GET /api/products/filter: prices and availability', () => {
  it('minPrice and maxPrice are inclusive bounds', async () => {
    expect(await handles('?minPrice=20&maxPrice=60&sortBy=price_asc')).toEqual([
      'nylon-steer-wheel',
      'poly-load-wheel',
    ]);
    expect(await handles('?minPrice=49.99&maxPrice=49.99')).toEqual(['poly-load-wheel']);
    expect(await handles('?maxPrice=0')).toEqual(['hydraulic-seal-kit']);
    expect(await handles('?minPrice=300')).toEqual(['hydraulic-pump']);
    expect(await handles('?maxPrice=%2412')).toEqual(['hydraulic-seal-kit', 'lift-chain']);
    expect(await handles('?minPrice=100&maxPrice=10')).toEqual([]);
  });

  it.each(['abc', '-5', '1e3', '', 'NaN', '12,5'])('ignores a price bound of %j', async (bad) => {
    expect(await handles(`?minPrice=${bad}&maxPrice=${bad}`)).toHaveLength(5);
  });

  it('availableForSaleOnly leaves out what cannot be sold', async () => {
    const only = await handles('?availableForSaleOnly=true');
    expect(only).toHaveLength(4);
    expect(only).not.toContain('nylon-steer-wheel');
    // Stock may go negative: still for sale.
    expect(only).toContain('hydraulic-seal-kit');
    expect(await handles('?availableForSaleOnly=false')).toHaveLength(5);
    expect(await handles('?availableForSaleOnly=banana')).toHaveLength(5);
  });
});

describe('GET /api/products/filter: sortBy', () => {
  const byId = [
    'poly-load-wheel',
    'nylon-steer-wheel',
    'hydraulic-seal-kit',
    'hydraulic-pump',
    'lift-chain',
  ];
  it.each([
    ['', byId],
    ['id_asc', byId],
    ['id_desc', [...byId].reverse()],
    [
      'title_asc',
      [
        'hydraulic-pump',
        'hydraulic-seal-kit',
        'lift-chain',
        'nylon-steer-wheel',
        'poly-load-wheel',
      ],
    ],
    [
      'title_desc',
      [
        'poly-load-wheel',
        'nylon-steer-wheel',
        'lift-chain',
        'hydraulic-seal-kit',
        'hydraulic-pump',
      ],
    ],
    [
      'price_asc',
      [
        'hydraulic-seal-kit',
        'lift-chain',
        'nylon-steer-wheel',
        'poly-load-wheel',
        'hydraulic-pump',
      ],
    ],
    [
      'price_desc',
      [
        'hydraulic-pump',
        'poly-load-wheel',
        'nylon-steer-wheel',
        'lift-chain',
        'hydraulic-seal-kit',
      ],
    ],
    [
      'top_rated',
      [
        'hydraulic-pump',
        'poly-load-wheel',
        'nylon-steer-wheel',
        'lift-chain',
        'hydraulic-seal-kit',
      ],
    ],
    [
      'best_selling',
      [
        'hydraulic-seal-kit',
        'poly-load-wheel',
        'nylon-steer-wheel',
        'hydraulic-pump',
        'lift-chain',
      ],
    ],
    ['bogus', byId],
    [
      'PRICE_ASC',
      [
        'hydraulic-seal-kit',
        'lift-chain',
        'nylon-steer-wheel',
        'poly-load-wheel',
        'hydraulic-pump',
      ],
    ],
  ])('sortBy=%s', async (sortBy, expected) => {
    expect(await handles(`?sortBy=${sortBy}`)).toEqual(expected);
  });

  it('sorts titles as text, not by their markup', async () => {
    const app = fixtureApp();
    const base = fixtureProducts[4];
    if (!base) throw new Error('fixture missing');
    upsertProduct(app.db, {
      ...base,
      id: 901,
      handle: 'marked-up',
      title: '<strong>Zinc</strong> pin',
    });
    upsertProduct(app.db, { ...base, id: 902, handle: 'plain-a', title: 'Axle <em>nut</em>' });
    const { handles: found } = await filter('?sortBy=title_asc&limit=100', app);
    expect(found[0]).toBe('plain-a');
    expect(found.at(-1)).toBe('marked-up');
  });

  it('sorts a search by relevance by default: a part-number hit first', async () => {
    const app = fixtureApp();
    const base = fixtureProducts[4];
    if (!base) throw new Error('fixture missing');
    upsertProduct(app.db, { ...base, handle: 'wheel-nut', title: 'Wheel nut for 85288 hubs' });
    const { handles: found } = await filter('?q=85288', app);
    expect(found).toHaveLength(2);
    expect(found[0]).toBe('poly-load-wheel');
  });

  it('keeps sorting across pages without overlap', async () => {
    const app = fixtureApp();
    const pages = await Promise.all(
      [0, 1].map((page) => filter(`?sortBy=price_desc&limit=4&page=${page}`, app)),
    );
    expect(pages.flatMap((page) => page.handles)).toEqual([
      'hydraulic-pump',
      'poly-load-wheel',
      'nylon-steer-wheel',
      'lift-chain',
      'hydraulic-seal-kit',
    ]);
  });
});

describe('GET /api/products/filter: limit, page, fields', () => {
  it.each([4, 8, 10, 16, 24, 25, 48, 64, 76])('accepts limit=%i', async (limit) => {
    expect((await filter(`?limit=${limit}`)).pageInfo.limitPerPage).toBe(limit);
  });

  it.each(['5', '0', '-4', '1000', 'abc', '4.5', ''])('treats limit=%j as 24', async (limit) => {
    expect((await filter(`?limit=${limit}`)).pageInfo.limitPerPage).toBe(24);
  });

  it('pages are zero-based and totalPages rounds up', async () => {
    const first = await filter('?limit=4&page=0');
    expect(first.products).toHaveLength(4);
    expect(first.pageInfo).toMatchObject({ totalObjects: 5, totalPages: 2, page: 0 });
    const second = await filter('?limit=4&page=1');
    expect(second.handles).toEqual(['lift-chain']);
    expect(second.pageInfo.page).toBe(1);
    const beyond = await filter('?limit=4&page=7');
    expect(beyond.products).toEqual([]);
    expect(beyond.pageInfo).toMatchObject({ totalObjects: 5, page: 7 });
  });

  it.each(['-1', 'abc', '1.5', ''])('treats page=%j as 0', async (page) => {
    expect((await filter(`?limit=4&page=${page}`)).pageInfo.page).toBe(0);
  });

  it('caps an enormous page number', async () => {
    const { products, pageInfo } = await filter('?page=99999999999999999999');
    expect(products).toEqual([]);
    expect(pageInfo.page).toBe(100_000);
  });

  it('fields keeps only the asked keys, plus id', async () => {
    const { products } = await filter('?fields=title,handle&limit=4');
    expect(products).toHaveLength(4);
    for (const card of products)
      expect(Object.keys(card).sort()).toEqual(['handle', 'id', 'title']);
    const odd = await filter('?fields=bogus,__proto__,constructor,,price');
    expect(Object.keys(odd.products[0] ?? {}).sort()).toEqual(['id', 'price']);
  });
});
