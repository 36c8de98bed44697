import type { APIRoute } from 'astro';
import { catalogue } from '../data/catalogue.ts';

/**
 * The handles of every product, one a line, for the server's "product by handle alone"
 * redirect (spec storefront 2; web/static-server.ts reads it). Redirecting instead
 * of rendering /{handle} copies keeps one page per product at 100,000 products.
 */
export const GET: APIRoute = async () => {
  const { products } = await catalogue();
  const text = products.map((product) => product.handle).join('\n');
  return new Response(products.length ? `${text}\n` : '', {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
};
