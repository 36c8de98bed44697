import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { articleRoutes } from './content-articles.ts';
import { pageRoutes } from './content-pages.ts';
import { questionRoutes } from './content-questions.ts';
import { siteReviewRoutes } from './content-site-reviews.ts';

/**
 * Content the route table needs: articles, help answers, generic pages, questions
 * and site reviews. Mounted at /api, so each part defines its full sub-path.
 */
export function contentRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.route('/', articleRoutes(deps));
  app.route('/', pageRoutes(deps));
  app.route('/', questionRoutes(deps));
  app.route('/', siteReviewRoutes(deps));
  return app;
}
