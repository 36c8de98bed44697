import type { APIRoute } from 'astro';
import { catalogue } from '../../data/catalogue.ts';
import { storeConfig } from '../../lib/config/index.ts';
import { jsonArray } from '../../lib/search/json-array.ts';
import {
  collectionLineage,
  collectionSearchRecord,
  productSearchRecord,
} from '../../lib/search/search-record.ts';

/**
 * Each product's record as JSON bytes, kept while its catalogue record is the same object and
 * its collections' lineage the same: the publisher's warm renderer replaces only the records a
 * change brings and renders this endpoint on every publish, which at 100,000 products made
 * and stringified every record again (2 s) for a price change, and measured and encoded the
 * 56 MB answer (0.7 s).
 */
const productJson = new WeakMap<object, { context: string; json: Uint8Array }>();
const encoder = new TextEncoder();

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
      encoder.encode(
        JSON.stringify(
          collectionSearchRecord(collection, collectionBase, lineageOf(collection.id)),
        ),
      ),
    ),
    ...products.map((product) => {
      const within = product.Collections.flatMap(({ id }) => lineageOf(id));
      const context = `${productBase}\n${within.join(',')}`;
      const kept = productJson.get(product);
      if (kept?.context === context) return kept.json;
      const json = encoder.encode(
        JSON.stringify(productSearchRecord(product, productBase, within)),
      );
      productJson.set(product, { context, json });
      return json;
    }),
  ];
  const bytes = jsonArray(records);
  // One chunk of a stream, handed on as it is (bundle.ts bodyBytes): a Uint8Array body is
  // copied whole first, 0.3 s for 56 MB alone, 1 s in the warm renderer's thread.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/json' } });
};
