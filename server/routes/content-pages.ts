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
 * A list without bodies (the build fetches each body by handle) and one record by handle with
 * its HTML as stored; the storefront sanitises it on the way in. GET / -> `{ [list]: [...] }`,
 * GET /handle/:handle -> `{ [one]: {...} }`.
 */
function listAndOne<Summary>(
  db: Deps['db'],
  [list, one]: [string, string],
  [listSql, oneSql]: [string, string],
  notFound: string,
): Hono {
  const app = new Hono();
  app.get('/', (c) => c.json({ [list]: db.prepare(listSql).all() as unknown as Summary[] }));
  app.get('/handle/:handle', (c) => {
    const record = rowByHandle(db, oneSql, c.req.param('handle'));
    return record ? c.json({ [one]: record }) : jsonError(c, 404, notFound);
  });
  return app;
}

/** Help answers, mounted at /api/helpAnswers (spec: account-and-shell 2.1). */
export function helpAnswerRoutes({ db }: Deps): Hono {
  return listAndOne<HelpAnswerSummary>(
    db,
    ['helpAnswers', 'helpAnswer'],
    [
      // By topic, then the merchandiser's order within a topic.
      'SELECT id, handle, title, topic FROM help_answers ORDER BY topic, position, id',
      'SELECT id, handle, title, topic, body_html AS bodyHtml FROM help_answers WHERE handle = ?',
    ],
    'Help answer not found.',
  );
}

/** Generic pages, mounted at /api/pages (spec: account-and-shell 2.1). */
export function pageRoutes({ db }: Deps): Hono {
  return listAndOne<PageSummary>(
    db,
    ['pages', 'page'],
    [
      'SELECT id, handle, title FROM pages ORDER BY title, id',
      'SELECT id, handle, title, body_html AS bodyHtml FROM pages WHERE handle = ?',
    ],
    'Page not found.',
  );
}
