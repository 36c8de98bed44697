import type { Database } from '../db/open.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import {
  money,
  moneyOrNull,
  productIdentity,
  recordHead,
  type RecordHeadRow,
  type LevelRow as StoreLevelRow,
  type ProductRow as StoreProductRow,
} from './read-rows.ts';
import { VIDEO_METAFIELD_KEY, type Collection, type Product } from './input.ts';

/**
 * The catalogue as merchandisers write it ("GET in the admin format"): a
 * product or collection in exactly the input format of server/catalog/input.ts, with every
 * field, those in no public record too (unitsSold, featuredOrder, seoTitle, metafields...).
 * A PUT of what these return changes nothing, and PATCH merges into it.
 */

/** A product as the admin format has it, with its id and its variants' and levels' ids. */
export type AdminProduct = Product & { id: number };
/** A collection as the admin format has it, with its id. */
export type AdminCollection = Collection & { id: number };

/** Most video ids the format's videoIds holds; further video metafields stay metafields. */
const MAX_VIDEO_IDS = 10;

const statements = preparedPerDatabase((db: Database) => {
  const s = (sql: string) => db.prepare(sql);
  return {
    productIdByHandle: s('SELECT id FROM products WHERE handle = ?'),
    collectionIdByHandle: s('SELECT id FROM collections WHERE handle = ?'),
    product: s(`
      SELECT id, handle, title, seo_title, seo_description, is_indexed, vendor, sku, product_code,
        condition, price_cents, compare_at_price_cents, image_url, description_html, is_featured,
        featured_order, free_shipping, units_sold
      FROM products WHERE id = ?`),
    collections: s(`
      SELECT c.handle FROM product_collections pc JOIN collections c ON c.id = pc.collection_id
      WHERE pc.product_id = ? ORDER BY pc.position, c.id`),
    tags: s('SELECT prefix, value FROM product_tags WHERE product_id = ? ORDER BY rowid'),
    images: s(`
      SELECT url, alt_text, image_placement_id FROM product_images
      WHERE product_id = ? ORDER BY position, id`),
    models: s('SELECT url, poster_url FROM product_model3ds WHERE product_id = ? ORDER BY id'),
    metafields: s('SELECT key, value FROM product_metafields WHERE product_id = ? ORDER BY id'),
    pdfs: s('SELECT url, local_filename FROM product_pdfs WHERE product_id = ? ORDER BY id'),
    reviews: s(`
      SELECT stars_rating, title, body, author, created_at FROM reviews
      WHERE product_id = ? ORDER BY id`),
    crossReferences: s(`
      SELECT brand, number, relation FROM product_cross_references
      WHERE product_id = ? ORDER BY position`),
    options: s('SELECT name FROM product_options WHERE product_id = ? ORDER BY position, id'),
    variants: s(`
      SELECT id, title, sku, price_cents, compare_at_price_cents, available_for_sale,
        variant_position
      FROM variants WHERE product_id = ? ORDER BY variant_position, id`),
    variantOptions: s(`
      SELECT vo.variant_id, po.name, vo.value FROM variant_options vo
      JOIN product_options po ON po.id = vo.option_id
      WHERE po.product_id = ? ORDER BY po.position, po.id`),
    // The first level of each variant: the one the format's `inventory` stands for.
    levels: s(`
      SELECT il.id, il.variant_id, il.available_quantity, il.bypass_negative_quantity
      FROM inventory_levels il JOIN variants v ON v.id = il.variant_id
      WHERE v.product_id = ? ORDER BY il.id`),
    collection: s(`
      SELECT c.id, c.handle, c.title, c.seo_title, c.seo_description, c.is_indexed, c.image_url,
        c.description_html, parent.handle AS parent, c.position, c.is_featured, c.max_child_items
      FROM collections c LEFT JOIN collections parent ON parent.id = c.parent_id
      WHERE c.id = ?`),
    collectionImages: s(`
      SELECT placement, image_path, alt_text FROM collection_images
      WHERE collection_id = ? ORDER BY rowid`),
  };
});

/**
 * A stored review time as the format's ISO date-time in UTC. The database writes that form
 * itself; anything else a hand-made database holds is converted, or left out (then a PUT
 * stamps the time of the write) when it is not a date at all.
 */
function reviewTime(stored: string): string | undefined {
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/.test(stored)) return stored;
  const time = Date.parse(stored);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/**
 * The product row the merchandiser reads: the storefront's columns (read-rows.ts) without
 * those the storefront derives, with units sold.
 */
type ProductRow = Omit<
  StoreProductRow,
  'available_for_sale' | 'avg_rating' | 'total_reviews' | 'updated_at'
> & { units_sold: number };

/** A variant row: the storefront's variant columns (read-rows.ts) with its own id. */
type VariantRow = Pick<
  StoreLevelRow,
  | 'title'
  | 'sku'
  | 'price_cents'
  | 'compare_at_price_cents'
  | 'available_for_sale'
  | 'variant_position'
> & { id: number };

interface LevelRow {
  id: number;
  variant_id: number;
  available_quantity: number;
  bypass_negative_quantity: number;
}

/** The product's id for a handle, or undefined. */
export function productIdByHandle(db: Database, handle: string): number | undefined {
  return (statements(db).productIdByHandle.get(handle) as { id: number } | undefined)?.id;
}

