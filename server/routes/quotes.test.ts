import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { proofOfWorkVerifier } from '../accounts/proof-of-work.ts';
import type { Deps } from '../deps.ts';
import { handleError } from '../http/errors.ts';
import { expectErrorReply, expectStoredRow, jsonInit, testApp } from '../testing/app.ts';
import { quoteRoutes } from './quotes.ts';

const NOW = Date.parse('2026-03-04T05:06:07.000Z');

/** The API of testApp with the quote routes mounted where the lead mounts them. */
function quoteApp() {
  const { db } = testApp();
  const now = () => NOW;
  const botCheck = proofOfWorkVerifier({ db, now, difficulty: 8 });
  const deps: Deps = { db, adminToken: 'x'.repeat(20), now, visitors: () => 0, botCheck };
  const app = new Hono();
  app.route('/api/quoteRequests', quoteRoutes(deps));
  app.onError(handleError);
  return { app, db };
}

const URL = 'http://localhost/api/quoteRequests';
/** A POST as the store's quote form sends it: JSON, from the store's own origin. */
const postInit = (body: unknown, headers: Record<string, string> = {}) =>
  jsonInit('POST', body, { origin: 'http://localhost', ...headers });
const valid = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '555-0100',
  partNumbers: '85288-001',
  quantity: 2,
  message: 'Need them by Friday.',
};

describe('POST /api/quoteRequests', () => {
  it('stores a request and answers 201 with its id', async () => {
    const { app, db } = quoteApp();
    const reply = await app.request(URL, postInit(valid));
    const { id, row } = await expectStoredRow(reply, db, 'quote_requests');
    expect(row).toEqual({
      id,
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '555-0100',
      part_numbers: '85288-001',
      quantity: 2,
      message: 'Need them by Friday.',
      created_at: '2026-03-04T05:06:07.000Z',
    });
  });

  it('gives each request its own id', async () => {
    const { app } = quoteApp();
    const first = (await (await app.request(URL, postInit(valid))).json()) as {
      id: number;
    };
    const second = (await (await app.request(URL, postInit(valid))).json()) as {
      id: number;
    };
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('trims text and allows leaving out phone and message', async () => {
    const { app, db } = quoteApp();
    const { phone: _phone, message: _message, ...required } = valid;
    const reply = await app.request(URL, postInit({ ...required, name: '  Ann  ' }));
    expect(reply.status).toBe(201);
    const { id } = (await reply.json()) as { id: number };
    expect(
      db.prepare('SELECT name, phone, message FROM quote_requests WHERE id = ?').get(id),
    ).toEqual({ name: 'Ann', phone: '', message: '' });
  });

  it.each([
    ['a missing name', { ...valid, name: ' ' }, 'name: is required'],
    ['a bad email', { ...valid, email: 'ann' }, 'email: must be an email address'],
    ['no part number', { ...valid, partNumbers: '' }, 'partNumbers: is required'],
    ['a zero quantity', { ...valid, quantity: 0 }, 'quantity:'],
    ['a fractional quantity', { ...valid, quantity: 1.5 }, 'quantity:'],
    ['a long message', { ...valid, message: 'x'.repeat(2001) }, 'message: must be at most 2000'],
  ])('refuses %s with 400 and stores nothing', async (_what, body, error) => {
    const { app, db } = quoteApp();
    const reply = await app.request(URL, postInit(body));
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { error: string }).error).toContain(error);
    expect(db.prepare('SELECT COUNT(*) AS n FROM quote_requests').get()).toEqual({ n: 0 });
  });

  it('refuses a body that is not JSON', async () => {
    const { app } = quoteApp();
    const reply = await app.request(URL, { method: 'POST', body: 'name=Ann' });
    expect(reply.status).toBe(415);
    const malformed = await app.request(URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: '{',
    });
    expect(malformed.status).toBe(400);
  });

  it('refuses an oversized body with 413', async () => {
    const { app } = quoteApp();
    const reply = await app.request(URL, postInit({ ...valid, message: 'x'.repeat(20_000) }));
    expect(reply.status).toBe(413);
  });

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['an opaque origin', { origin: 'null' }],
    ['no Origin at all', { origin: '' }],
  ])('refuses a request from %s with 403 and stores nothing', async (_, headers) => {
    const { app, db } = quoteApp();
    const init = postInit(valid, headers);
    if (headers.origin === '') delete (init.headers as Record<string, string>).origin;
    const reply = await app.request(URL, init);
    await expectErrorReply(reply, 403, 'This request must come from the store itself.');
    expect(db.prepare('SELECT COUNT(*) AS n FROM quote_requests').get()).toEqual({ n: 0 });
  });

  it('does not list requests', async () => {
    const { app } = quoteApp();
    await app.request(URL, postInit(valid));
    expect((await app.request(URL)).status).toBe(404);
  });
});
