import { articleCard, newestFirst, type ArticleSource } from './articles.ts';

/** Articles the product page's feed block shows (spec storefront 2: "a social/feed block"). */
export const FEED_ARTICLES = 3;

/** One entry of the article feed, as the JSON file carries it and the block renders it. */
export interface FeedItem {
  title: string;
  href: string;
  /** ISO date for `<time datetime>`. */
  datetime: string;
  dateLabel: string;
  readTime: string;
}

/**
 * The newest `count` articles as feed entries.
 * @example articleFeed(articles, '/articles')[0].href // '/articles/newest-handle'
 */
export function articleFeed(
  articles: readonly ArticleSource[],
  articleBase: string,
  count: number = FEED_ARTICLES,
): FeedItem[] {
  return newestFirst(articles)
    .slice(0, Math.max(0, count))
    .map((article) => {
      const { title, href, datetime, dateLabel, readTime } = articleCard(article, articleBase);
      return { title, href, datetime, dateLabel, readTime };
    });
}

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The entries of a fetched feed file that are whole and point into this site; anything
 * else (a malformed file, a foreign or scripted link) is dropped rather than rendered.
 */
export function readFeed(body: unknown): FeedItem[] {
  const items = (body as { articles?: unknown } | null)?.articles;
  if (!Array.isArray(items)) return [];
  return items.filter((item): item is FeedItem => {
    const entry = item as Partial<Record<keyof FeedItem, unknown>> | null;
    return (
      entry !== null &&
      typeof entry === 'object' &&
      isText(entry.title) &&
      entry.title.trim() !== '' &&
      isText(entry.href) &&
      entry.href.startsWith('/') &&
      !entry.href.startsWith('//') &&
      isText(entry.datetime) &&
      isText(entry.dateLabel) &&
      isText(entry.readTime)
    );
  });
}
