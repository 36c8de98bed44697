import { describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.ts';
import { getJson, getOk } from './content.testing.ts';

/** A guest's GET of `path` on a fresh app answers 200 with the JSON `body`. */
async function expectGuestAnswer(path: string, body: unknown) {
  const { app } = testApp();
  const reply = await getJson(app, path);
  expect(reply.status).toBe(200);
  expect(reply.type).toMatch(/application\/json/);
  expect(reply.body).toEqual(body);
}

describe('GET /api/user', () => {
  it('answers { user: null } for a guest (spec: account-and-shell 4, signed out)', async () => {
    await expectGuestAnswer('/api/user', { user: null });
  });

  it('stays a guest whatever cookies or headers are sent before sign-in exists', async () => {
    const { app } = testApp();
    const res = await app.request('http://localhost/api/user', {
      headers: { cookie: "session=' OR 1=1; other=x", authorization: 'Bearer nonsense' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
  });

  it('ignores query parameters', async () => {
    const { app } = testApp();
    const body = await getOk(app, '/api/user?id=1&page=-1');
    expect(body).toEqual({ user: null });
  });
});

describe('GET /api/customer', () => {
  it('answers { customer: null } for a guest (spec: storefront 7)', async () => {
    await expectGuestAnswer('/api/customer', { customer: null });
  });

  it('does not reveal a stored customer to a guest', async () => {
    const { app, db } = testApp();
    db.prepare("INSERT INTO customers (id, email) VALUES (1, 'buyer@example.com')").run();
    expect((await getJson(app, '/api/customer')).body).toEqual({ customer: null });
    expect((await getJson(app, '/api/user')).body).toEqual({ user: null });
  });

  it('refuses a write with a 4xx, not a 500', async () => {
    const { app } = testApp();
    const res = await app.request('http://localhost/api/customer', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id": 1',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
