import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { storeConfig } from '../../lib/config/index.ts';
import { productSearchRecord } from '../../lib/search/search-record.ts';

/**
 * The search records of every product, written once per build for the Pagefind step
 * (scripts/build.ts reads this file, indexes it and removes it from the output).
 */
export const GET: APIRoute = async () => {
  const products = await getCollection('products');
  const records = products.map((entry) =>
    productSearchRecord(entry.data, storeConfig.theme.paths.productBase),
  );
  return new Response(JSON.stringify(records), {
    headers: { 'content-type': 'application/json' },
  });
};
