import { htmlToText } from '../../src/lib/format/html-text.ts';
import type { Database } from '../db/open.ts';

/**
 * Read models of the catalogue, shared by the route modules (products, collections,
 * checkouts, admin). Money leaves the database as integer cents and leaves here as decimal
 * numbers with 2 decimals.
 *
 * Every reader here takes a list of ids and reads each child table once for the whole list
 * (never once per product), so a page of 1,000 bulk records costs a dozen queries.
 */

/** One stock record of a product card (spec storefront 3, "first entry used"). */
export interface CardInventoryLevel {
  id: number;
  variantId: number;
  inventoryPrice: number;
  inventoryCompareAtPrice: number | null;
  availableForSale: boolean;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
}

/** A product card or list item (spec storefront 3; account-and-shell 3 for the extra fields). */
export interface ProductCard {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  imageUrl: string | null;
  avgRating: number;
  totalReviews: number;
  price: number;
  compareAtPrice: number | null;
  seoDescription: string | null;
  description: string;
  availableForSale: boolean;
  availableQuantity: number;
  inventoryLevelId: number | null;
  bypassNegativeQuantity: boolean;
  isFeatured: boolean;
  sku: string;
  productCode: string;
  partNumber: string;
  condition: string;
  availableInventoryLevels: CardInventoryLevel[];
}

/** A variant of the product detail (spec storefront 3, "Variant"). */
export interface VariantDetail {
  id: number;
  title: string;
  sku: string;
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
  /** The variant's stock; null when it has no inventory level. */
  availableQuantity: number | null;
  variantPosition: number;
  Options: { id: number; name: string; VariantSelectedOptions: { optionValueSelected: string } }[];
  availableInventoryLevels: CardInventoryLevel[];
}

/**
 * The full product record, exactly what `src/loaders/product-record.ts` validates
 * (a type alias, not an interface, so it is a `Record<string, unknown>`).
 */
export type ProductDetail = {
  id: number;
  handle: string;
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  vendor: string;
  sku: string;
  productCode: string;
  /** productCode, or the sku when there is no product code. */
  partNumber: string;
  condition: string;
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
  /** Total stock over every variant's inventory level. */
  availableQuantity: number;
  imageUrl: string | null;
  descriptionHtml: string;
  avgRating: number;
  totalReviews: number;
  isFeatured: boolean;
  featuredOrder: number | null;
  isEligibleForFreeShipping: boolean;
  /** Tag filters as "prefix_value" (spec storefront 5). */
  tags: string[];
  updatedAt: string;
  Images: { id: number; url: string; altText: string; imagePlacementId: number | null }[];
  Model3Ds: { id: number; url: string; posterUrl: string }[];
  Metafields: { id: number; metafieldKey: string; metafieldValue: string }[];
  PDFs: { id: number; url: string; Attachment: { localFilename: string } }[];
  Reviews: {
    id: number;
    starsRating: number;
    title: string;
    body: string;
    author: string;
    createdAt: string;
  }[];
  Collections: { id: number; handle: string; title: string }[];
  Options: { id: number; name: string; position: number }[];
  Variants: VariantDetail[];
};

// The part number a shopper looks for is the manufacturer's (sku); the store's own product
// code stands in only when a product has none.
const partNumber = (row: ProductRow): string => row.sku || row.product_code;
const rating = (value: number): number => Math.round(value * 100) / 100;

function cardLevel(level: LevelRow & { level_id: number }): CardInventoryLevel {
  const quantity = level.available_quantity ?? 0;
  const bypass = level.bypass_negative_quantity === 1;
  return {
    id: level.level_id,
    variantId: level.variant_id,
    inventoryPrice: money(level.price_cents),
    inventoryCompareAtPrice:
      level.compare_at_price_cents === null ? null : money(level.compare_at_price_cents),
    // Sellable when the variant is on sale and there is stock, or stock may go negative.
    availableForSale: level.available_for_sale === 1 && (bypass || quantity > 0),
    availableQuantity: quantity,
    bypassNegativeQuantity: bypass,
  };
}

const withLevel = (level: LevelRow): level is LevelRow & { level_id: number } =>
  level.level_id !== null;

