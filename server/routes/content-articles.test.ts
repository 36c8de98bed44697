import { describe, expect, it } from 'vitest';
import type { Database } from '../db/open.ts';
import { appPerTest } from '../testing/app.ts';
import type { Article, ArticleSummary } from './content-articles.ts';
import {
  getJson,
  insertRow,
  itAnswersMissingHandles,
  itRefusesQueries,
  getOk,
} from './content.testing.ts';
import type { PageInfo } from './content-paging.ts';

interface ListReply {
  articles: ArticleSummary[];
  pageInfo: PageInfo;
}

function addArticle(db: Database, id: number, publishedAt: string, extra: object = {}) {
  insertRow(db, 'articles', {
    id,
    handle: `article-${id}`,
    title: `Article ${id}`,
    summary: `Summary ${id}`,
    body_html: `<p>Body of article ${id}</p>`,
    author: 'Parts Desk',
    image_url: null,
    published_at: publishedAt,
    ...extra,
  });
}

describe('GET /api/articles', () => {
  const ctx = appPerTest();

  it('answers an empty list with pageInfo when there are no articles', async () => {
    const { status, type, body } = await getJson<ListReply>(ctx.app, '/api/articles');
    expect(status).toBe(200);
    expect(type).toMatch(/application\/json/);
    expect(body).toEqual({
      articles: [],
      pageInfo: { page: 0, limitPerPage: 20, totalObjects: 0, totalPages: 0 },
    });
  });

  it('lists newest first with the summary fields only', async () => {
    addArticle(ctx.db, 257, '2024-01-01T00:00:00.000Z', { image_url: '/media/ship.jpg' });
    addArticle(ctx.db, 355, '2024-03-01T00:00:00.000Z');
    addArticle(ctx.db, 354, '2024-02-01T00:00:00.000Z');
    const { body } = await getJson<ListReply>(ctx.app, '/api/articles');
    expect(body.articles.map((a) => a.id)).toEqual([355, 354, 257]);
    expect(body.articles[2]).toEqual({
      id: 257,
      handle: 'article-257',
      title: 'Article 257',
      summary: 'Summary 257',
      author: 'Parts Desk',
      imageUrl: '/media/ship.jpg',
      publishedAt: '2024-01-01T00:00:00.000Z',
    });
    expect(body.articles[0]).not.toHaveProperty('bodyHtml');
    expect(body.pageInfo).toEqual({ page: 0, limitPerPage: 20, totalObjects: 3, totalPages: 1 });
  });

  it('breaks ties in the publication date by id, newest id first', async () => {
    addArticle(ctx.db, 1, '2024-01-01T00:00:00.000Z');
    addArticle(ctx.db, 2, '2024-01-01T00:00:00.000Z');
    const { body } = await getJson<ListReply>(ctx.app, '/api/articles');
    expect(body.articles.map((a) => a.id)).toEqual([2, 1]);
  });

  it('pages with limit and a zero-based page', async () => {
    for (let id = 1; id <= 5; id += 1) addArticle(ctx.db, id, `2024-01-0${id}T00:00:00.000Z`);
    const first = await getJson<ListReply>(ctx.app, '/api/articles?limit=2&page=0');
    const last = await getJson<ListReply>(ctx.app, '/api/articles?limit=2&page=2');
    expect(first.body.articles.map((a) => a.id)).toEqual([5, 4]);
    expect(last.body.articles.map((a) => a.id)).toEqual([1]);
    expect(last.body.pageInfo).toEqual({
      page: 2,
      limitPerPage: 2,
      totalObjects: 5,
      totalPages: 3,
    });
  });

  it('answers a page past the end with an empty list, not an error', async () => {
    addArticle(ctx.db, 1, '2024-01-01T00:00:00.000Z');
    const body = await getOk<ListReply>(ctx.app, '/api/articles?page=99999');
    expect(body.articles).toEqual([]);
    expect(body.pageInfo.totalObjects).toBe(1);
  });

  itRefusesQueries(ctx, '/api/articles', [
    'limit=0',
    'limit=101',
    'limit=-5',
    'limit=abc',
    'limit=2.5',
    'page=-1',
    'page=1.5',
    'page=x',
    'page=100000000000',
    "page=1'%20OR%201=1",
  ]);
});

describe('GET /api/articles/:id and /api/articles/handle/:handle', () => {
  const ctx = appPerTest((db) => {
    addArticle(db, 355, '2024-03-01T00:00:00.000Z', {
      handle: 'check-compatibility',
      title: 'Check compatibility',
      body_html: '<h2>Ask our experts</h2><p>Send the <b>model</b> and serial&nbsp;number.</p>',
    });
    addArticle(db, 257, '2024-01-01T00:00:00.000Z', { handle: 'shipping-details' });
    addArticle(db, 354, '2024-02-01T00:00:00.000Z', { handle: 'bulk-orders' });
  });

  it('resolves the ids the product page links to (355, 257, 354)', async () => {
    for (const id of [355, 257, 354]) {
      const body = await getOk<{ article: Article }>(ctx.app, `/api/articles/${id}`);
      expect(body.article.id).toBe(id);
    }
  });

  it('returns the body as stored, with its word count', async () => {
    const { body } = await getJson<{ article: Article }>(ctx.app, '/api/articles/355');
    expect(body.article).toEqual({
      id: 355,
      handle: 'check-compatibility',
      title: 'Check compatibility',
      summary: 'Summary 355',
      author: 'Parts Desk',
      imageUrl: null,
      publishedAt: '2024-03-01T00:00:00.000Z',
      bodyHtml: '<h2>Ask our experts</h2><p>Send the <b>model</b> and serial&nbsp;number.</p>',
      wordCount: 9,
    });
  });

  it('finds the same article by handle', async () => {
    const byHandle = await getJson<{ article: Article }>(
      ctx.app,
      '/api/articles/handle/check-compatibility',
    );
    const byId = await getJson<{ article: Article }>(ctx.app, '/api/articles/355');
    expect(byHandle.status).toBe(200);
    expect(byHandle.body).toEqual(byId.body);
  });

  it.each(['999', '0', '-1', 'abc', '355abc', '3.55', '1e3', '99999999999999999999', '%27'])(
    'answers id %s with 404 Article not found.',
    async (id) => {
      const { status, type, body } = await getJson(ctx.app, `/api/articles/${id}`);
      expect(status).toBe(404);
      expect(type).toMatch(/application\/json/);
      expect(body).toEqual({ error: 'Article not found.' });
    },
  );

  itAnswersMissingHandles(ctx, '/api/articles/handle', 'Article not found.', 'no-such-article');

  it('leaves the table intact after an injection attempt', async () => {
    await getJson(
      ctx.app,
      `/api/articles/handle/${encodeURIComponent("x'; DROP TABLE articles;--")}`,
    );
    const { body } = await getJson<ListReply>(ctx.app, '/api/articles');
    expect(body.pageInfo.totalObjects).toBe(3);
  });

  it('answers a malformed percent-encoding with a 4xx JSON reply, not a 500', async () => {
    const res = await ctx.app.request('http://localhost/api/articles/handle/%E0%A4%A');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
