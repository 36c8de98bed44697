import { Hono } from 'hono';
import type { ArticleSource } from '../../shared/contracts/catalogue-records.ts';
import { countWords } from '../../shared/format/read-time.ts';
import type { Database } from '../db/open.ts';
import type { Deps } from '../deps.ts';
import { jsonError } from '../http/errors.ts';
import { handleParam, numericId, pageInfo, readPaging } from './content-paging.ts';

/**
 * An article in the blog list (content the route table needs): what the storefront reads
 * from an article record, less the word count only one article carries.
 */
export type ArticleSummary = Omit<ArticleSource, 'wordCount'>;

/** One article with its body; wordCount feeds the read-time estimate (spec: storefront 9). */
export interface Article extends ArticleSummary {
  bodyHtml: string;
  wordCount: number;
}

const NOT_FOUND = 'Article not found.';
/** The summary's columns, named as the API names them, so a row is a summary as it is. */
const SUMMARY_COLUMNS =
  'id, handle, title, summary, author, image_url AS imageUrl, published_at AS publishedAt';

function toArticle(row: ArticleSummary & { bodyHtml: string }): Article {
  return { ...row, wordCount: countWords(row.bodyHtml) };
}

function findArticle(db: Database, column: 'id' | 'handle', value: number | string) {
  const row = db
    .prepare(`SELECT ${SUMMARY_COLUMNS}, body_html AS bodyHtml FROM articles WHERE ${column} = ?`)
    .get(value) as (ArticleSummary & { bodyHtml: string }) | undefined;
  return row ? toArticle(row) : null;
}

/**
 * Articles: the blog list, newest first, and one article by id or handle. The storefront links
 * /Articles.asp?ID={id} (spec: storefront 2, product page: articles 355, 257 and 354), so ids are stable.
 */
export function articleRoutes({ db }: Deps): Hono {
  const app = new Hono();

  app.get('/', (c) => {
    const paging = readPaging(c, { fallback: 20 });
    const { total } = db.prepare('SELECT COUNT(*) AS total FROM articles').get() as {
      total: number;
    };
    const rows = db
      .prepare(
        `SELECT ${SUMMARY_COLUMNS} FROM articles
         ORDER BY published_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(paging.limit, paging.offset) as unknown as ArticleSummary[];
    return c.json({ articles: rows, pageInfo: pageInfo(paging, total) });
  });

  app.get('/handle/:handle', (c) => {
    const handle = handleParam(c.req.param('handle'));
    const article = handle === null ? null : findArticle(db, 'handle', handle);
    return article ? c.json({ article }) : jsonError(c, 404, NOT_FOUND);
  });

  app.get('/:id', (c) => {
    const id = numericId(c.req.param('id'));
    const article = id === null ? null : findArticle(db, 'id', id);
    return article ? c.json({ article }) : jsonError(c, 404, NOT_FOUND);
  });

  return app;
}
