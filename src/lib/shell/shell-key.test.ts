import { describe, expect, it } from 'vitest';
import type { NavNode } from '../../../shared/contracts/catalogue-records.ts';
import { shellKey, type ShellInputs } from './shell-key.ts';

const node = (id: number, title: string, children: NavNode[] = []): NavNode => ({
  id,
  title,
  url: `/collections/c-${id}`,
  imageUrl: null,
  maxChildItemsToDisplay: null,
  children,
});

const inputs = (): ShellInputs => ({
  tree: [
    node(1, 'Pallet Jack Parts', [node(2, 'Wheels', [node(3, 'Load Wheels')])]),
    node(4, 'Forklift Parts'),
  ],
  searchCategories: [
    { id: 1, title: 'Pallet Jack Parts' },
    { id: 4, title: 'Forklift Parts' },
  ],
  year: 2026,
});

describe('shellKey', () => {
  it('is the same for the same shell, and a short hex digest', () => {
    expect(shellKey(inputs())).toBe(shellKey(inputs()));
    expect(shellKey(inputs())).toMatch(/^[0-9a-f]{24}$/);
  });

  it('changes when a collection deep in the mobile menu is renamed', () => {
    const renamed = inputs();
    const leaf = renamed.tree[0]?.children[0]?.children[0];
    if (!leaf) throw new Error('fixture lost its leaf');
    leaf.title = 'Load Rollers';
    expect(shellKey(renamed)).not.toBe(shellKey(inputs()));
  });

  it('changes when a menu link, image or child limit changes', () => {
    const base = shellKey(inputs());
    const moved = inputs();
    if (moved.tree[1]) moved.tree[1].url = '/collections/forklift';
    expect(shellKey(moved)).not.toBe(base);
    const pictured = inputs();
    if (pictured.tree[1]) pictured.tree[1].imageUrl = '/api/media/menu/forklift.svg';
    expect(shellKey(pictured)).not.toBe(base);
    const limited = inputs();
    if (limited.tree[0]) limited.tree[0].maxChildItemsToDisplay = 3;
    expect(shellKey(limited)).not.toBe(base);
    const reordered = inputs();
    reordered.tree = [...reordered.tree].reverse();
    expect(shellKey(reordered)).not.toBe(base);
  });

  it("changes with the search box's categories and the footer's year", () => {
    const base = shellKey(inputs());
    const category = inputs();
    category.searchCategories = [
      { id: 1, title: 'Pallet Jack Spares' },
      { id: 4, title: 'Forklift Parts' },
    ];
    expect(shellKey(category)).not.toBe(base);
    expect(shellKey({ ...inputs(), year: 2027 })).not.toBe(base);
  });

  it('reads only the id and title of a category, as the search box does', () => {
    const extra = inputs();
    extra.searchCategories = extra.searchCategories.map((c) => ({ ...c, productCount: 9 }));
    expect(shellKey(extra)).toBe(shellKey(inputs()));
  });
});
