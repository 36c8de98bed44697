import { expect, it } from 'vitest';
import type { Database } from '../db/open.ts';
import type { testApp } from '../testing/app.ts';

/** Test helpers for the route tests (used by *.test.ts only). */

type App = ReturnType<typeof testApp>['app'];

/** The status and parsed JSON body of GET http://localhost{path}. */
export async function getJson<T = Record<string, unknown>>(
  app: App,
  path: string,
): Promise<{ status: number; type: string | null; body: T }> {
  const res = await app.request(`http://localhost${path}`);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: (await res.json()) as T,
  };
}

/** The status and body of GET http://localhost{path}, asserting that the reply is JSON. */
export async function getJsonReply<T = Record<string, unknown>>(
  app: App,
  path: string,
): Promise<{ status: number; body: T }> {
  const { status, type, body } = await getJson<T>(app, path);
  expect(type).toMatch(/application\/json/);
  return { status, body };
}

/** The JSON body of GET http://localhost{path}, asserting that it answers 200. */
export async function getOk<T = Record<string, unknown>>(app: App, path: string): Promise<T> {
  const { status, body } = await getJson<T>(app, path);
  expect(status).toBe(200);
  return body;
}

/** Asserts that GET http://localhost{path} answers 200 with exactly `expected`. */
export async function expectJsonReply(app: App, path: string, expected: unknown) {
  const { status, body } = await getJson(app, path);
  expect(status).toBe(200);
  expect(body).toEqual(expected);
}

/**
 * Asserts that GET http://localhost{path} answers `status` with a JSON error: `error` when
 * given, else any text.
 */
export async function expectError(app: App, path: string, status: number, error?: string) {
  const reply = await getJson(app, path);
  expect(reply.status).toBe(status);
  expect(reply.body).toEqual({ error: error ?? (expect.any(String) as string) });
}

/**
 * The tests every by-handle route shares: an unknown handle, each hostile string and an
 * oversized handle all answer a JSON 404 (`notFound` for the first two), never a 500.
 * @example itAnswersMissingHandles(ctx, '/api/pages/handle', 'Page not found.', 'contact')
 */
export function itAnswersMissingHandles(
  ctx: { readonly app: App },
  base: string,
  notFound: string,
  unknown: string,
) {
  it(`answers the unknown handle ${unknown} with 404 ${notFound}`, async () => {
    const { status, type, body } = await getJson(ctx.app, `${base}/${unknown}`);
    expect(status).toBe(404);
    expect(type).toMatch(/application\/json/);
    expect(body).toEqual({ error: notFound });
  });

  it.each(HOSTILE)('answers the hostile handle %s with a 404, not a 500', async (handle) => {
    await expectError(ctx.app, `${base}/${encodeURIComponent(handle)}`, 404, notFound);
  });

  it('answers an oversized handle with a 404', async () => {
    const { status } = await getJson(ctx.app, `${base}/${'h'.repeat(5000)}`);
    expect(status).toBe(404);
  });
}

/**
 * Tests that GET {path} answers 200 `{ [key]: [] }` when there is nothing to list
 * (after `empty` removes what the test's seed added, if anything).
 */
export function itAnswersEmptyList(
  ctx: { readonly app: App; readonly db: Database },
  path: string,
  key: string,
  empty: (db: Database) => void = () => undefined,
) {
  it(`answers an empty list when there are no ${key}`, async () => {
    empty(ctx.db);
    await expectJsonReply(ctx.app, path, { [key]: [] });
  });
}

/**
 * Tests that GET {path} (a page far past the end of a paged list) answers 200 with an empty
 * `key` list, after `seed` adds what the list holds.
 */
export function itAnswersPastTheEnd(
  ctx: { readonly app: App; readonly db: Database },
  path: string,
  key: string,
  seed: (db: Database) => void = () => undefined,
) {
  it('answers a page far past the end with an empty list', async () => {
    seed(ctx.db);
    const { status, body } = await getJson(ctx.app, path);
    expect(status).toBe(200);
    expect(body[key]).toEqual([]);
  });
}

/** Tests that GET {path}?{query} refuses each of `queries` with a 400 and a JSON error. */
export function itRefusesQueries(ctx: { readonly app: App }, path: string, queries: string[]) {
  it.each(queries)('refuses %s with a 400 and {error}', async (query) => {
    await expectError(ctx.app, `${path}?${query}`, 400);
  });
}

/** Inserts one row into `table` with SQL, as the demo seed does; returns its rowid. */
export function insertRow(
  db: Database,
  table: string,
  row: Record<string, string | number | null>,
) {
  const columns = Object.keys(row);
  const result = db
    .prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    )
    .run(...Object.values(row));
  return Number(result.lastInsertRowid);
}

/** Hostile strings for path segments and query values: SQL, FTS and URL metacharacters. */
export const HOSTILE = [
  "' OR '1'='1",
  "x'; DROP TABLE articles; --",
  '" OR ""="',
  'NEAR(a b)',
  '*',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '😀',
];
