import { describe, expect, it } from 'vitest';
import { COLLECTION_BANNER_WORDS, collectionBannerWords } from '../media/pictures.ts';
import { collectionInputSchema } from '../catalog/input.ts';
import { BRANDS, brandCollectionHandle } from './brands.ts';
import { PART_KINDS } from './category-node.ts';
import { CATEGORY_TREE } from './category-tree.ts';
import { categoryLeaves, DEMO_MENU_CHILDREN, demoCollections } from './collections.ts';

describe('demoCollections', () => {
  const collections = demoCollections();
  const byHandle = new Map(collections.map((c) => [c.handle, c]));

  it('is valid catalogue input, with unique handles and ids 1..n', () => {
    for (const c of collections) expect(collectionInputSchema.safeParse(c).success).toBe(true);
    expect(new Set(collections.map((c) => c.handle)).size).toBe(collections.length);
    expect(collections.map((c) => c.id)).toEqual(collections.map((_, i) => i + 1));
  });

  it('sets the mobile menu length of pallet-jack-parts below its child count, and no other', () => {
    const children = collections.filter((c) => c.parent === 'pallet-jack-parts').length;
    const set = collections.filter((c) => c.maxChildItemsToDisplay !== null);
    expect(set.map((c) => [c.handle, c.maxChildItemsToDisplay])).toEqual([
      ['pallet-jack-parts', DEMO_MENU_CHILDREN['pallet-jack-parts']],
    ]);
    expect(children).toBeGreaterThan(DEMO_MENU_CHILDREN['pallet-jack-parts'] ?? Infinity);
  });

  it('lists every parent before its children', () => {
    const seen = new Set<string>();
    for (const c of collections) {
      if (c.parent !== null) expect(seen.has(c.parent)).toBe(true);
      seen.add(c.handle);
    }
  });

  it('is three levels deep and has pallet-jack-parts at the top', () => {
    const depth = (handle: string): number => {
      const parent = byHandle.get(handle)?.parent ?? null;
      return parent === null ? 1 : 1 + depth(parent);
    };
    expect(Math.max(...collections.map((c) => depth(c.handle)))).toBe(3);
    expect(byHandle.get('pallet-jack-parts')?.parent).toBeNull();
    expect(byHandle.get('pallet-jack-load-wheels')?.parent).toBe('pallet-jack-wheels');
    expect(byHandle.get('forklift-seal-kits')?.parent).toBe('forklift-hydraulics');
  });

  it('gives each collection its picture, some banners, menu images and long descriptions', () => {
    for (const c of collections) {
      expect(c.imageUrl).toBe(`/api/media/collections/${c.handle}.svg`);
      expect(c.descriptionHtml).toMatch(/^<(p|h2)>/);
    }
    const banners = collections.filter((c) => c.images['topBanner']);
    expect(banners.length).toBeGreaterThan(5);
    for (const c of banners) {
      expect(c.images['topBanner']).toEqual({
        imagePath: `/api/media/banners/collection-${c.handle}.svg`,
        altText: collectionBannerWords(c.handle),
      });
      // A promise of the store, never the collection's name the heading above it says.
      expect(COLLECTION_BANNER_WORDS).toContain(collectionBannerWords(c.handle));
      expect(collectionBannerWords(c.handle)).not.toContain(c.title);
    }
    expect(collections.filter((c) => c.images['menuImage']).length).toBeGreaterThan(5);
    // Long enough to pass the 800 px Read More threshold (spec storefront 2).
    expect(collections.filter((c) => c.descriptionHtml.length > 1400).length).toBeGreaterThan(10);
    expect(collections.filter((c) => c.isFeatured).length).toBeGreaterThan(3);
  });

  it('has a collection with more children than the 21 shown before View More', () => {
    // spec storefront 9; tests/e2e/collections.spec.ts opens 'View More' on it.
    const byBrand = collections.filter((c) => c.parent === 'parts-by-brand');
    expect(byBrand.length).toBeGreaterThan(21);
    expect(byBrand.map((c) => c.handle)).toEqual(
      BRANDS.map((brand) => brandCollectionHandle(brand.name)),
    );
  });

  it('positions siblings 0..n-1', () => {
    const groups = new Map<string | null, number[]>();
    for (const c of collections)
      groups.set(c.parent, [...(groups.get(c.parent) ?? []), c.position]);
    for (const positions of groups.values()) expect(positions).toEqual(positions.map((_, i) => i));
  });
});

describe('categoryLeaves', () => {
  it('returns leaves with their full path and covers every picture kind', () => {
    const leaves = categoryLeaves();
    for (const leaf of leaves) {
      expect(leaf.path.at(-1)?.handle).toBe(leaf.node.handle);
      expect(CATEGORY_TREE.some((top) => top.handle === leaf.path[0]?.handle)).toBe(true);
      expect(leaf.node.nouns.length).toBeGreaterThan(0);
    }
    expect(new Set(leaves.map((l) => l.node.kind))).toEqual(new Set(PART_KINDS));
  });

  it('walks a custom tree', () => {
    const leaves = categoryLeaves([
      {
        handle: 'a',
        title: 'A',
        children: [{ handle: 'b', title: 'B', kind: 'pin', nouns: ['Pin'] }],
      },
      { handle: 'empty', title: 'Empty' },
    ]);
    expect(leaves.map((l) => l.path.map((n) => n.handle))).toEqual([['a', 'b']]);
  });
});