function toCard(row: ProductRow, levels: readonly LevelRow[]): ProductCard {
  const stock = levels.filter(withLevel).map(cardLevel);
  const first = stock[0];
  return {
    id: row.id,
    handle: row.handle,
    title: row.title,
    vendor: row.vendor,
    imageUrl: row.image_url,
    avgRating: rating(row.avg_rating),
    totalReviews: row.total_reviews,
    price: money(row.price_cents),
    compareAtPrice: row.compare_at_price_cents === null ? null : money(row.compare_at_price_cents),
    seoDescription: row.seo_description,
    description: summaryText(row.description_html),
    availableForSale: row.available_for_sale === 1,
    // spec storefront 3: a card adds its first inventory level to the cart.
    availableQuantity: first?.availableQuantity ?? 0,
    inventoryLevelId: first?.id ?? null,
    bypassNegativeQuantity: first?.bypassNegativeQuantity ?? false,
    isFeatured: row.is_featured === 1,
    sku: row.sku,
    productCode: row.product_code,
    partNumber: partNumber(row),
    condition: row.condition,
    availableInventoryLevels: stock,
  };
}

/** Cards for these product ids, in the order given; unknown ids are left out. */
export function productCards(db: Database, ids: readonly number[]): ProductCard[] {
  const st = statements(db);
  const rows = productRows(st, ids);
  const levels = levelsOf(st, ids);
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toCard(row, levels.get(id) ?? [])] : [];
  });
}

/**
 * The full product record (spec storefront 3, "Product (detail)") exactly as
 * `src/loaders/product-record.ts` validates it; undefined when there is no such product.
 */
export function productDetail(db: Database, id: number): Record<string, unknown> | undefined {
  return productDetails(db, [id])[0];
}

/**
 * Full records for these ids, in the order given; unknown ids are left out. One query per
 * child table for the whole list (the build reads 100,000 products through this).
 */
export function productDetails(db: Database, ids: readonly number[]): ProductDetail[] {
  const st = statements(db);
  const rows = productRows(st, ids);
  if (rows.size === 0) return [];
  const levels = levelsOf(st, ids);
  const children = readChildren(st, ids);
  return ids.flatMap((id) => {
    const row = rows.get(id);
    if (!row) return [];
    const stock = levels.get(id) ?? [];
    return [
      {
        id: row.id,
        handle: row.handle,
        title: row.title,
        seoTitle: row.seo_title,
        seoDescription: row.seo_description,
        isIndexed: row.is_indexed === 1,
        vendor: row.vendor,
        sku: row.sku,
        productCode: row.product_code,
        partNumber: partNumber(row),
        condition: row.condition,
        price: money(row.price_cents),
        compareAtPrice:
          row.compare_at_price_cents === null ? null : money(row.compare_at_price_cents),
        availableForSale: row.available_for_sale === 1,
        availableQuantity: stock.reduce((sum, level) => sum + (level.available_quantity ?? 0), 0),
        imageUrl: row.image_url,
        descriptionHtml: row.description_html,
        avgRating: rating(row.avg_rating),
        totalReviews: row.total_reviews,
        isFeatured: row.is_featured === 1,
        featuredOrder: row.featured_order,
        isEligibleForFreeShipping: row.free_shipping === 1,
        tags: children.tags.get(id) ?? [],
        updatedAt: row.updated_at,
        Images: children.images.get(id) ?? [],
        Model3Ds: children.models.get(id) ?? [],
        Metafields: children.metafields.get(id) ?? [],
        PDFs: children.pdfs.get(id) ?? [],
        Reviews: children.reviews.get(id) ?? [],
        Collections: children.collections.get(id) ?? [],
        Options: children.options.get(id) ?? [],
        Variants: variantsOf(stock, children.variantOptions),
      },
    ];
  });
}

function variantsOf(
  levels: readonly LevelRow[],
  options: Map<number, VariantDetail['Options']>,
): VariantDetail[] {
  const variants = new Map<number, VariantDetail>();
  for (const level of levels) {
    let variant = variants.get(level.variant_id);
    if (!variant) {
      variant = {
        id: level.variant_id,
        title: level.title,
        sku: level.sku,
        price: money(level.price_cents),
        compareAtPrice:
          level.compare_at_price_cents === null ? null : money(level.compare_at_price_cents),
        availableForSale: false,
        availableQuantity: level.available_quantity,
        variantPosition: level.variant_position,
        Options: options.get(level.variant_id) ?? [],
        availableInventoryLevels: [],
      };
      variants.set(level.variant_id, variant);
    }
    if (withLevel(level)) variant.availableInventoryLevels.push(cardLevel(level));
  }
  for (const variant of variants.values()) {
    // A variant is sellable when one of its stock records is (flag and stock, or bypass).
    variant.availableForSale = variant.availableInventoryLevels.some((l) => l.availableForSale);
  }
  return [...variants.values()];
}

