import { describe, expect, it } from 'vitest';
import type { SidebarData } from './collection-sidebar.ts';
import { sidebarDigest } from './sidebar-digest.ts';

const sidebar = (): SidebarData => ({
  nav: [
    {
      id: 1,
      title: 'Pallet Jack Parts',
      url: '/collections/pallet-jack-parts',
      children: [{ id: 2, title: 'Wheels', url: '/collections/wheels', children: [] }],
    },
  ],
  brands: [{ name: 'Crown' }, { name: 'Blue Giant' }],
});

describe('sidebarDigest', () => {
  const base = sidebarDigest(sidebar());

  it('is stable for the same sidebar', () => {
    expect(sidebarDigest(sidebar())).toBe(base);
    expect(base).toMatch(/^[0-9a-f]{24}$/);
  });

  it('changes with what the sidebar shows', () => {
    const changed: ((s: SidebarData) => SidebarData)[] = [
      // A category renamed deep in the tree.
      (s) => {
        const [top] = s.nav;
        if (!top) throw new Error('no node');
        return { ...s, nav: [{ ...top, children: [{ ...top.children[0]!, title: 'Casters' }] }] };
      },
      (s) => ({ ...s, nav: [] }),
      (s) => ({ ...s, brands: [{ name: 'Crown' }, { name: 'Big Joe' }] }),
      (s) => ({ ...s, brands: [...s.brands].reverse() }),
    ];
    const digests = changed.map((change) => sidebarDigest(change(sidebar())));
    for (const digest of digests) expect(digest).not.toBe(base);
    expect(new Set(digests).size).toBe(digests.length);
  });

  it("does not change when a top brand's product count does, which it does not show", () => {
    const counted = {
      ...sidebar(),
      brands: [
        { name: 'Crown', productCount: 40 },
        { name: 'Blue Giant', productCount: 12 },
      ],
    };
    const more = {
      ...counted,
      brands: [
        { name: 'Crown', productCount: 41 },
        { name: 'Blue Giant', productCount: 12 },
      ],
    };
    expect(sidebarDigest(more)).toBe(sidebarDigest(counted));
    expect(sidebarDigest(counted)).toBe(base);
  });
});
