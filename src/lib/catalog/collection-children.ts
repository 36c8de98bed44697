/** spec storefront 9: "Categories shown before View More: 21". */
export const CHILD_CATEGORIES_SHOWN = 21;

/** A child category as its tile shows it. */
export interface CategoryTile {
  title: string;
  path: string;
  image: string;
  alt: string;
}

/**
 * A collection's direct children (its hierarchy's LEVEL 2 entries) as tiles: the image is the
 * menu image placement, else the collection image, else the store's no-image picture.
 */
export function categoryTiles(
  children: readonly {
    title: string;
    handle: string;
    imageUrl: string | null;
    images: Readonly<Record<string, { imagePath: string; altText: string }>>;
  }[],
  options: { base: string; menuImage: string; noImage: string },
): CategoryTile[] {
  return children.map((child) => {
    const placement = child.images[options.menuImage];
    return {
      title: child.title,
      path: `${options.base}/${encodeURIComponent(child.handle)}`,
      image: placement?.imagePath ?? child.imageUrl ?? options.noImage,
      // The tile's title names the link; the picture adds nothing to it.
      alt: '',
    };
  });
}

/**
 * The tiles shown at first and the ones 'View More' reveals.
 * @example splitShown([1, 2, 3], 2) // { shown: [1, 2], more: [3] }
 */
export function splitShown<T>(
  items: readonly T[],
  shown = CHILD_CATEGORIES_SHOWN,
): { shown: T[]; more: T[] } {
  return { shown: items.slice(0, shown), more: items.slice(shown) };
}
