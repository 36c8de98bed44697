import { Hono } from 'hono';
import type { SQLInputValue } from 'node:sqlite';
import type { Deps } from '../deps.ts';
import { jsonError } from '../http/errors.ts';
import { queryInt } from '../http/input.ts';
import { pageInfo, readPaging } from './content-paging.ts';

/** A question topic with how many questions it holds (route /questions; account-and-shell 2.1). */
export interface QuestionTopic {
  id: number;
  handle: string;
  title: string;
  questionCount: number;
}

/** A question in a list; `answered` is true once an answer has been written. */
export interface QuestionSummary {
  id: number;
  displayableId: string;
  handle: string;
  title: string;
  topicId: number | null;
  productId: number | null;
  askedBy: string;
  createdAt: string;
  answered: boolean;
}

/** One question with its text and answer (route /questions/:displayableId/:handle). */
export interface Question extends QuestionSummary {
  body: string;
  answerHtml: string;
}

/** A question as selected: the columns under the API's names. */
type QuestionRow = Omit<Question, 'answered'>;
const COLUMNS = `id, displayable_id AS displayableId, handle, title, topic_id AS topicId,
  product_id AS productId, asked_by AS askedBy, created_at AS createdAt, body,
  answer_html AS answerHtml`;

const NOT_FOUND = 'Question not found.';
/** What a displayable id can look like; anything else cannot exist and is a 404. */
const DISPLAYABLE_ID = /^[\w-]{1,64}$/;

function toSummary({ body: _body, answerHtml, ...row }: QuestionRow): QuestionSummary {
  return { ...row, answered: answerHtml.trim() !== '' };
}

/**
 * Questions and answers: topics with counts, a paged list filtered by topic or product
 * (newest first), and one question by its displayable id.
 */
export function questionRoutes({ db }: Deps): Hono {
  const app = new Hono();

  app.get('/topics', (c) => {
    const topics = db
      .prepare(
        `SELECT t.id, t.handle, t.title, COUNT(q.id) AS questionCount
         FROM question_topics t LEFT JOIN questions q ON q.topic_id = t.id
         GROUP BY t.id ORDER BY t.title, t.id`,
      )
      .all() as unknown as QuestionTopic[];
    return c.json({ topics });
  });

  app.get('/', (c) => {
    const paging = readPaging(c, { fallback: 20 });
    // 0 means "no filter"; ids start at 1, so a real filter is never 0.
    const topicId = queryInt(c, 'topicId', { fallback: 0, min: 1, max: Number.MAX_SAFE_INTEGER });
    const productId = queryInt(c, 'productId', {
      fallback: 0,
      min: 1,
      max: Number.MAX_SAFE_INTEGER,
    });
    const where: string[] = [];
    const params: SQLInputValue[] = [];
    if (topicId) {
      where.push('topic_id = ?');
      params.push(topicId);
    }
    if (productId) {
      where.push('product_id = ?');
      params.push(productId);
    }
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const { total } = db
      .prepare(`SELECT COUNT(*) AS total FROM questions ${filter}`)
      .get(...params) as { total: number };
    const rows = db
      .prepare(
        `SELECT ${COLUMNS} FROM questions ${filter}
         ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, paging.limit, paging.offset) as unknown as QuestionRow[];
    return c.json({ questions: rows.map(toSummary), pageInfo: pageInfo(paging, total) });
  });

  app.get('/:displayableId', (c) => {
    const displayableId = c.req.param('displayableId');
    const row = DISPLAYABLE_ID.test(displayableId)
      ? (db
          .prepare(`SELECT ${COLUMNS} FROM questions WHERE displayable_id = ?`)
          .get(displayableId) as QuestionRow | undefined)
      : undefined;
    if (!row) return jsonError(c, 404, NOT_FOUND);
    const question: Question = { ...toSummary(row), body: row.body, answerHtml: row.answerHtml };
    return c.json({ question });
  });

  return app;
}
