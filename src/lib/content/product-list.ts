import { priceText } from '../../../shared/call-for-price.ts';
import { productPath } from '../routing/paths.ts';
import { sortedFromLast } from './sorted-from-last.ts';

/** What the product list reads from a product. */
export interface ProductListSource {
  id: number;
  handle: string;
  /** Plain-text title. */
  title: string;
  partNumber: string;
  vendor: string;
  price: number;
  availableForSale: boolean;
}

/** One row of the product list (/productslist.asp). */
export interface ProductListRow {
  id: number;
  title: string;
  path: string;
  partNumber: string;
  vendor: string;
  /** Price text; 0 asks to call for the price, as everywhere (price-display.ts). */
  price: string;
  availability: 'In stock' | 'Sold out';
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The product list: a row per product, ordered by part number (how a parts buyer looks
 * things up), products without one last by title.
 */
export function productListRows(
  products: readonly ProductListSource[],
  productBase: string,
  currency: string,
): ProductListRow[] {
  // Trimmed once rather than in each of the 1.7 million comparisons of 100,000 products.
  const keyed = products.map((product) => ({ product, partNumber: product.partNumber.trim() }));
  // What a row is made from besides its source (rowsKept).
  const context = `${productBase}\n${currency}`;
  // From the last listing's order (a total order: the id breaks ties).
  return sortedFromLast(
    'product-list',
    keyed,
    ({ product }) => product.id,
    (a, b) => {
      const pa = a.partNumber;
      const pb = b.partNumber;
      if (pa && !pb) return -1;
      if (!pa && pb) return 1;
      return (
        collator.compare(pa, pb) ||
        collator.compare(a.product.title, b.product.title) ||
        a.product.id - b.product.id
      );
    },
  ).map(({ product, partNumber }) => {
    const kept = rowsKept.get(product);
    if (kept?.context === context) return kept.row;
    const row: ProductListRow = {
      id: product.id,
      title: product.title,
      path: productPath(productBase, product.handle),
      partNumber,
      vendor: product.vendor,
      price: priceText(product.price, currency),
      availability: product.availableForSale ? 'In stock' : 'Sold out',
    };
    rowsKept.set(product, { context, row });
    return row;
  });
}

/**
 * Each source's row, kept while the source is the same object: the list's route keeps a
 * product's source while its catalogue record is the same (the warm renderer replaces only
 * the records a change brings), so that a page whose rows are the same objects keeps its key
 * (recordsMemo) instead of keying 100,000 rows again for a price change (issue 33, item 3).
 * Rows are never changed once made.
 */
const rowsKept = new WeakMap<ProductListSource, { context: string; row: ProductListRow }>();
