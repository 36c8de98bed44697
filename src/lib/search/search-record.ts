import { htmlToText } from '../../../shared/format/html-text.ts';
import { findsProduct, type CrossReference } from '../../../shared/parts/cross-reference.ts';
import { collectionPath, productPath } from '../routing/paths.ts';

/** What the static search index holds per product (DESIGN, search): what a shopper searches for. */
export interface SearchRecord {
  /** A product's id (the suggestion index's key, publisher/suggest-index.ts); not Pagefind's. */
  id?: number;
  url: string;
  content: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
  sort: Record<string, string>;
}

interface Searchable {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  sku: string;
  productCode: string;
  price: number;
  avgRating: number;
  imageUrl: string | null;
  Variants: { sku: string }[];
  /** Other makers' numbers (issue 32): those it replaces or matches find it. */
  CrossReferences?: readonly CrossReference[];
}

interface SearchableCollection {
  id: number;
  handle: string;
  title: string;
  imageUrl: string | null;
  breadcrumbs: { title: string }[];
}

/**
 * Where the build writes every record (an endpoint, src/pages/search-index): rendered before
 * the other pages, so that the search index is made while they render (publisher/build-site.ts).
 */
export const SEARCH_RECORDS_URL = '/search-index/records.json';

/** Filter values for records: the kind of page, and the categories a product sits under. */
export const RECORD_TYPE = { product: 'product', collection: 'collection' } as const;

/**
 * Price ranges as filter values (DESIGN, search: Pagefind has no numeric ranges, so prices
 * are bucketed). Each bucket is [from, to) in dollars; the last has no upper end.
 */
export const PRICE_BUCKETS = [0, 25, 50, 100, 250, 500, 1000, 2500] as const;

/** The bucket label of a price: "50-100", or "2500+" for the last. */
export function priceBucket(price: number): string {
  const index = PRICE_BUCKETS.findLastIndex((from) => price >= from);
  const from = PRICE_BUCKETS[Math.max(0, index)] ?? 0;
  const to = PRICE_BUCKETS[index + 1];
  return to === undefined ? `${from}+` : `${from}-${to}`;
}

/**
 * The buckets that overlap [minPrice, maxPrice], for a Pagefind filter `{ price: { any } }`;
 * the caller still checks each result's exact price (meta.price) against the bounds.
 */
export function priceBucketsWithin(minPrice: number | null, maxPrice: number | null): string[] {
  return PRICE_BUCKETS.map((from, i) => ({ from, to: PRICE_BUCKETS[i + 1] ?? Infinity }))
    .filter(
      ({ from, to }) =>
        (maxPrice === null || from <= maxPrice) && (minPrice === null || to > minPrice),
    )
    .map(({ from }) => priceBucket(from));
}

/** Part numbers in their written form and without punctuation ("85-288" and "85288"). */
export function partNumberForms(codes: readonly string[]): string[] {
  const present = codes.filter((code) => code.trim().length > 0);
  return [...new Set([...present, ...present.map((code) => code.replace(/[^A-Za-z0-9]/g, ''))])];
}

/** The search box's `c` filter of a record: each collection id once, as text; none without ids. */
const categoryIdFilter = (ids: readonly number[]): { categoryId?: string[] } =>
  ids.length ? { categoryId: [...new Set(ids)].map(String) } : {};

/**
 * The Pagefind record of a product: title, part numbers and vendor as content; vendor, the
 * ids of its categories and type as filters; price, title and rating as sorts.
 *
 * No category's title: a collection's rename changed the records of all its products, 44,733
 * of them for the biggest at 100,000 products, and with them every shard of the index (67 s
 * of a 104 s publish; issue 33, item 1). The records serve the results list only while the
 * API is down (src/lib/search/pagefind-fallback.ts; the API's own search still finds a
 * product by its categories' names), and a category is found as a category, by its own record.
 */
export function productSearchRecord(
  product: Searchable,
  productBase: string,
  /** Ids of the product's collections and all their ancestors (the search box's `c`). */
  categoryIds: readonly number[] = [],
): SearchRecord {
  const title = htmlToText(product.title);
  const codes = partNumberForms([
    product.sku,
    product.productCode,
    ...product.Variants.map((v) => v.sku),
    ...(product.CrossReferences ?? [])
      .filter((reference) => findsProduct(reference.relation))
      .map((reference) => reference.number),
  ]);
  return {
    id: product.id,
    url: productPath(productBase, product.handle),
    // Lines in this order: the suggestion index reads the title and part numbers apart.
    content: [title, codes.join(' '), product.vendor].join('\n'),
    meta: {
      title,
      image: product.imageUrl ?? '',
      price: product.price.toFixed(2),
      partNumber: product.sku || product.productCode,
    },
    filters: {
      type: [RECORD_TYPE.product],
      price: [priceBucket(product.price)],
      ...(product.vendor ? { vendor: [product.vendor] } : {}),
      ...categoryIdFilter(categoryIds),
    },
    sort: {
      price: product.price.toFixed(2).padStart(12, '0'),
      title: title.toLowerCase(),
      rating: product.avgRating.toFixed(2),
    },
  };
}

/**
 * The Pagefind record of a collection (the dropdown's Categories group): its title and the
 * titles of its ancestors as content, so "wheels" finds "Load Wheels" under "Pallet Jack Parts".
 */
export function collectionSearchRecord(
  collection: SearchableCollection,
  collectionBase: string,
  categoryIds: readonly number[] = [],
): SearchRecord {
  const title = htmlToText(collection.title);
  const trail = collection.breadcrumbs.map((crumb) => crumb.title).filter((t) => t !== title);
  return {
    url: collectionPath(collectionBase, collection.handle),
    content: [title, ...trail].join('\n'),
    meta: { title, image: collection.imageUrl ?? '' },
    filters: {
      type: [RECORD_TYPE.collection],
      ...categoryIdFilter(categoryIds),
    },
    sort: { title: title.toLowerCase() },
  };
}

/** A collection's id and the ids of its ancestors, nearest first; a parent loop stops the walk. */
export function collectionLineage(
  id: number,
  parentOf: (id: number) => number | null | undefined,
): number[] {
  const lineage: number[] = [];
  let current: number | null | undefined = id;
  while (current != null && !lineage.includes(current)) {
    lineage.push(current);
    current = parentOf(current);
  }
  return lineage;
}
