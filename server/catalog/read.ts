import { htmlToText } from '../../shared/format/html-text.ts';
import type { Database } from '../db/open.ts';
import {
  groupRows,
  levelsOf,
  money,
  moneyOrNull,
  productIdentity,
  productRows,
  statements,
  variantOptionsOf,
  type ChildRows,
  type LevelRow,
  type ProductRow,
  type Statements,
} from './read-rows.ts';

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
 * The full product record, exactly what `shared/contracts/product-record.ts` validates
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
    inventoryCompareAtPrice: moneyOrNull(level.compare_at_price_cents),
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
    compareAtPrice: moneyOrNull(row.compare_at_price_cents),
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
 * `shared/contracts/product-record.ts` validates it; undefined when there is no such product.
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
        ...productIdentity(row),
        partNumber: partNumber(row),
        condition: row.condition,
        price: money(row.price_cents),
        compareAtPrice: moneyOrNull(row.compare_at_price_cents),
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
        compareAtPrice: moneyOrNull(level.compare_at_price_cents),
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

/** A short plain-text summary of description HTML (the card's `description`). */
export function summaryText(html: string, max = 300): string {
  const text = htmlToText(html);
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
