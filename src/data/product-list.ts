import { productPlainTitle, type ProductRecord } from '../../shared/contracts/product-record.ts';
import type { ProductListRow, ProductListSource } from '../lib/content/product-list.ts';
import { recordsMemo } from './build-memo.ts';

// The product list's route (src/pages/productslist) between warm publishes (issue 33, item 3).
// Here, not in the route: getStaticPaths sees only what its page imports.

/**
 * Each product's source, kept while its catalogue record is the same object (the warm
 * renderer replaces only the records a change brings): its row is kept with it
 * (productListRows), and a page of the same rows keeps its key (productListPageKey).
 */
const sources = new WeakMap<ProductRecord, ProductListSource>();
export const productListSource = (product: ProductRecord): ProductListSource => {
  let source = sources.get(product);
  if (!source) {
    // Only the fields a row shows: a copy of every whole product cost 1 s at 100,000.
    source = {
      id: product.id,
      handle: product.handle,
      title: productPlainTitle(product),
      partNumber: product.partNumber,
      vendor: product.vendor,
      price: product.price,
      availableForSale: product.availableForSale,
    };
    sources.set(product, source);
  }
  return source;
};
/** A page's key, kept while it shows the same rows (the same objects) and counts. */
export const productListPageKey = recordsMemo<number, ProductListRow, string>();
