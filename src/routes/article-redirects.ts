import type { APIRoute } from 'astro';
import { articleLinks } from '../data/article-links.ts';
import { articleRedirectsJson } from '../lib/routing/article-redirects.ts';

/**
 * The release's map of article ids to canonical paths, at ARTICLE_REDIRECTS_PATH (injected by
 * src/integrations/store-routes.ts), for the servers' one-hop redirect of the legacy
 * /Articles.asp?ID= links. An endpoint without a cache key: every build and every warm
 * publish writes it again, so a new or renamed article is in the release that shows it.
 *
 * It replaces the prerendered /articles/id/{id}/ pages, a 301 to a meta-refresh page to the
 * article (two hops). No host needs those any more: nginx and the Node server read this map,
 * and the rule-file CDN's `_redirects` gets one line per article from it
 * (publisher/build-site.ts); a warm publish could not have written them either (it renders
 * no redirect pages).
 */
export const GET: APIRoute = async () =>
  new Response(articleRedirectsJson(await articleLinks()), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
