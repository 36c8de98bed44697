import { randomBytes } from 'node:crypto';
import { beforeEach, expect } from 'vitest';
import { createApp, type AppOptions } from '../app.ts';
import { openDatabase, type Database } from '../db/open.ts';

/** A merchandiser token of this test run: no token is a constant, not even a test's. */
export const TEST_ADMIN_TOKEN = randomBytes(24).toString('base64url');

/**
 * SITE_URL of test apps: not the http://localhost the requests go to, so that a link built
 * from the request instead of SITE_URL shows.
 */
export const TEST_SITE_URL = 'https://shop.example.test';

/**
 * A fresh app over a fresh in-memory database, for route tests:
 * `const { app, db } = testApp(); await app.request('http://localhost/api/...')`.
 */
export function testApp(options: Partial<AppOptions> = {}): {
  app: ReturnType<typeof createApp>;
  db: Database;
} {
  const db = options.db ?? openDatabase(':memory:');
  const app = createApp({ adminToken: TEST_ADMIN_TOKEN, siteUrl: TEST_SITE_URL, ...options, db });
  return { app, db };
}

/**
 * A fresh test app for each test of the calling `describe` (through beforeEach), its database
 * filled by `seed`: the returned object's `app` and `db` are the running test's, and `seeded`
 * what `seed` returned for it.
 *
 * @example
 * const ctx = appPerTest(seedGeo);
 * it('lists', async () => expect((await ctx.app.request('http://localhost/api/countries')).status).toBe(200));
 */
export function appPerTest<T = void>(
  seed: (db: Database) => T = () => undefined as T,
): ReturnType<typeof testApp> & { seeded: T } {
  const current = {} as ReturnType<typeof testApp> & { seeded: T };
  beforeEach(() => {
    Object.assign(current, testApp());
    current.seeded = seed(current.db);
  });
  return current;
}

/** JSON request init for app.request(). */
export function jsonInit(method: string, body?: unknown, headers: Record<string, string> = {}) {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** Asserts a reply's status and that its body is exactly the JSON `{ error }`. */
export async function expectErrorReply(res: Response, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ error });
}

/**
 * Asserts a form's reply to a POST (201 with `{ success: true, id }`) and gives the row it
 * stored in `table` under that id, for the test to compare with what was sent.
 */
export async function expectStoredRow(
  reply: Response,
  db: Database,
  table: string,
): Promise<{ id: number; row: unknown }> {
  expect(reply.status).toBe(201);
  const body = (await reply.json()) as { success: boolean; id: number };
  expect(body).toEqual({ success: true, id: expect.any(Number) as number });
  return { id: body.id, row: db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(body.id) };
}
