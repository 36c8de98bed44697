import { entryDigest, pageCacheKey } from '../product/cache-key.ts';
import { articleLinksKey, legacyArticleIds, type ArticleHrefs } from './article-links.ts';

/** A content-collection entry whose page shows its body HTML (a page, a help answer, an article). */
export interface BodyEntry {
  digest?: string | number | undefined;
  data: { handle: string; bodyHtml: string };
}

/**
 * The static paths of pages that each show one record with its body, at the record's handle:
 * the entry and the article hrefs as props, and a cache key (DESIGN, build pipeline 6) from
 * the page's kind, the record's own digest and the articles its body links by id.
 * @example bodyPagePaths('help', answers, articles) // [{ params: { handle }, ... }]
 */
export function bodyPagePaths<E extends BodyEntry>(
  kind: string,
  entries: readonly E[],
  articles: ArticleHrefs,
) {
  return entries.map((entry) => ({
    params: { handle: entry.data.handle },
    props: { entry, articles },
    cacheKey: pageCacheKey([
      kind,
      entryDigest(entry),
      articleLinksKey(articles, legacyArticleIds(entry.data.bodyHtml)),
    ]),
  }));
}
