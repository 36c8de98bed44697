import { Hono, type Context } from 'hono';
import type { SiteReviewRecord } from '../../shared/contracts/catalogue-records.ts';
import type { Deps } from '../deps.ts';
import { pageInfo, readPaging } from './content-paging.ts';

/**
 * A review of the store (spec: account-and-shell 3, site review): the record the storefront's
 * siteReviews collection holds, so the two sides cannot drift apart.
 */
export type SiteReview = SiteReviewRecord;

interface SiteReviewRow {
  id: number;
  url: string;
  message: string | null;
  name: string;
  stars: number;
  created_at: string;
}

/** spec: account-and-shell 3, "message (default 'No feedback given.')". */
export const NO_FEEDBACK = 'No feedback given.';

function toSiteReview(row: SiteReviewRow): SiteReview {
  const message = row.message?.trim() ? row.message : NO_FEEDBACK;
  return {
    id: row.id,
    url: row.url,
    message,
    name: row.name,
    stars: row.stars,
    createdAt: row.created_at,
  };
}

/**
 * Seller reviews for the carousel, newest first (spec: account-and-shell 2.10 and 7:
 * GET /api/reviews/siteReviews/ with limit=6, page=0; the trailing slash is the spec's form).
 */
export function siteReviewRoutes({ db }: Deps): Hono {
  const app = new Hono();

  const list = (c: Context) => {
    const paging = readPaging(c, { fallback: 6 });
    const { total } = db.prepare('SELECT COUNT(*) AS total FROM site_reviews').get() as {
      total: number;
    };
    const rows = db
      .prepare(
        `SELECT id, url, message, name, stars, created_at FROM site_reviews
         ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(paging.limit, paging.offset) as unknown as SiteReviewRow[];
    return c.json({ siteReviews: rows.map(toSiteReview), pageInfo: pageInfo(paging, total) });
  };
  app.get('/', list);

  return app;
}
