import { describe, expect, it } from 'vitest';
import type { Database } from '../db/open.ts';
import { appPerTest } from '../testing/app.ts';
import {
  expectError,
  getJson,
  HOSTILE,
  insertRow,
  itAnswersEmptyList,
  itAnswersPastTheEnd,
  itRefusesQueries,
  getOk,
} from './content.testing.ts';
import type { PageInfo } from './content-paging.ts';
import type { Question, QuestionSummary, QuestionTopic } from './content-questions.ts';

interface ListReply {
  questions: QuestionSummary[];
  pageInfo: PageInfo;
}

/** Two topics, two products and five questions spread over them. */
function seed(db: Database) {
  insertRow(db, 'question_topics', { id: 1, handle: 'wheels', title: 'Wheels' });
  insertRow(db, 'question_topics', { id: 2, handle: 'hydraulics', title: 'Hydraulics' });
  insertRow(db, 'question_topics', { id: 3, handle: 'batteries', title: 'Batteries' });
  insertRow(db, 'products', { id: 10, handle: 'load-wheel', title: 'Load wheel' });
  insertRow(db, 'products', { id: 11, handle: 'seal-kit', title: 'Seal kit' });
  const add = (id: number, topicId: number | null, productId: number | null, answer = '') =>
    insertRow(db, 'questions', {
      id,
      displayable_id: `Q${1000 + id}`,
      handle: `question-${id}`,
      topic_id: topicId,
      product_id: productId,
      title: `Question ${id}?`,
      body: `Body ${id}`,
      answer_html: answer,
      asked_by: `Asker ${id}`,
      created_at: `2024-05-0${id}T10:00:00.000Z`,
    });
  add(1, 1, 10, '<p>Yes.</p>');
  add(2, 1, 11);
  add(3, 2, 11, '<p>Use kit B.</p>');
  add(4, null, 10, '   ');
  add(5, 1, 10);
}

describe('GET /api/questions/topics', () => {
  const ctx = appPerTest();

  itAnswersEmptyList(ctx, '/api/questions/topics', 'topics');

  it('lists topics by title with their question counts, empty topics included', async () => {
    seed(ctx.db);
    const body = await getOk<{ topics: QuestionTopic[] }>(ctx.app, '/api/questions/topics');
    expect(body.topics).toEqual([
      { id: 3, handle: 'batteries', title: 'Batteries', questionCount: 0 },
      { id: 2, handle: 'hydraulics', title: 'Hydraulics', questionCount: 1 },
      { id: 1, handle: 'wheels', title: 'Wheels', questionCount: 3 },
    ]);
  });
});

