import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/open.ts';
import { addChain, seedCollectionTree } from './collections.testing.ts';
import {
  ancestorChain,
  descendantIds,
  loadCollectionTree,
  subtree,
  type TreeNode,
} from './collections-tree.ts';

let db: Database;
let ids: Record<string, number>;
const id = (handle: string) => ids[handle] ?? -1;
const handles = (nodes: readonly TreeNode[]) => nodes.map((node) => node.handle);

beforeEach(() => {
  db = openDatabase(':memory:');
  ids = seedCollectionTree(db);
});

describe('loadCollectionTree', () => {
  it('orders the top level and every child list by position', () => {
    const tree = loadCollectionTree(db);
    expect(handles(tree.roots)).toEqual(['pallet-jack-parts', 'forklift-parts', 'batteries']);
    expect(handles(tree.childrenOf(id('pallet-jack-parts')))).toEqual(['seals', 'wheels']);
    expect(handles(tree.childrenOf(id('wheels')))).toEqual(['load-wheels', 'steer-wheels']);
    expect(tree.childrenOf(id('load-wheels'))).toEqual([]);
    expect(tree.childrenOf(999_999)).toEqual([]);
    expect(tree.byId.get(id('wheels'))).toMatchObject({
      handle: 'wheels',
      title: 'Wheels',
      parentId: id('pallet-jack-parts'),
      position: 1,
      imageUrl: null,
    });
  });

  it('breaks ties in position by id', () => {
    db.exec('UPDATE collections SET position = 0');
    const tree = loadCollectionTree(db);
    const rootIds = tree.roots.map((node) => node.id);
    expect(rootIds).toEqual([...rootIds].sort((a, b) => a - b));
  });

  it('treats an empty catalogue as an empty tree', () => {
    const tree = loadCollectionTree(openDatabase(':memory:'));
    expect(tree.roots).toEqual([]);
    expect(tree.byId.size).toBe(0);
  });
});

describe('ancestorChain', () => {
  it('runs from the top level down to the collection itself', () => {
    const tree = loadCollectionTree(db);
    expect(handles(ancestorChain(tree, id('load-wheels')))).toEqual([
      'pallet-jack-parts',
      'wheels',
      'load-wheels',
    ]);
    expect(handles(ancestorChain(tree, id('batteries')))).toEqual(['batteries']);
  });

  it('is empty for an unknown id', () => {
    expect(ancestorChain(loadCollectionTree(db), 424_242)).toEqual([]);
  });

  it('stops at a parent cycle instead of looping', () => {
    // pallet-jack-parts -> load-wheels -> wheels -> pallet-jack-parts ...
    db.prepare('UPDATE collections SET parent_id = ? WHERE id = ?').run(
      id('load-wheels'),
      id('pallet-jack-parts'),
    );
    const chain = ancestorChain(loadCollectionTree(db), id('load-wheels'));
    expect(handles(chain)).toEqual(['pallet-jack-parts', 'wheels', 'load-wheels']);
  });

  it('stops at a collection that is its own parent', () => {
    db.prepare('UPDATE collections SET parent_id = id WHERE id = ?').run(id('batteries'));
    expect(handles(ancestorChain(loadCollectionTree(db), id('batteries')))).toEqual(['batteries']);
  });

  it('walks a chain thousands deep without recursion', () => {
    const chain = addChain(db, 'deep', 5000, null);
    const last = chain.at(-1) ?? -1;
    const found = ancestorChain(loadCollectionTree(db), last);
    expect(found).toHaveLength(5000);
    expect(found[0]?.handle).toBe('deep-1');
  });
});

describe('subtree', () => {
  it('lists the subtree in pre-order with levels', () => {
    const entries = subtree(loadCollectionTree(db), id('pallet-jack-parts'));
    expect(entries.map(({ node, level }) => [node.handle, level])).toEqual([
      ['pallet-jack-parts', 1],
      ['seals', 2],
      ['wheels', 2],
      ['load-wheels', 3],
      ['steer-wheels', 3],
    ]);
  });

  it('cuts at maxLevel', () => {
    const entries = subtree(loadCollectionTree(db), id('pallet-jack-parts'), 2);
    expect(entries.map(({ node }) => node.handle)).toEqual([
      'pallet-jack-parts',
      'seals',
      'wheels',
    ]);
  });

  it('is empty for an unknown id and a leaf is only itself', () => {
    const tree = loadCollectionTree(db);
    expect(subtree(tree, 0)).toEqual([]);
    expect(descendantIds(tree, id('seals'))).toEqual([id('seals')]);
  });

  it('visits each collection of a cycle once', () => {
    db.prepare('UPDATE collections SET parent_id = ? WHERE id = ?').run(
      id('steer-wheels'),
      id('pallet-jack-parts'),
    );
    const found = descendantIds(loadCollectionTree(db), id('wheels'));
    expect(new Set(found).size).toBe(found.length);
    expect(found).toEqual(
      expect.arrayContaining([id('wheels'), id('pallet-jack-parts'), id('seals')]),
    );
    expect(found).toHaveLength(5);
  });

  it('handles a chain thousands deep', () => {
    const chain = addChain(db, 'deep', 5000, null);
    expect(descendantIds(loadCollectionTree(db), chain[0] ?? -1)).toEqual(chain);
  });
});
