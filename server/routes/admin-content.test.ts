import { describe, expect, it } from 'vitest';
import type { Database } from '../db/open.ts';
import { ADMIN_AUTH, adminPerTest } from './admin.testing.ts';

// Issue 33, item 12: articles, help answers, pages and questions through the merchandiser
// API, each write in the change feed with who made it, read back by the public calls.

const { ctx, send } = adminPerTest();
const json = async <T = Record<string, unknown>>(reply: Response) => ({
  status: reply.status,
  body: (await reply.json()) as T,
});
const feed = (db: Database, entity: string) =>
  db
    .prepare('SELECT entity, entity_id AS id, op, actor FROM changes WHERE entity = ? ORDER BY seq')
    .all(entity);
const as = (name: string) => ({ ...ADMIN_AUTH, 'x-merchandiser': name });

const article = {
  handle: 'choosing-load-wheels',
  title: 'Choosing load wheels',
  summary: 'Poly or rubber?',
  bodyHtml: '<p>Poly rolls easier; rubber is quieter.</p>',
  author: 'Parts desk',
};

describe('articles', () => {
  it('creates, changes only the fields sent, and deletes, each in the change feed', async () => {
    const created = await json<{ article: { id: number; publishedAt: string } }>(
      await send('POST', '/articles', article, as('Jane')),
    );
    expect(created.status).toBe(201);
    const { id } = created.body.article;
    expect(created.body.article).toMatchObject({ ...article, imageUrl: null });
    expect(created.body.article.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const patched = await json(
      await send('PATCH', `/articles/${id}`, { title: 'Choosing a load wheel' }),
    );
    expect(patched.body).toMatchObject({
      article: { ...article, title: 'Choosing a load wheel' },
    });
    // The storefront's own call reads the change.
    const read = await json(await ctx.app.request(`http://localhost/api/articles/${id}`));
    expect(read.body).toMatchObject({ article: { title: 'Choosing a load wheel' } });

    expect((await send('DELETE', `/articles/${id}`)).status).toBe(200);
    expect((await send('GET', `/articles/${id}`)).status).toBe(404);
    expect(feed(ctx.db, 'article')).toEqual([
      { entity: 'article', id, op: 'upsert', actor: 'admin:Jane' },
      { entity: 'article', id, op: 'upsert', actor: 'admin' },
      { entity: 'article', id, op: 'delete', actor: 'admin' },
    ]);
  });

  it('refuses unknown fields, bad values and a taken handle, and writes nothing', async () => {
    await send('POST', '/articles', article);
    const before = feed(ctx.db, 'article').length;
    const unknown = await json(await send('POST', '/articles', { ...article, handel: 'x' }));
    expect(unknown.status).toBe(422);
    expect((await send('POST', '/articles', { ...article, handle: 'Not A Handle' })).status).toBe(
      400,
    );
    expect((await send('POST', '/articles', { ...article, imageUrl: 'javascript:x' })).status).toBe(
      400,
    );
    const twice = await json<{ error: string }>(await send('POST', '/articles', article));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(
      /^handle: another article \(\d+\) has choosing-load-wheels\.$/,
    );
    expect((await send('PATCH', '/articles/999', { title: 'x' })).status).toBe(404);
    expect((await send('PATCH', '/articles/1', { title: '' })).status).toBe(400);
    expect((await send('PATCH', '/articles/1', { nope: 1 })).status).toBe(422);
    expect(feed(ctx.db, 'article')).toHaveLength(before);
  });

  it('needs the merchandiser token', async () => {
    expect((await send('POST', '/articles', article, {})).status).toBe(401);
    expect((await send('DELETE', '/articles/1', undefined, {})).status).toBe(401);
  });
});

describe('help answers, pages and questions', () => {
  it('each has the same calls and its own change-feed entity', async () => {
    const help = await json<{ helpAnswer: { id: number } }>(
      await send('POST', '/help-answers', {
        handle: 'returns',
        title: 'How do I return a part?',
        bodyHtml: '<p>Within 30 days.</p>',
        topic: 'Returns',
      }),
    );
    expect(help.status).toBe(201);
    const page = await json<{ page: { id: number } }>(
      await send('POST', '/pages', { handle: 'about-us', title: 'About us' }),
    );
    expect(page.status).toBe(201);
    const question = await json<{ question: { id: number } }>(
      await send('POST', '/questions', {
        displayableId: 'Q-1042',
        handle: 'does-85288-001-fit-a-pth50',
        title: 'Does 85288-001 fit a PTH50?',
        answerHtml: '<p>Yes, from serial 1A on.</p>',
      }),
    );
    expect(question.status).toBe(201);
    await send('PATCH', `/pages/${page.body.page.id}`, { bodyHtml: '<p>Since 1994.</p>' });
    expect(
      (await json(await ctx.app.request('http://localhost/api/pages/handle/about-us'))).body,
    ).toMatchObject({ page: { bodyHtml: '<p>Since 1994.</p>' } });
    const taken = await send('POST', '/questions', {
      displayableId: 'Q-1042',
      handle: 'other',
      title: 'Another',
    });
    expect(taken.status).toBe(409);
    expect(feed(ctx.db, 'help')).toEqual([
      { entity: 'help', id: help.body.helpAnswer.id, op: 'upsert', actor: 'admin' },
    ]);
    expect(feed(ctx.db, 'page').map((row) => (row as { op: string }).op)).toEqual([
      'upsert',
      'upsert',
    ]);
    expect(feed(ctx.db, 'question')).toHaveLength(1);
  });
});
