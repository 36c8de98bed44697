import { describe, expect, it } from 'vitest';
import {
  articleCard,
  formatDate,
  newestFirst,
  readTimeLabel,
  type ArticleSource,
} from './articles.ts';

const article = (over: Partial<ArticleSource> = {}): ArticleSource => ({
  id: 355,
  handle: 'check-compatibility-ask-our-experts',
  title: 'Check compatibility. Ask our experts.',
  summary: 'Send us your model and serial number.',
  author: 'Parts Desk',
  imageUrl: '/api/media/banners/a.svg',
  publishedAt: '2023-12-23T00:00:00.000Z',
  wordCount: 450,
  ...over,
});

describe('article card', () => {
  it('maps a record to what a card shows', () => {
    expect(articleCard(article(), '/articles')).toEqual({
      id: 355,
      title: 'Check compatibility. Ask our experts.',
      href: '/articles/check-compatibility-ask-our-experts',
      summary: 'Send us your model and serial number.',
      author: 'Parts Desk',
      imageUrl: '/api/media/banners/a.svg',
      datetime: '2023-12-23T00:00:00.000Z',
      dateLabel: 'December 23, 2023',
      readTime: '2 min read',
    });
  });

  it('reads at 225 words a minute, rounded up, at least a minute', () => {
    expect(readTimeLabel(0)).toBe('1 min read');
    expect(readTimeLabel(225)).toBe('1 min read');
    expect(readTimeLabel(226)).toBe('2 min read');
    expect(readTimeLabel(1125)).toBe('5 min read');
  });

  it('follows the configured article base', () => {
    expect(articleCard(article(), '/blog').href).toBe('/blog/check-compatibility-ask-our-experts');
  });

  it('writes dates in UTC and leaves bad dates empty', () => {
    expect(formatDate('2023-12-31T23:30:00.000Z')).toBe('December 31, 2023');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('newestFirst', () => {
  it('puts the newest first and breaks ties by id', () => {
    const list = [
      article({ id: 1, publishedAt: '2023-01-01T00:00:00Z' }),
      article({ id: 2, publishedAt: '2023-06-01T00:00:00Z' }),
      article({ id: 3, publishedAt: '2023-06-01T00:00:00Z' }),
    ];
    expect(newestFirst(list).map((a) => a.id)).toEqual([3, 2, 1]);
    expect(list.map((a) => a.id)).toEqual([1, 2, 3]);
  });
});
