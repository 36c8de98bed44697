/** The demo catalogue's part kinds and the shape of its category tree (category-tree.ts). */

/** The picture kinds the media routes draw (`/api/media/products/{kind}-{n}.svg`). */
export const PART_KINDS = [
  'wheel',
  'seal-kit',
  'pump',
  'handle',
  'chain',
  'bearing',
  'battery',
  'charger',
  'axle',
  'pin',
  'brake',
  'fork',
  'roller',
  'cylinder',
  'switch',
  'controller',
  'horn',
  'light',
  'seat',
  'tire',
  'filter',
  'part',
] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** A node of the demo category tree; leaves say what kind of part they hold. */
export interface CategoryNode {
  handle: string;
  title: string;
  featured?: boolean;
  /** Leaves only: the part kind, the nouns used in titles, and the leaf's share of products. */
  kind?: PartKind;
  nouns?: readonly string[];
  weight?: number;
  children?: readonly CategoryNode[];
}

/** A leaf of the tree: a category that holds products of one kind. */
export const leaf = (
  handle: string,
  title: string,
  kind: PartKind,
  nouns: readonly string[],
  weight = 2,
  featured = false,
): CategoryNode => ({ handle, title, kind, nouns, weight, featured });