function readChildren(st: Statements, ids: readonly number[]) {
  const grouped = <K extends keyof ChildRows, T>(name: K, map: (row: ChildRows[K]) => T) =>
    groupRows(st, name, ids, map);
  return {
    tags: grouped('tags', (r) => `${r.prefix}_${r.value}`),
    images: grouped('images', (r) => ({
      id: r.id,
      url: r.url,
      altText: r.alt_text,
      imagePlacementId: r.image_placement_id,
    })),
    models: grouped('models', (r) => ({ id: r.id, url: r.url, posterUrl: r.poster_url })),
    metafields: grouped('metafields', (r) => ({
      id: r.id,
      metafieldKey: r.key,
      metafieldValue: r.value,
    })),
    pdfs: grouped('pdfs', (r) => ({
      id: r.id,
      url: r.url,
      Attachment: { localFilename: r.local_filename },
    })),
    reviews: grouped('reviews', (r) => ({
      id: r.id,
      starsRating: r.stars_rating,
      title: r.title,
      body: r.body,
      author: r.author,
      createdAt: r.created_at,
    })),
    collections: grouped('collections', (r) => ({
      id: r.id,
      handle: r.handle,
      title: r.title,
    })),
    options: grouped('options', (r) => ({ id: r.id, name: r.name, position: r.position })),
    variantOptions: variantOptionsOf(st, ids),
  };
}

// ---- rows -----------------------------------------------------------------------------

/** Decimal amount from integer cents. */
const money = (cents: number): number => cents / 100;

