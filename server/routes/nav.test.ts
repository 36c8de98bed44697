import { describe, expect, it } from 'vitest';
import { addChain, seedCollectionTree } from '../catalog/collections.testing.ts';
import { MAX_NAV_DEPTH, type NavNode } from '../catalog/collections-nav.ts';
import { upsertCollection } from '../catalog/write.ts';
import { getJsonReply } from './content.testing.ts';
import { appPerTest, testApp } from '../testing/app.ts';
import { isRootRelativePath } from './nav.ts';

const ctx = appPerTest(seedCollectionTree);
const id = (handle: string) => ctx.seeded[handle] ?? -1;

const get = (query: string) => getJsonReply(ctx.app, `/api/nav${query}`);

async function nav(query: string): Promise<NavNode[]> {
  const { status, body } = await get(query);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(Object.keys(body)).toEqual(['navData']);
  return body['navData'] as NavNode[];
}

/** Titles as a nested outline, for comparing tree shapes at a glance. */
const outline = (nodes: NavNode[]): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.title, outline(node.children)] : node.title));

/** How many levels a menu has. */
const levels = (nodes: NavNode[]): number =>
  nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((node) => levels(node.children)));

describe('GET /api/nav', () => {
  it('returns the whole tree from the top level when no depth is given', async () => {
    const data = await nav('?collectionUrlPrefix=/collections');
    expect(outline(data)).toEqual([
      ['Pallet Jack Parts', ['Seals', ['Wheels', ['Load Wheels', 'Steer Wheels']]]],
      'Forklift Parts',
      'Batteries',
    ]);
  });

  it('gives every node id, title, url, maxChildItemsToDisplay and children', async () => {
    const [first] = await nav('?collectionUrlPrefix=/collections');
    expect(first).toEqual({
      id: id('pallet-jack-parts'),
      title: 'Pallet Jack Parts',
      url: '/collections/pallet-jack-parts',
      maxChildItemsToDisplay: null,
      children: [
        {
          id: id('seals'),
          title: 'Seals',
          url: '/collections/seals',
          maxChildItemsToDisplay: null,
          children: [],
        },
        expect.objectContaining({ url: '/collections/wheels' }) as unknown,
      ],
    });
    expect(first).not.toHaveProperty('imageUrl');
  });

  it("gives a collection's maxChildItemsToDisplay as the merchandiser set it", async () => {
    upsertCollection(ctx.db, {
      id: id('pallet-jack-parts'),
      handle: 'pallet-jack-parts',
      title: 'Pallet Jack Parts',
      maxChildItemsToDisplay: 12,
    });
    const [first, second] = await nav('?collectionUrlPrefix=/collections');
    expect(first?.maxChildItemsToDisplay).toBe(12);
    expect(second?.maxChildItemsToDisplay).toBeNull();
  });

  it('cuts the tree at depth=1 (top level with empty children)', async () => {
    const data = await nav('?collectionUrlPrefix=/collections&depth=1');
    expect(data.map((node) => node.title)).toEqual([
      'Pallet Jack Parts',
      'Forklift Parts',
      'Batteries',
    ]);
    expect(data.every((node) => node.children.length === 0)).toBe(true);
  });

  it('cuts the tree at depth=2 and leaves deeper trees whole at depth=6', async () => {
    expect(outline(await nav('?collectionUrlPrefix=/collections&depth=2'))).toEqual([
      ['Pallet Jack Parts', ['Seals', 'Wheels']],
      'Forklift Parts',
      'Batteries',
    ]);
    expect(levels(await nav('?collectionUrlPrefix=/collections&depth=6'))).toBe(3);
  });

  it('adds imageUrl from the asked placement, null where the collection has none', async () => {
    const data = await nav('?collectionUrlPrefix=/collections&depth=1&imagePlacement=menuImage');
    expect(data.map((node) => node.imageUrl)).toEqual(['/api/media/pj-menu.png', null, null]);
    const deep = await nav('?collectionUrlPrefix=/collections&imagePlacement=menuImage');
    expect(deep[0]?.children[0]).toHaveProperty('imageUrl', null);
    const other = await nav('?collectionUrlPrefix=/collections&depth=1&imagePlacement=nothing');
    expect(other.map((node) => node.imageUrl)).toEqual([null, null, null]);
  });

  it('uses the prefix as given, without doubling a slash', async () => {
    const urls = async (prefix: string) =>
      (await nav(`?collectionUrlPrefix=${encodeURIComponent(prefix)}&depth=1`)).map((n) => n.url);
    expect(await urls('/c')).toEqual(['/c/pallet-jack-parts', '/c/forklift-parts', '/c/batteries']);
    expect(await urls('/categories/')).toContain('/categories/batteries');
    expect(await urls('/')).toContain('/batteries');
    expect(await urls('/shop/parts')).toContain('/shop/parts/forklift-parts');
  });

  it('defaults the prefix to /collections', async () => {
    const [first] = await nav('?depth=1');
    expect(first?.url).toBe('/collections/pallet-jack-parts');
  });

  it('is an empty list for an empty catalogue', async () => {
    ctx.app = testApp().app;
    expect(await nav('?collectionUrlPrefix=/collections')).toEqual([]);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'collections'],
    ['a double slash inside', '/a//b'],
    ['a backslash', '/\\evil.example'],
    ['a query', '/collections?x=1'],
    ['a fragment', '/collections#top'],
    ['spaces', '/my collections'],
    ['an empty value', ''],
    ['a long value', `/${'a'.repeat(300)}`],
  ])('answers 400 JSON for a prefix with %s', async (_name, prefix) => {
    const { status, body } = await get(`?collectionUrlPrefix=${encodeURIComponent(prefix)}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: expect.stringContaining('collectionUrlPrefix') as unknown });
  });

  it.each(['0', '-1', '1.5', 'abc', '1e2', String(MAX_NAV_DEPTH + 1), '99999999999', ' 2'])(
    'answers 400 JSON for depth=%s',
    async (depth) => {
      const { status, body } = await get(
        `?collectionUrlPrefix=/collections&depth=${encodeURIComponent(depth)}`,
      );
      expect(status).toBe(400);
      expect(body).toEqual({ error: expect.stringContaining('depth') as unknown });
    },
  );

  it('treats an empty depth as no limit', async () => {
    expect(levels(await nav('?collectionUrlPrefix=/collections&depth='))).toBe(3);
  });

  it('refuses an oversized imagePlacement', async () => {
    const { status } = await get(`?imagePlacement=${'m'.repeat(51)}`);
    expect(status).toBe(400);
  });

  it('treats SQL in imagePlacement as a plain name', async () => {
    const data = await nav(`?depth=1&imagePlacement=${encodeURIComponent("x' OR '1'='1")}`);
    expect(data.map((node) => node.imageUrl)).toEqual([null, null, null]);
  });
});

describe('GET /api/nav on a corrupt or very large tree', () => {
  it('leaves out collections caught in a parent cycle, without hanging', async () => {
    // wheels -> steer-wheels -> wheels: the pair and load-wheels hang off no top level.
    ctx.db
      .prepare('UPDATE collections SET parent_id = ? WHERE id = ?')
      .run(id('steer-wheels'), id('wheels'));
    ctx.db.prepare('UPDATE collections SET parent_id = id WHERE id = ?').run(id('batteries'));
    expect(outline(await nav('?collectionUrlPrefix=/collections'))).toEqual([
      ['Pallet Jack Parts', ['Seals']],
      'Forklift Parts',
    ]);
  });

  it('caps a chain deeper than the maximum depth and still serialises', async () => {
    addChain(ctx.db, 'deep', 300, id('batteries'));
    const data = await nav('?collectionUrlPrefix=/collections');
    expect(levels(data)).toBe(MAX_NAV_DEPTH);
    const limited = await nav('?collectionUrlPrefix=/collections&depth=50');
    expect(levels(limited)).toBe(50);
  });

  it('builds a wide tree of thousands of collections', async () => {
    const insert = ctx.db.prepare(
      'INSERT INTO collections (handle, title, parent_id, position) VALUES (?, ?, ?, ?) RETURNING id',
    );
    for (let b = 0; b < 40; b++) {
      const branch = (
        insert.get(`branch-${b}`, `Branch ${b}`, id('forklift-parts'), 40 - b) as { id: number }
      ).id;
      for (let k = 0; k < 99; k++) insert.run(`leaf-${b}-${k}`, `Leaf ${b} ${k}`, branch, k);
    }
    const data = await nav('?collectionUrlPrefix=/collections&imagePlacement=menuImage');
    const forklift = data.find((node) => node.title === 'Forklift Parts');
    expect(forklift?.children).toHaveLength(40);
    // Children by position: branch 39 has position 1, branch 0 position 40.
    expect(forklift?.children[0]?.title).toBe('Branch 39');
    expect(forklift?.children[0]?.children).toHaveLength(99);
    expect(forklift?.children[0]?.children[0]?.url).toBe('/collections/leaf-39-0');
  });
});

describe('isRootRelativePath', () => {
  it.each(['/', '/collections', '/collections/', '/a/b-c/d_e.f', '/%7Euser'])(
    'accepts %s',
    (value) => expect(isRootRelativePath(value)).toBe(true),
  );

  it.each(['', 'a', '//x', '/a//b', 'http://x/', '/a b', '/a?b', '/a#b', '/\\x', '/a\nb'])(
    'refuses %j',
    (value) => expect(isRootRelativePath(value)).toBe(false),
  );
});
