import { describe, expect, it } from 'vitest';
import { articleFeed, FEED_ARTICLES, readFeed } from './article-feed.ts';

const article = (id: number, publishedAt: string, wordCount = 450) => ({
  id,
  handle: `article-${id}`,
  title: `Article ${id}`,
  summary: '',
  author: 'Parts Desk',
  imageUrl: null,
  publishedAt,
  wordCount,
});

describe('articleFeed', () => {
  it('gives the newest three articles with their links, dates and read times', () => {
    const feed = articleFeed(
      [
        article(1, '2024-01-01T00:00:00Z'),
        article(2, '2025-03-01T00:00:00Z'),
        article(3, '2023-06-01T00:00:00Z'),
        article(4, '2025-01-15T00:00:00Z', 900),
      ],
      '/articles',
    );
    expect(FEED_ARTICLES).toBe(3);
    expect(feed).toEqual([
      {
        title: 'Article 2',
        href: '/articles/article-2',
        datetime: '2025-03-01T00:00:00Z',
        dateLabel: 'March 1, 2025',
        readTime: '2 min read',
      },
      {
        title: 'Article 4',
        href: '/articles/article-4',
        datetime: '2025-01-15T00:00:00Z',
        dateLabel: 'January 15, 2025',
        readTime: '4 min read',
      },
      expect.objectContaining({ title: 'Article 1' }),
    ]);
  });

  it('gives an empty feed for a store without articles', () => {
    expect(articleFeed([], '/articles')).toEqual([]);
  });
});

describe('readFeed', () => {
  const good = {
    title: 'Choosing wheels',
    href: '/articles/choosing-wheels',
    datetime: '2025-03-01',
    dateLabel: 'March 1, 2025',
    readTime: '2 min read',
  };

  it('keeps whole entries', () => {
    expect(readFeed({ articles: [good] })).toEqual([good]);
  });

  it('drops entries that are incomplete or link off the site', () => {
    expect(
      readFeed({
        articles: [
          good,
          null,
          'text',
          { ...good, title: '  ' },
          { ...good, href: 'javascript:alert(1)' },
          { ...good, href: '//evil.example/x' },
          { ...good, href: 'https://evil.example/x' },
          { ...good, readTime: 2 },
        ],
      }),
    ).toEqual([good]);
  });

  it('reads a malformed file as no entries', () => {
    for (const body of [null, undefined, 42, 'x', {}, { articles: 'no' }]) {
      expect(readFeed(body)).toEqual([]);
    }
  });
});
