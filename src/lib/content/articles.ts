import type { ArticleSource } from '../../../shared/contracts/catalogue-records.ts';
import { readTimeMinutes } from '../../../shared/format/read-time.ts';
import { articlePath } from '../routing/paths.ts';

/** Articles on one page of the blog list. */
export const ARTICLES_PER_PAGE = 12;

export type { ArticleSource };

/** The view model of an article card and of an article page's byline. */
export interface ArticleCardView {
  id: number;
  title: string;
  href: string;
  summary: string;
  author: string;
  imageUrl: string | null;
  /** ISO date for a `<time datetime>`. */
  datetime: string;
  /** 'December 23, 2023'. */
  dateLabel: string;
  /** '3 min read' (spec storefront 9: 225 words per minute). */
  readTime: string;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A date as people read it, in UTC so that a build anywhere gives the same text; an
 * unreadable date gives ''.
 * @example formatDate('2023-12-23T00:00:00.000Z') // 'December 23, 2023'
 */
export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : dateFormat.format(time);
}

/**
 * The read-time text of an article.
 * @example readTimeLabel(450) // '2 min read'
 */
export function readTimeLabel(wordCount: number): string {
  return `${readTimeMinutes(wordCount)} min read`;
}

/**
 * An article record as a card (and byline) shows it.
 * @example articleCard(record, '/articles').href // '/articles/shipping-details'
 */
export function articleCard(article: ArticleSource, articleBase: string): ArticleCardView {
  return {
    id: article.id,
    title: article.title,
    href: articlePath(articleBase, article.handle),
    summary: article.summary,
    author: article.author,
    imageUrl: article.imageUrl,
    datetime: article.publishedAt,
    dateLabel: formatDate(article.publishedAt),
    readTime: readTimeLabel(article.wordCount),
  };
}

/** Newest first; articles of the same moment by id, so the order never depends on the API's. */
export function newestFirst<T extends Pick<ArticleSource, 'id' | 'publishedAt'>>(
  articles: readonly T[],
): T[] {
  return [...articles].sort(
    (a, b) => (Date.parse(b.publishedAt) || 0) - (Date.parse(a.publishedAt) || 0) || b.id - a.id,
  );
}
