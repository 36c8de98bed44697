import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { jsonError } from '../http/errors.ts';
import { rowByHandle } from './content-paging.ts';

/** A help answer in the help index (route /help.asp; spec: account-and-shell 2.1). */
export interface HelpAnswerSummary {
  id: number;
  handle: string;
  title: string;
  topic: string;
}

/** A generic page in the page list (route /:handle; spec: account-and-shell 2.1). */
export interface PageSummary {
  id: number;
  handle: string;
  title: string;
}

/**
 * Help answers and generic pages: lists without bodies (the build fetches each body by handle)
 * and one record by handle with its HTML as stored; the storefront sanitises it on the way in.
 */
export function pageRoutes({ db }: Deps): Hono {
  const app = new Hono();

  app.get('/helpAnswers', (c) => {
    // By topic, then the merchandiser's order within a topic.
    const helpAnswers = db
      .prepare('SELECT id, handle, title, topic FROM help_answers ORDER BY topic, position, id')
      .all() as unknown as HelpAnswerSummary[];
    return c.json({ helpAnswers });
  });

  app.get('/helpAnswers/handle/:handle', (c) => {
    const helpAnswer = rowByHandle(
      db,
      'SELECT id, handle, title, topic, body_html AS bodyHtml FROM help_answers WHERE handle = ?',
      c.req.param('handle'),
    );
    return helpAnswer ? c.json({ helpAnswer }) : jsonError(c, 404, 'Help answer not found.');
  });

  app.get('/pages', (c) => {
    const pages = db
      .prepare('SELECT id, handle, title FROM pages ORDER BY title, id')
      .all() as unknown as PageSummary[];
    return c.json({ pages });
  });

  app.get('/pages/handle/:handle', (c) => {
    const page = rowByHandle(
      db,
      'SELECT id, handle, title, body_html AS bodyHtml FROM pages WHERE handle = ?',
      c.req.param('handle'),
    );
    return page ? c.json({ page }) : jsonError(c, 404, 'Page not found.');
  });

  return app;
}
