import { describe, expect, it } from 'vitest';
import { appPerTest } from '../testing/app.ts';
import {
  expectJsonReply,
  getJson,
  insertRow,
  itAnswersEmptyList,
  itAnswersMissingHandles,
} from './content.testing.ts';

describe('GET /api/helpAnswers', () => {
  const ctx = appPerTest();

  itAnswersEmptyList(ctx, '/api/helpAnswers', 'helpAnswers');

  it('lists by topic, then position, then id, without bodies', async () => {
    const add = (id: number, topic: string, position: number) =>
      insertRow(ctx.db, 'help_answers', {
        id,
        handle: `help-${id}`,
        title: `Help ${id}`,
        topic,
        position,
        body_html: '<p>secret body</p>',
      });
    add(1, 'Shipping', 2);
    add(2, 'Orders', 1);
    add(3, 'Shipping', 1);
    add(4, 'Orders', 0);
    add(5, 'Shipping', 1);
    const { body } = await getJson<{ helpAnswers: object[] }>(ctx.app, '/api/helpAnswers');
    expect(body.helpAnswers).toEqual([
      { id: 4, handle: 'help-4', title: 'Help 4', topic: 'Orders' },
      { id: 2, handle: 'help-2', title: 'Help 2', topic: 'Orders' },
      { id: 3, handle: 'help-3', title: 'Help 3', topic: 'Shipping' },
      { id: 5, handle: 'help-5', title: 'Help 5', topic: 'Shipping' },
      { id: 1, handle: 'help-1', title: 'Help 1', topic: 'Shipping' },
    ]);
  });
});

describe('GET /api/helpAnswers/handle/:handle', () => {
  const returns = { id: 7, handle: 'returns', title: 'How do I return a part?', topic: 'Orders' };
  const bodyHtml = '<p>Within <em>30 days</em>.</p><script>x()</script>';
  const ctx = appPerTest((db) => {
    insertRow(db, 'help_answers', { ...returns, body_html: bodyHtml });
  });

  it('returns one answer with its HTML body as stored', async () => {
    await expectJsonReply(ctx.app, '/api/helpAnswers/handle/returns', {
      helpAnswer: { ...returns, bodyHtml },
    });
  });

  itAnswersMissingHandles(ctx, '/api/helpAnswers/handle', 'Help answer not found.', 'nothing');

  it('is exact about the handle (no LIKE matching, no case folding)', async () => {
    expect((await getJson(ctx.app, '/api/helpAnswers/handle/RETURNS')).status).toBe(404);
    expect((await getJson(ctx.app, '/api/helpAnswers/handle/ret%25')).status).toBe(404);
    expect((await getJson(ctx.app, '/api/helpAnswers/handle/ret_rns')).status).toBe(404);
  });
});

describe('GET /api/pages and /api/pages/handle/:handle', () => {
  const aboutUs = { id: 1, handle: 'about-us', title: 'About us' };
  const bodyHtml = '<h1>About</h1><p>Parts since 1990.</p>';
  const ctx = appPerTest((db) => {
    insertRow(db, 'pages', { id: 2, handle: 'product-index', title: 'Product index' });
    insertRow(db, 'pages', { ...aboutUs, body_html: bodyHtml });
  });

  it('lists pages by title without bodies', async () => {
    await expectJsonReply(ctx.app, '/api/pages', {
      pages: [
        { id: 1, handle: 'about-us', title: 'About us' },
        { id: 2, handle: 'product-index', title: 'Product index' },
      ],
    });
  });

  itAnswersEmptyList(ctx, '/api/pages', 'pages', (db) => db.exec('DELETE FROM pages'));

  it('returns one page with its HTML body', async () => {
    await expectJsonReply(ctx.app, '/api/pages/handle/about-us', {
      page: { ...aboutUs, bodyHtml },
    });
  });

  it('returns an empty body as an empty string', async () => {
    const { body } = await getJson<{ page: { bodyHtml: string } }>(
      ctx.app,
      '/api/pages/handle/product-index',
    );
    expect(body.page.bodyHtml).toBe('');
  });

  itAnswersMissingHandles(ctx, '/api/pages/handle', 'Page not found.', 'contact');

  it('answers /api/pages/handle/ without a handle with a JSON 404', async () => {
    const { status, body } = await getJson(ctx.app, '/api/pages/handle/');
    expect(status).toBe(404);
    expect(body).toHaveProperty('error');
  });
});