/** The collection's id for a handle, or undefined. */
export function collectionIdByHandle(db: Database, handle: string): number | undefined {
  return (statements(db).collectionIdByHandle.get(handle) as { id: number } | undefined)?.id;
}

/**
 * A product in the admin format, or undefined when there is none with this id.
 *
 * Two fields are given back in the form that writes the same rows again: `imageUrl` is null
 * when the card picture is the first image (upsertProduct derives it so, and a new gallery
 * then brings its own), and the first ten video metafields are `videoIds`.
 */
export function readProduct(db: Database, id: number): AdminProduct | undefined {
  const st = statements(db);
  const row = st.product.get(id) as ProductRow | undefined;
  if (!row) return undefined;

  const images = (
    st.images.all(id) as { url: string; alt_text: string; image_placement_id: number | null }[]
  ).map((image) => ({
    url: image.url,
    altText: image.alt_text,
    imagePlacementId: image.image_placement_id,
  }));
  const metafields = st.metafields.all(id) as { key: string; value: string }[];
  const videos = metafields.filter((field) => field.key === VIDEO_METAFIELD_KEY);
  const videoIds = videos.slice(0, MAX_VIDEO_IDS);
  const options = (st.options.all(id) as { name: string }[]).map((option) => option.name);
  // Pairs first, objects by Object.fromEntries: an option named "__proto__" stays a key.
  const chosen = new Map<number, [string, string][]>();
  for (const pick of st.variantOptions.all(id) as {
    variant_id: number;
    name: string;
    value: string;
  }[]) {
    chosen.set(pick.variant_id, [...(chosen.get(pick.variant_id) ?? []), [pick.name, pick.value]]);
  }
  const levels = new Map<number, LevelRow>();
  for (const level of st.levels.all(id) as unknown as LevelRow[]) {
    if (!levels.has(level.variant_id)) levels.set(level.variant_id, level);
  }

  return {
    ...productIdentity(row),
    condition: row.condition,
    price: money(row.price_cents),
    compareAtPrice: moneyOrNull(row.compare_at_price_cents),
    imageUrl: row.image_url === (images[0]?.url ?? null) ? null : row.image_url,
    descriptionHtml: row.description_html,
    isFeatured: row.is_featured === 1,
    featuredOrder: row.featured_order,
    isEligibleForFreeShipping: row.free_shipping === 1,
    unitsSold: row.units_sold,
    collections: (st.collections.all(id) as { handle: string }[]).map((c) => c.handle),
    tags: (st.tags.all(id) as { prefix: string; value: string }[]).map(
      (tag) => `${tag.prefix}_${tag.value}`,
    ),
    images,
    model3ds: (st.models.all(id) as { url: string; poster_url: string }[]).map((model) => ({
      url: model.url,
      posterUrl: model.poster_url,
    })),
    videoIds: videoIds.map((field) => field.value),
    metafields: metafields
      .filter((field) => !videoIds.includes(field))
      .map((field) => ({ key: field.key, value: field.value })),
    pdfs: (st.pdfs.all(id) as { url: string; local_filename: string }[]).map((pdf) => ({
      url: pdf.url,
      filename: pdf.local_filename,
    })),
    reviews: (
      st.reviews.all(id) as {
        stars_rating: number;
        title: string;
        body: string;
        author: string;
        created_at: string;
      }[]
    ).map((review) => {
      const createdAt = reviewTime(review.created_at);
      return {
        starsRating: review.stars_rating,
        title: review.title,
        body: review.body,
        author: review.author,
        ...(createdAt === undefined ? {} : { createdAt }),
      };
    }),
    crossReferences: (st.crossReferences.all(id) as unknown as AdminProduct['crossReferences']).map(
      ({ brand, number, relation }) => ({ brand, number, relation }),
    ),
    options,
    variants: (st.variants.all(id) as unknown as VariantRow[]).map((variant) => {
      const level = levels.get(variant.id);
      return {
        id: variant.id,
        title: variant.title,
        sku: variant.sku,
        price: money(variant.price_cents),
        compareAtPrice: moneyOrNull(variant.compare_at_price_cents),
        availableForSale: variant.available_for_sale === 1,
        position: variant.variant_position,
        options: Object.fromEntries(chosen.get(variant.id) ?? []),
        inventory: {
          ...(level ? { id: level.id } : {}),
          availableQuantity: level?.available_quantity ?? 0,
          bypassNegativeQuantity: level?.bypass_negative_quantity === 1,
        },
      };
    }),
  };
}

interface CollectionRow extends RecordHeadRow {
  image_url: string | null;
  description_html: string;
  parent: string | null;
  position: number;
  is_featured: number;
  max_child_items: number | null;
}

/** A collection in the admin format, or undefined when there is none with this id. */
export function readCollection(db: Database, id: number): AdminCollection | undefined {
  const st = statements(db);
  const row = st.collection.get(id) as CollectionRow | undefined;
  if (!row) return undefined;
  const images = Object.fromEntries(
    (
      st.collectionImages.all(id) as { placement: string; image_path: string; alt_text: string }[]
    ).map((image) => [image.placement, { imagePath: image.image_path, altText: image.alt_text }]),
  );
  return {
    ...recordHead(row),
    imageUrl: row.image_url,
    descriptionHtml: row.description_html,
    parent: row.parent,
    position: row.position,
    isFeatured: row.is_featured === 1,
    maxChildItemsToDisplay: row.max_child_items,
    images,
  };
}
