import { describe, expect, it } from 'vitest';
import type { NavNode } from '../../../shared/contracts/catalogue-records.ts';
import { cutNav, DEFAULT_NAV_DEPTH, MOBILE_CHILD_LIMIT, mobileChildren } from './nav-menu.ts';

const node = (id: number, children: NavNode[] = [], max?: number | null): NavNode => ({
  id,
  title: `Node ${id}`,
  url: `/collections/n-${id}`,
  maxChildItemsToDisplay: max,
  children,
});

const tree = [node(1, [node(2, [node(3, [node(4)])])]), node(5)];

describe('cutNav', () => {
  it('keeps only the top level at depth 1 (the desktop default)', () => {
    expect(DEFAULT_NAV_DEPTH).toBe(1);
    const cut = cutNav(tree, 1);
    expect(cut.map((n) => n.id)).toEqual([1, 5]);
    expect(cut.every((n) => n.children.length === 0)).toBe(true);
  });

  it('keeps one more level per depth step', () => {
    const two = cutNav(tree, 2);
    expect(two[0]?.children.map((n) => n.id)).toEqual([2]);
    expect(two[0]?.children[0]?.children).toEqual([]);
    const three = cutNav(tree, 3);
    expect(three[0]?.children[0]?.children.map((n) => n.id)).toEqual([3]);
    expect(three[0]?.children[0]?.children[0]?.children).toEqual([]);
  });

  it('keeps everything when the depth is deeper than the tree', () => {
    expect(cutNav(tree, 10)).toEqual(tree);
  });

  it('treats a depth below 1 or not a number as 1', () => {
    for (const depth of [0, -3, Number.NaN]) {
      expect(cutNav(tree, depth).every((n) => n.children.length === 0)).toBe(true);
    }
  });

  it('does not change the tree it was given', () => {
    cutNav(tree, 1);
    expect(tree[0]?.children).toHaveLength(1);
  });
});

describe('mobileChildren', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => node(100 + i));

  it('shows at most 8 children by default and says it cut', () => {
    expect(MOBILE_CHILD_LIMIT).toBe(8);
    const result = mobileChildren(node(1, many(9)));
    expect(result.shown).toHaveLength(8);
    expect(result.cut).toBe(true);
  });

  it('shows all of 8 or fewer without a View all', () => {
    expect(mobileChildren(node(1, many(8)))).toMatchObject({ cut: false });
    expect(mobileChildren(node(1, many(8))).shown).toHaveLength(8);
    expect(mobileChildren(node(1, []))).toEqual({ shown: [], cut: false });
  });

  it("uses the node's maxChildItemsToDisplay when set", () => {
    expect(mobileChildren(node(1, many(5), 3))).toMatchObject({ cut: true });
    expect(mobileChildren(node(1, many(5), 3)).shown).toHaveLength(3);
    expect(mobileChildren(node(1, many(12), 20))).toMatchObject({ cut: false });
    expect(mobileChildren(node(1, many(12), 20)).shown).toHaveLength(12);
  });

  it('falls back to 8 for a missing, zero or negative maximum', () => {
    for (const max of [null, undefined, 0, -1]) {
      expect(mobileChildren(node(1, many(10), max)).shown).toHaveLength(8);
    }
  });
});
