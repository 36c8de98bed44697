import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { storeConfig } from '../../lib/config/index.ts';
import { articleFeed } from '../../lib/content/article-feed.ts';

/**
 * The newest articles, for the product pages' feed block, which loads this file when a
 * shopper scrolls near it (spec storefront 2: "a social/feed block loaded on demand"). One
 * file, so a new article does not make 100,000 product pages stale.
 */
export const GET: APIRoute = async () => {
  const articles = (await getCollection('articles')).map((entry) => entry.data);
  const body = { articles: articleFeed(articles, storeConfig.theme.paths.articleBase) };
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json' },
  });
};
