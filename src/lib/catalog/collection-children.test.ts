import { describe, expect, it } from 'vitest';
import { CHILD_CATEGORIES_SHOWN, categoryTiles, splitShown } from './collection-children.ts';

const options = { base: '/collections', menuImage: 'menuImage', noImage: '/no-image.svg' };

describe('child category tiles', () => {
  it('prefers the menu image placement, then the collection image, then the no-image picture', () => {
    const tiles = categoryTiles(
      [
        {
          title: 'Wheels',
          handle: 'wheels',
          imageUrl: '/img/wheels.svg',
          images: { menuImage: { imagePath: '/img/wheels-menu.svg', altText: 'Wheels' } },
        },
        { title: 'Seals', handle: 'seals', imageUrl: '/img/seals.svg', images: {} },
        {
          title: 'Pins',
          handle: 'pins',
          imageUrl: null,
          images: { topBanner: { imagePath: '/b.svg', altText: '' } },
        },
      ],
      options,
    );
    expect(tiles.map((tile) => tile.image)).toEqual([
      '/img/wheels-menu.svg',
      '/img/seals.svg',
      '/no-image.svg',
    ]);
    expect(tiles.map((tile) => tile.path)).toEqual([
      '/collections/wheels',
      '/collections/seals',
      '/collections/pins',
    ]);
    expect(tiles.every((tile) => tile.alt === '')).toBe(true);
  });
});

describe('View More split', () => {
  it('shows 21 categories before View More', () => {
    expect(CHILD_CATEGORIES_SHOWN).toBe(21);
    const items = Array.from({ length: 30 }, (_, index) => index);
    const { shown, more } = splitShown(items);
    expect(shown).toHaveLength(21);
    expect(more).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29]);
  });

  it('has nothing to reveal at 21 or fewer', () => {
    expect(splitShown([1, 2, 3]).more).toEqual([]);
    expect(splitShown(Array.from({ length: 21 }, () => 0)).more).toEqual([]);
  });

  it('takes another count', () => {
    expect(splitShown([1, 2, 3], 2)).toEqual({ shown: [1, 2], more: [3] });
  });
});
