import type { ProductRecord } from '../../../shared/contracts/product-record.ts';
import { getJson } from './client.ts';

/**
 * The catalogue's calls that stores make (spec storefront 7; the record in
 * shared/contracts/product-record.ts). Each rejects with the client's ApiError (a 404 has
 * `status` 404). The reply is typed as the API sends it and checked by its reader
 * (src/lib/product/buy-box.ts readLiveProduct), without a schema library in the browser. The
 * lists' calls (products/filter, products by ids) stay with their readers in src/lib/search,
 * which the results list and the strips load: the bundler places a module whole in every page
 * that uses any of it, and a product page has no room for the lists' calls.
 */

/** GET /api/products/handle/{handle}: one product, live (DESIGN, "Live data over stale data"). */
export const getProductByHandle = (handle: string): Promise<{ product: ProductRecord }> =>
  getJson(`/api/products/handle/${encodeURIComponent(handle)}`);
