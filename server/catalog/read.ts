import type { Database } from '../db/open.ts';

/**
 * Read models of the catalogue, shared by the route modules (products, collections,
 * checkouts, admin). Money leaves the database as integer cents and leaves here as decimal
 * numbers with 2 decimals.
 *
 * CONTRACT (filled in by the products work): the signatures below are what other route
 * modules import; keep them.
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

/** Cards for these product ids, in the order given; unknown ids are left out. */
export function productCards(_db: Database, _ids: readonly number[]): ProductCard[] {
  throw new Error('productCards: not implemented yet');
}

/**
 * The full product record (spec storefront 3, "Product (detail)") exactly as
 * `src/loaders/product-record.ts` validates it; undefined when there is no such product.
 */
export function productDetail(_db: Database, _id: number): Record<string, unknown> | undefined {
  throw new Error('productDetail: not implemented yet');
}
