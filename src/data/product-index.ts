import { productPlainTitle, type ProductRecord } from '../../shared/contracts/product-record.ts';
import { indexLetter, type NotedEntry } from '../lib/content/catalogue-index.ts';

// The product index's route (src/pages/product-index) between warm publishes (issue 33, item
// 3), beside the product list's (./product-list.ts): getStaticPaths sees only what its page
// imports.

/**
 * Each product's entry, kept while its record is the same object: the warm renderer replaces
 * only the records a change brings, so the other entries compare as the same objects
 * (letterIndexPaths) instead of field by field, and 100,000 titles are not cut again.
 */
const productEntries = new WeakMap<ProductRecord, { base: string; entry: NotedEntry }>();

/** A product's entry in the product index, its page under `base`. */
export function productIndexEntry(product: ProductRecord, base: string): NotedEntry {
  const kept = productEntries.get(product);
  if (kept?.base === base) return kept.entry;
  const label = productPlainTitle(product);
  const entry = {
    label,
    path: `${base}/${product.handle}`,
    letter: indexLetter(label),
    note: product.partNumber,
  };
  productEntries.set(product, { base, entry });
  return entry;
}
