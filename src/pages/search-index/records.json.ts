import type { APIRoute } from 'astro';
import { catalogue } from '../../data/catalogue.ts';
import { storeConfig } from '../../lib/config/index.ts';
import {
  collectionLineage,
  collectionSearchRecord,
  productSearchRecord,
} from '../../lib/search/search-record.ts';

/**
 * The search records of every product and collection, written once per build for the
 * Pagefind step (publisher/build-site.ts reads this file, indexes it and removes it from the output).
 */
export const GET: APIRoute = async () => {
  const { products, collections, collectionById } = await catalogue();
  const { productBase, collectionBase } = storeConfig.theme.paths;
  const lineage = new Map<number, number[]>();
  const lineageOf = (id: number) => {
    let ids = lineage.get(id);
    if (!ids) {
      ids = collectionLineage(id, (child) => collectionById.get(child)?.parentId);
      lineage.set(id, ids);
    }
    return ids;
  };
  const records = [
    ...collections.map((collection) =>
      collectionSearchRecord(collection, collectionBase, lineageOf(collection.id)),
    ),
    ...products.map((product) =>
      productSearchRecord(
        product,
        productBase,
        product.Collections.flatMap(({ id }) => lineageOf(id)),
      ),
    ),
  ];
  return new Response(JSON.stringify(records), {
    headers: { 'content-type': 'application/json' },
  });
};
