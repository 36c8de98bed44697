import { pageCacheKey } from '../product/cache-key.ts';
import { isSafeTarget, legacyArticleParam } from '../routing/article-redirects.ts';
import { articlePath } from '../routing/paths.ts';
import { HELP_PATH } from './help-topics.ts';

/**
 * The articles the store links by id (spec storefront 2, product page: "Article links use
 * /Articles.asp?ID={article id}": the compatibility prompt 355, shipping details 257, bulk
 * orders 354; the results list's "Ask our experts." is 355 too).
 */
export const STORE_ARTICLE_IDS = {
  askExperts: 355,
  shippingDetails: 257,
  bulkOrders: 354,
} as const;

/** An article's canonical path by its id, made once per build from the articles collection. */
export type ArticleHrefs = ReadonlyMap<number, string>;

/**
 * Where a link to an article the build does not have goes: the help page, which every build
 * has and where a shopper finds the same answers by topic. Issue 13 item 12 overrides the
 * spec's /Articles.asp?ID= links: the store links the canonical URL, and a legacy link to an
 * unknown id is the server's 404, so writing one would be a dead link.
 */
export const ARTICLE_LINK_FALLBACK = HELP_PATH;

/**
 * The canonical path of each article, `{articleBase}/{handle}` (the article route's URL).
 * Throws when a path could leave the site (an article base from a bad configuration): the
 * servers redirect to these paths as they are.
 * @example articleHrefs([{ id: 355, handle: 'ask-us' }], '/articles') // Map { 355 => '/articles/ask-us' }
 */
export function articleHrefs(
  articles: Iterable<{ id: number; handle: string }>,
  articleBase: string,
): ArticleHrefs {
  const hrefs = new Map<number, string>();
  for (const { id, handle } of articles) {
    const href = articlePath(articleBase, handle);
    if (!Number.isSafeInteger(id) || id <= 0 || !isSafeTarget(href))
      throw new Error(`Article ${String(id)} has no safe path: ${JSON.stringify(href)}.`);
    hrefs.set(id, href);
  }
  return hrefs;
}

/**
 * The link to an article by its id: its canonical path, or ARTICLE_LINK_FALLBACK when the
 * build has no such article.
 * @example articleHref(new Map([[355, '/articles/ask-us']]), 355) // '/articles/ask-us'
 * @example articleHref(new Map(), 355) // '/help.asp'
 */
export function articleHref(hrefs: ArticleHrefs, id: number): string {
  return hrefs.get(id) ?? ARTICLE_LINK_FALLBACK;
}

/** The store's own article links, by STORE_ARTICLE_IDS name. */
export type StoreArticleLinks = Record<keyof typeof STORE_ARTICLE_IDS, string>;

/** The hrefs of STORE_ARTICLE_IDS in this build. */
export function storeArticleLinks(hrefs: ArticleHrefs): StoreArticleLinks {
  const links = {} as StoreArticleLinks;
  for (const [name, id] of Object.entries(STORE_ARTICLE_IDS))
    links[name as keyof StoreArticleLinks] = articleHref(hrefs, id);
  return links;
}

// A legacy article link in an href (double- or single-quoted, as HTML from the API may
// carry): the path in any case, then its query and fragment.
const LEGACY_HREF = /(\shref\s*=\s*)(["'])(\/articles\.asp\?[^"'<>]*)\2/gi;
const QUICK = /articles\.asp/i;

/**
 * The article id of a legacy link's query, read as the servers read it (legacyArticleParam),
 * or undefined.
 */
function legacyArticleId(search: string): number | undefined {
  const value = legacyArticleParam(search);
  return value !== undefined && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined;
}

/** The `?query` and `#fragment` of a legacy href as written in HTML (`&amp;` read as `&`). */
function legacyParts(href: string): { id: number | undefined; hash: string } {
  const url = href.replaceAll('&amp;', '&');
  const hashAt = url.indexOf('#');
  const search = url.slice(url.indexOf('?'), hashAt < 0 ? undefined : hashAt);
  return { id: legacyArticleId(search), hash: hashAt < 0 ? '' : url.slice(hashAt) };
}

/**
 * The article ids that HTML from the catalogue links the legacy way (/Articles.asp?ID=),
 * for the incremental-build key of the page that shows it.
 */
export function legacyArticleIds(html: string): number[] {
  if (!QUICK.test(html)) return [];
  const ids = new Set<number>();
  for (const match of html.matchAll(LEGACY_HREF)) {
    const { id } = legacyParts(match[3] ?? '');
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

/**
 * HTML from the catalogue (page, help answer, article, product description) with its legacy
 * article links (`href="/Articles.asp?ID=257"`) pointing at the canonical article instead,
 * keeping a #fragment; an id the build does not have goes to ARTICLE_LINK_FALLBACK
 * (one hop less for the shopper, none dead).
 * @example canonicalArticleLinks('<a href="/Articles.asp?ID=257">x</a>', hrefs)
 *   // '<a href="/articles/shipping-details">x</a>'
 */
export function canonicalArticleLinks(html: string, hrefs: ArticleHrefs): string {
  if (!QUICK.test(html)) return html;
  return html.replace(LEGACY_HREF, (_all, before: string, quote: string, href: string) => {
    const { id, hash } = legacyParts(href);
    const to = id === undefined ? ARTICLE_LINK_FALLBACK : articleHref(hrefs, id);
    return `${before}${quote}${to}${hash}${quote}`;
  });
}

/**
 * The part of a page's incremental-build key for the article links it shows: the href each
 * id resolves to, so a renamed, added or removed article renders those pages again.
 * @example articleLinksKey(hrefs, [355, 257]) // 24 hex digits
 */
export function articleLinksKey(hrefs: ArticleHrefs, ids: Iterable<number>): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return pageCacheKey(sorted.map((id) => `${id}=${articleHref(hrefs, id)}`));
}
