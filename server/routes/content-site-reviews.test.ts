import { describe, expect, it } from 'vitest';
import type { Database } from '../db/open.ts';
import { appPerTest } from '../testing/app.ts';
import {
  getJson,
  insertRow,
  itAnswersPastTheEnd,
  itRefusesQueries,
  getOk,
} from './content.testing.ts';
import type { PageInfo } from './content-paging.ts';
import { NO_FEEDBACK, type SiteReview } from './content-site-reviews.ts';

interface ListReply {
  siteReviews: SiteReview[];
  pageInfo: PageInfo;
}

function addReview(db: Database, id: number, message: string | null, extra: object = {}) {
  insertRow(db, 'site_reviews', {
    id,
    name: `Buyer ${id}`,
    message,
    stars: 5,
    url: `https://reviews.example/r/${id}`,
    created_at: `2024-06-${String(id).padStart(2, '0')}T08:00:00.000Z`,
    ...extra,
  });
}

describe('GET /api/reviews/siteReviews', () => {
  const ctx = appPerTest();

  it('answers an empty list with pageInfo when there are no reviews', async () => {
    const body = await getOk<ListReply>(ctx.app, '/api/reviews/siteReviews');
    expect(body).toEqual({
      siteReviews: [],
      pageInfo: { page: 0, limitPerPage: 6, totalObjects: 0, totalPages: 0 },
    });
  });

  it('answers the spec form with a trailing slash (limit=6, page=0)', async () => {
    for (let id = 1; id <= 8; id += 1) addReview(ctx.db, id, `Great service ${id}`);
    const body = await getOk<ListReply>(ctx.app, '/api/reviews/siteReviews/?limit=6&page=0');
    expect(body.siteReviews.map((r) => r.id)).toEqual([8, 7, 6, 5, 4, 3]);
    expect(body.pageInfo).toEqual({ page: 0, limitPerPage: 6, totalObjects: 8, totalPages: 2 });
  });

  it('answers the same without the trailing slash', async () => {
    addReview(ctx.db, 1, 'Fast shipping');
    const withSlash = await getJson(ctx.app, '/api/reviews/siteReviews/');
    const without = await getJson(ctx.app, '/api/reviews/siteReviews');
    expect(without.status).toBe(200);
    expect(without.body).toEqual(withSlash.body);
  });

  it('gives each review the carousel fields', async () => {
    addReview(ctx.db, 3, 'Right part, first time.', { stars: 4 });
    const { body } = await getJson<ListReply>(ctx.app, '/api/reviews/siteReviews');
    expect(body.siteReviews).toEqual([
      {
        id: 3,
        url: 'https://reviews.example/r/3',
        message: 'Right part, first time.',
        name: 'Buyer 3',
        stars: 4,
        createdAt: '2024-06-03T08:00:00.000Z',
      },
    ]);
  });

  it("defaults a null, empty or blank message to 'No feedback given.'", async () => {
    addReview(ctx.db, 1, null);
    addReview(ctx.db, 2, '');
    addReview(ctx.db, 3, '   \n ');
    const { body } = await getJson<ListReply>(ctx.app, '/api/reviews/siteReviews');
    expect(NO_FEEDBACK).toBe('No feedback given.');
    expect(body.siteReviews.map((r) => r.message)).toEqual([NO_FEEDBACK, NO_FEEDBACK, NO_FEEDBACK]);
  });

  it('returns the second page', async () => {
    for (let id = 1; id <= 8; id += 1) addReview(ctx.db, id, 'ok');
    const { body } = await getJson<ListReply>(ctx.app, '/api/reviews/siteReviews/?limit=6&page=1');
    expect(body.siteReviews.map((r) => r.id)).toEqual([2, 1]);
    expect(body.pageInfo.page).toBe(1);
  });

  itAnswersPastTheEnd(ctx, '/api/reviews/siteReviews?page=99999', 'siteReviews', (db) =>
    addReview(db, 1, 'ok'),
  );

  itRefusesQueries(ctx, '/api/reviews/siteReviews/', [
    'limit=0',
    'limit=101',
    'limit=-6',
    'limit=six',
    'limit=6.5',
    'page=-1',
    'page=abc',
    'page=0.1',
    'page=123456789012',
    'page=0;DROP%20TABLE%20site_reviews',
  ]);

  it('is not confused with product reviews under other paths', async () => {
    const { status, body } = await getJson(ctx.app, '/api/reviews/other');
    expect(status).toBe(404);
    expect(body).toHaveProperty('error');
  });
});
