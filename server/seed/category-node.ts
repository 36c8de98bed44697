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

/** A node as a department's JSON file holds it (server/seed/categories/): kinds unchecked. */
export type CategoryData = Omit<CategoryNode, 'kind' | 'children'> & {
  kind?: string;
  children?: readonly CategoryData[];
};

const isPartKind = (kind: string): kind is PartKind =>
  (PART_KINDS as readonly string[]).includes(kind);

/** A department read from its JSON file, with every leaf's part kind checked. */
export function categoryNode(data: CategoryData): CategoryNode {
  const { kind, children, ...node } = data;
  if (kind !== undefined && !isPartKind(kind))
    throw new Error(`The category ${data.handle} has an unknown part kind ${kind}.`);
  return {
    ...node,
    ...(kind === undefined ? {} : { kind }),
    ...(children === undefined ? {} : { children: children.map(categoryNode) }),
  };
}