describe('GET /api/questions', () => {
  const ctx = appPerTest(seed);

  it('lists every question newest first with pageInfo', async () => {
    const body = await getOk<ListReply>(ctx.app, '/api/questions');
    expect(body.questions.map((q) => q.id)).toEqual([5, 4, 3, 2, 1]);
    expect(body.pageInfo).toEqual({ page: 0, limitPerPage: 20, totalObjects: 5, totalPages: 1 });
  });

  it('gives the list fields and whether an answer exists', async () => {
    const { body } = await getJson<ListReply>(ctx.app, '/api/questions');
    expect(body.questions.find((q) => q.id === 1)).toEqual({
      id: 1,
      displayableId: 'Q1001',
      handle: 'question-1',
      title: 'Question 1?',
      topicId: 1,
      productId: 10,
      askedBy: 'Asker 1',
      createdAt: '2024-05-01T10:00:00.000Z',
      answered: true,
    });
    const answered = Object.fromEntries(body.questions.map((q) => [q.id, q.answered]));
    // A blank answer (whitespace only) is not an answer.
    expect(answered).toEqual({ 1: true, 2: false, 3: true, 4: false, 5: false });
    expect(body.questions[0]).not.toHaveProperty('answerHtml');
    expect(body.questions[0]).not.toHaveProperty('body');
  });

  it('filters by topic', async () => {
    const { body } = await getJson<ListReply>(ctx.app, '/api/questions?topicId=1');
    expect(body.questions.map((q) => q.id)).toEqual([5, 2, 1]);
    expect(body.pageInfo.totalObjects).toBe(3);
  });

  it('filters by product', async () => {
    const { body } = await getJson<ListReply>(ctx.app, '/api/questions?productId=11');
    expect(body.questions.map((q) => q.id)).toEqual([3, 2]);
  });

  it('combines topic and product filters', async () => {
    const { body } = await getJson<ListReply>(ctx.app, '/api/questions?topicId=1&productId=10');
    expect(body.questions.map((q) => q.id)).toEqual([5, 1]);
  });

  it('treats empty filters as absent', async () => {
    const { body } = await getJson<ListReply>(ctx.app, '/api/questions?topicId=&productId=');
    expect(body.pageInfo.totalObjects).toBe(5);
  });

  it('answers unknown topics and products with an empty list', async () => {
    for (const query of ['topicId=99', 'productId=99', 'topicId=9999999999']) {
      const body = await getOk<ListReply>(ctx.app, `/api/questions?${query}`);
      expect(body.questions).toEqual([]);
      expect(body.pageInfo.totalPages).toBe(0);
    }
  });

  it('pages with limit and a zero-based page', async () => {
    const { body } = await getJson<ListReply>(ctx.app, '/api/questions?limit=2&page=1');
    expect(body.questions.map((q) => q.id)).toEqual([3, 2]);
    expect(body.pageInfo).toEqual({ page: 1, limitPerPage: 2, totalObjects: 5, totalPages: 3 });
  });

  itAnswersPastTheEnd(ctx, '/api/questions?page=100000', 'questions');

  itRefusesQueries(ctx, '/api/questions', [
    'limit=0',
    'limit=1000',
    'limit=ten',
    'page=-2',
    'page=0.5',
    'page=1000001',
    'topicId=abc',
    'topicId=0',
    'topicId=-1',
    'topicId=1.5',
    "topicId=1'%20OR%20'1'='1",
    'productId=x',
    'productId=-3',
    'productId=99999999999999999999',
  ]);
});

describe('GET /api/questions/:displayableId', () => {
  const ctx = appPerTest(seed);

  it('returns one question with its body and answer HTML', async () => {
    const body = await getOk<{ question: Question }>(ctx.app, '/api/questions/Q1003');
    expect(body.question).toEqual({
      id: 3,
      displayableId: 'Q1003',
      handle: 'question-3',
      title: 'Question 3?',
      topicId: 2,
      productId: 11,
      askedBy: 'Asker 3',
      createdAt: '2024-05-03T10:00:00.000Z',
      answered: true,
      body: 'Body 3',
      answerHtml: '<p>Use kit B.</p>',
    });
  });

  it('keeps a question whose product was deleted, with a null productId', async () => {
    ctx.db.exec('DELETE FROM products WHERE id = 11');
    const { body } = await getJson<{ question: Question }>(ctx.app, '/api/questions/Q1003');
    expect(body.question.productId).toBeNull();
  });

  it('answers an unknown displayable id with 404 JSON', async () => {
    const { status, type, body } = await getJson(ctx.app, '/api/questions/Q9999');
    expect(status).toBe(404);
    expect(type).toMatch(/application\/json/);
    expect(body).toEqual({ error: 'Question not found.' });
  });

  it.each([...HOSTILE, 'q1003', 'x'.repeat(65)])(
    'answers the displayable id %s with a 404',
    async (id) => {
      await expectError(
        ctx.app,
        `/api/questions/${encodeURIComponent(id)}`,
        404,
        'Question not found.',
      );
    },
  );

  it('does not take "topics" for a displayable id', async () => {
    const body = await getOk(ctx.app, '/api/questions/topics');
    expect(body).toHaveProperty('topics');
  });
});
