import { titleSortKey } from '../../shared/format/title-order.ts';
import { findsProduct } from '../../shared/parts/cross-reference.ts';
import { normalizePartNumber, type Product } from './input.ts';

/**
 * What a product's row of the search index `products_fts` holds (columns title, vendor,
 * codes, keywords): the text a shopper sees of the product, so that a search finds what
 * the page shows and nothing it hides. Written by upsertProduct (write.ts), the demo's
 * fast writer (server/seed/fast-write.ts) and, for databases written before, migration 11.
 */
export interface SearchRow {
  /** The title as text (searchTitle). */
  title: string;
  vendor: string;
  /** Part numbers as written and without punctuation (searchCodes). */
  codes: string;
  /** Collection titles and tag values (searchKeywords). */
  keywords: string;
}

/**
 * The title as the shopper reads it: a title may carry markup (spec storefront 2: "title
 * (HTML allowed on desktop)"), which the pages show as text, without script or style
 * content and with entities decoded. A search for 'alert' or 'strong' must not find
 * '<strong>Seal</strong> kit<script>alert(1)</script>'. The same text as products.sort_title.
 * @example searchTitle('<b>Seal</b> kit &amp; pump<script>x()</script>') // 'Seal kit & pump'
 */
export const searchTitle = (title: string): string => titleSortKey(title);

/**
 * Part numbers (sku, product code, variant skus, and other makers' numbers the product
 * replaces or is interchangeable with) as written and without punctuation, so that "85288"
 * and "85-288" both find 85288-001, and Crown's "12345" the part that replaces it.
 * @example searchCodes({ sku: 'AB-12/3', productCode: '', variants: [], crossReferences: [] }) // 'AB-12/3 ab123'
 */
export function searchCodes(
  product: Pick<Product, 'sku' | 'productCode' | 'variants' | 'crossReferences'>,
): string {
  const codes = [
    product.sku,
    product.productCode,
    ...product.variants.map((v) => v.sku),
    ...product.crossReferences
      .filter((reference) => findsProduct(reference.relation))
      .map((reference) => reference.number),
  ].filter((code) => code.length > 0);
  return [...new Set([...codes, ...codes.map(normalizePartNumber)])].join(' ');
}

/**
 * Collection titles and tag values, as the collection pages and the filter panel show them
 * (as written: they are printed as text, never read as markup).
 */
export const searchKeywords = (
  collectionTitles: readonly string[],
  tagValues: readonly string[],
): string => [...collectionTitles, ...tagValues].join(' ');

/** The value of a tag ("Material_Nylon" is "Nylon"): what the filter panel shows. */
export const tagValue = (tag: string): string => tag.slice(tag.indexOf('_') + 1);

/** The search row of a product filed in collections with these titles. */
export function searchRow(product: Product, collectionTitles: readonly string[]): SearchRow {
  return {
    title: searchTitle(product.title),
    vendor: product.vendor,
    codes: searchCodes(product),
    keywords: searchKeywords(collectionTitles, product.tags.map(tagValue)),
  };
}