/** A short plain-text summary of description HTML (the card's `description`). */
export function summaryText(html: string, max = 300): string {
  const text = htmlToText(html);
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

interface ProductRow {
  id: number;
  handle: string;
  title: string;
  seo_title: string | null;
  seo_description: string | null;
  is_indexed: number;
  vendor: string;
  sku: string;
  product_code: string;
  condition: string;
  price_cents: number;
  compare_at_price_cents: number | null;
  image_url: string | null;
  description_html: string;
  is_featured: number;
  featured_order: number | null;
  free_shipping: number;
  available_for_sale: number;
  avg_rating: number;
  total_reviews: number;
  updated_at: string;
}

/** A variant with one of its stock records (level_id null when it has none). */
interface LevelRow {
  product_id: number;
  variant_id: number;
  title: string;
  sku: string;
  price_cents: number;
  compare_at_price_cents: number | null;
  available_for_sale: number;
  variant_position: number;
  level_id: number | null;
  available_quantity: number | null;
  bypass_negative_quantity: number | null;
}

interface ChildRows {
  tags: { product_id: number; prefix: string; value: string };
  images: {
    product_id: number;
    id: number;
    url: string;
    alt_text: string;
    image_placement_id: number | null;
  };
  models: { product_id: number; id: number; url: string; poster_url: string };
  metafields: { product_id: number; id: number; key: string; value: string };
  pdfs: { product_id: number; id: number; url: string; local_filename: string };
  reviews: {
    product_id: number;
    id: number;
    stars_rating: number;
    title: string;
    body: string;
    author: string;
    created_at: string;
  };
  collections: { product_id: number; id: number; handle: string; title: string };
  options: { product_id: number; id: number; name: string; position: number };
}

interface VariantOptionRow {
  variant_id: number;
  id: number;
  name: string;
  value: string;
}

// Every list query takes the ids as one JSON array, so a page of ids is one bound parameter.
const IDS = '(SELECT value FROM json_each(?))';

const CHILD_SQL: Record<keyof ChildRows, string> = {
  tags: `SELECT product_id, prefix, value FROM product_tags WHERE product_id IN ${IDS}
    ORDER BY product_id, prefix, value`,
  images: `SELECT product_id, id, url, alt_text, image_placement_id FROM product_images
    WHERE product_id IN ${IDS} ORDER BY product_id, position, id`,
  models: `SELECT product_id, id, url, poster_url FROM product_model3ds
    WHERE product_id IN ${IDS} ORDER BY product_id, id`,
  metafields: `SELECT product_id, id, key, value FROM product_metafields
    WHERE product_id IN ${IDS} ORDER BY product_id, id`,
  pdfs: `SELECT product_id, id, url, local_filename FROM product_pdfs
    WHERE product_id IN ${IDS} ORDER BY product_id, id`,
  reviews: `SELECT product_id, id, stars_rating, title, body, author, created_at FROM reviews
    WHERE product_id IN ${IDS} ORDER BY product_id, created_at DESC, id DESC`,
  collections: `SELECT pc.product_id, c.id, c.handle, c.title FROM product_collections pc
    JOIN collections c ON c.id = pc.collection_id
    WHERE pc.product_id IN ${IDS} ORDER BY pc.product_id, pc.position, c.id`,
  options: `SELECT product_id, id, name, position FROM product_options
    WHERE product_id IN ${IDS} ORDER BY product_id, position, id`,
};

function prepare(db: Database) {
  const children = Object.fromEntries(
    Object.entries(CHILD_SQL).map(([name, sql]) => [name, db.prepare(sql)]),
  ) as Record<keyof ChildRows, ReturnType<Database['prepare']>>;
  return {
    children,
    products: db.prepare(`
      SELECT id, handle, title, seo_title, seo_description, is_indexed, vendor, sku, product_code,
        condition, price_cents, compare_at_price_cents, image_url, description_html, is_featured,
        featured_order, free_shipping, available_for_sale, avg_rating, total_reviews, updated_at
      FROM products WHERE id IN ${IDS}`),
    levels: db.prepare(`
      SELECT v.product_id, v.id AS variant_id, v.title, v.sku, v.price_cents,
        v.compare_at_price_cents, v.available_for_sale, v.variant_position,
        l.id AS level_id, l.available_quantity, l.bypass_negative_quantity
      FROM variants v LEFT JOIN inventory_levels l ON l.variant_id = v.id
      WHERE v.product_id IN ${IDS}
      ORDER BY v.product_id, v.variant_position, v.id, l.id`),
    variantOptions: db.prepare(`
      SELECT vo.variant_id, o.id, o.name, vo.value
      FROM variants v JOIN variant_options vo ON vo.variant_id = v.id
      JOIN product_options o ON o.id = vo.option_id
      WHERE v.product_id IN ${IDS}
      ORDER BY vo.variant_id, o.position, o.id`),
  };
}

type Statements = ReturnType<typeof prepare>;
const cache = new WeakMap<Database, Statements>();

function statements(db: Database): Statements {
  let found = cache.get(db);
  if (!found) {
    found = prepare(db);
    cache.set(db, found);
  }
  return found;
}

function productRows(st: Statements, ids: readonly number[]): Map<number, ProductRow> {
  const rows = st.products.all(JSON.stringify(ids)) as unknown as ProductRow[];
  return new Map(rows.map((row) => [row.id, row]));
}

function groupBy<R, T>(rows: R[], key: (row: R) => number, map: (row: R) => T) {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(map(row));
    else groups.set(k, [map(row)]);
  }
  return groups;
}

function levelsOf(st: Statements, ids: readonly number[]): Map<number, LevelRow[]> {
  const rows = st.levels.all(JSON.stringify(ids)) as unknown as LevelRow[];
  return groupBy(
    rows,
    (row) => row.product_id,
    (row) => row,
  );
}

function groupRows<K extends keyof ChildRows, T>(
  st: Statements,
  name: K,
  ids: readonly number[],
  map: (row: ChildRows[K]) => T,
): Map<number, T[]> {
  const rows = st.children[name].all(JSON.stringify(ids)) as unknown as ChildRows[K][];
  return groupBy(rows, (row) => row.product_id, map);
}

function variantOptionsOf(st: Statements, ids: readonly number[]) {
  const rows = st.variantOptions.all(JSON.stringify(ids)) as unknown as VariantOptionRow[];
  return groupBy(
    rows,
    (row) => row.variant_id,
    (row) => ({
      id: row.id,
      name: row.name,
      VariantSelectedOptions: { optionValueSelected: row.value },
    }),
  );
}
