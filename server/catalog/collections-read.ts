import type { Database } from '../db/open.ts';
import { ancestorChain, descendantIds, type CollectionTree } from './collections-tree.ts';

/** An image of a collection at one placement (spec storefront 4, "Image placement"). */
export interface ImagePlacement {
  imagePath: string;
  altText: string;
}

/**
 * A collection as the API returns it (spec storefront 4, "Collection"), plus the fields the
 * build needs to rebuild the tree and pages from the list alone (parentId, position, images,
 * productCount, updatedAt).
 */
export interface CollectionRecord {
  id: number;
  title: string;
  handle: string;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  isFeatured: boolean;
  imageUrl: string | null;
  descriptionHtml: string;
  childCollectionsCount: number;
  parentId: number | null;
  position: number;
  /** From the top-level ancestor down to (and including) this collection. */
  breadcrumbs: { title: string; handle: string }[];
  /** Image placements by name, e.g. { topBanner: { imagePath, altText } }. */
  images: Record<string, ImagePlacement>;
  /** Distinct products in this collection or any of its descendants. */
  productCount: number;
  updatedAt: string;
}

export type CollectionField = keyof CollectionRecord;

/** Every field a list may project to with `fields=` (spec storefront 7). */
export const COLLECTION_FIELDS: readonly CollectionField[] = [
  'id',
  'title',
  'handle',
  'seoTitle',
  'seoDescription',
  'isIndexed',
  'isFeatured',
  'imageUrl',
  'descriptionHtml',
  'childCollectionsCount',
  'parentId',
  'position',
  'breadcrumbs',
  'images',
  'productCount',
  'updatedAt',
];

/** A collections row with the columns renamed for the API. */
export interface CollectionRow {
  id: number;
  title: string;
  handle: string;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: number;
  isFeatured: number;
  imageUrl: string | null;
  descriptionHtml: string;
  parentId: number | null;
  position: number;
  updatedAt: string;
}

/** The SELECT list that yields a CollectionRow from `collections` (aliased `c`). */
export const COLLECTION_COLUMNS = `c.id, c.title, c.handle, c.seo_title AS seoTitle,
  c.seo_description AS seoDescription, c.is_indexed AS isIndexed, c.is_featured AS isFeatured,
  c.image_url AS imageUrl, c.description_html AS descriptionHtml, c.parent_id AS parentId,
  c.position, c.updated_at AS updatedAt`;

/** One collection row by id or by handle; undefined when there is none. */
export function findCollectionRow(
  db: Database,
  key: { id: number } | { handle: string },
): CollectionRow | undefined {
  const where = 'id' in key ? 'c.id = ?' : 'c.handle = ?';
  const value = 'id' in key ? key.id : key.handle;
  return db.prepare(`SELECT ${COLLECTION_COLUMNS} FROM collections c WHERE ${where}`).get(value) as
    CollectionRow | undefined;
}

/**
 * Distinct product counts of each collection's subtree, in one query for all of them
 * (descendants come from the in-memory tree, so a parent cycle cannot loop the SQL).
 */
export function productCounts(
  db: Database,
  tree: CollectionTree,
  ids: readonly number[],
): Map<number, number> {
  const subtrees = Object.fromEntries(ids.map((id) => [id, descendantIds(tree, id)]));
  const rows = db
    .prepare(
      `SELECT CAST(o.key AS INTEGER) AS id, COUNT(DISTINCT pc.product_id) AS n
       FROM json_each(?) AS o, json_each(o.value) AS d
       JOIN product_collections AS pc ON pc.collection_id = d.value
       GROUP BY o.key`,
    )
    .all(JSON.stringify(subtrees)) as unknown as { id: number; n: number }[];
  return new Map(rows.map((row) => [row.id, row.n]));
}

/** Image placements of these collections, by collection id then placement name. */
export function placementsOf(
  db: Database,
  ids: readonly number[],
): Map<number, Record<string, ImagePlacement>> {
  const rows = db
    .prepare(
      `SELECT collection_id AS id, placement, image_path AS imagePath, alt_text AS altText
       FROM collection_images WHERE collection_id IN (SELECT value FROM json_each(?))
       ORDER BY placement`,
    )
    .all(JSON.stringify(ids)) as unknown as ({ id: number; placement: string } & ImagePlacement)[];
  const out = new Map<number, Record<string, ImagePlacement>>();
  for (const { id, placement, imagePath, altText } of rows) {
    const images = out.get(id) ?? {};
    images[placement] = { imagePath, altText };
    out.set(id, images);
  }
  return out;
}

/**
 * API records for these rows. `wanted` limits the work to the fields a caller projects to
 * (product counts and images are only queried when asked for); null means every field.
 */
export function collectionRecords(
  db: Database,
  tree: CollectionTree,
  rows: readonly CollectionRow[],
  wanted: ReadonlySet<CollectionField> | null = null,
): CollectionRecord[] {
  const ids = rows.map((row) => row.id);
  const counts = !wanted || wanted.has('productCount') ? productCounts(db, tree, ids) : undefined;
  const images = !wanted || wanted.has('images') ? placementsOf(db, ids) : undefined;
  return rows.map((row) => ({
    ...row,
    isIndexed: row.isIndexed === 1,
    isFeatured: row.isFeatured === 1,
    childCollectionsCount: tree.childrenOf(row.id).length,
    breadcrumbs: ancestorChain(tree, row.id).map(({ title, handle }) => ({ title, handle })),
    images: images?.get(row.id) ?? {},
    productCount: counts?.get(row.id) ?? 0,
  }));
}

/** Keeps only the `fields` of a record, and always its id (spec storefront 7, fields=). */
export function project(
  record: CollectionRecord,
  fields: ReadonlySet<CollectionField>,
): Partial<CollectionRecord> & { id: number } {
  const out: Partial<CollectionRecord> & { id: number } = { id: record.id };
  for (const field of fields) Object.assign(out, { [field]: record[field] });
  return out;
}
