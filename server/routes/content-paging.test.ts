import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from '../http/errors.ts';
import {
  handleParam,
  MAX_HANDLE_LENGTH,
  MAX_PAGE,
  numericId,
  pageInfo,
  readPaging,
} from './content-paging.ts';

/** A tiny app that echoes readPaging, so the query parsing is tested the way routes use it. */
function pagingApp(fallback: number, max?: number) {
  const app = new Hono();
  app.get('/', (c) => c.json(readPaging(c, max === undefined ? { fallback } : { fallback, max })));
  app.onError(handleError);
  return app;
}

async function paging(query: string, fallback = 20, max?: number) {
  const res = await pagingApp(fallback, max).request(`http://localhost/${query}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('readPaging', () => {
  it('uses the fallback limit and page 0 when nothing is given', async () => {
    expect(await paging('')).toEqual({
      status: 200,
      body: { page: 0, limit: 20, offset: 0 },
    });
  });

  it('treats empty values as absent', async () => {
    expect((await paging('?limit=&page=')).body).toEqual({ page: 0, limit: 20, offset: 0 });
  });

  it('computes the offset from a zero-based page', async () => {
    expect((await paging('?limit=6&page=3')).body).toEqual({ page: 3, limit: 6, offset: 18 });
  });

  it('accepts the bounds themselves', async () => {
    expect((await paging('?limit=1')).status).toBe(200);
    expect((await paging('?limit=100')).status).toBe(200);
    expect((await paging(`?page=${MAX_PAGE}`)).status).toBe(200);
  });

  it.each([
    '?limit=0',
    '?limit=101',
    '?limit=-1',
    '?limit=2.5',
    '?limit=abc',
    '?limit=1e2',
    '?limit=%20',
    '?page=-1',
    '?page=1.5',
    '?page=two',
    `?page=${MAX_PAGE + 1}`,
    '?page=99999999999999999999',
    "?page=0'%20OR%201=1",
  ])('refuses %s with a 400 and an error text', async (query) => {
    const { status, body } = await paging(query);
    expect(status).toBe(400);
    expect(typeof body.error).toBe('string');
    expect(body.error).toMatch(/must be a whole number/);
  });

  it('honours a custom maximum', async () => {
    expect((await paging('?limit=30', 6, 25)).status).toBe(400);
    expect((await paging('?limit=25', 6, 25)).status).toBe(200);
  });
});

describe('pageInfo', () => {
  it('rounds the page count up', () => {
    expect(pageInfo({ page: 0, limit: 6, offset: 0 }, 13)).toEqual({
      page: 0,
      limitPerPage: 6,
      totalObjects: 13,
      totalPages: 3,
    });
  });

  it('has no pages for no rows', () => {
    expect(pageInfo({ page: 2, limit: 20, offset: 40 }, 0).totalPages).toBe(0);
  });

  it('has exactly one page when the rows fill it', () => {
    expect(pageInfo({ page: 0, limit: 5, offset: 0 }, 5).totalPages).toBe(1);
  });
});

describe('numericId', () => {
  it('reads positive whole numbers', () => {
    expect(numericId('355')).toBe(355);
    expect(numericId('0007')).toBe(7);
  });

  it.each([undefined, '', '0', '-1', '1.5', 'abc', '1e3', ' 1', '355;', '9'.repeat(16)])(
    'gives null for %s',
    (value) => {
      expect(numericId(value)).toBeNull();
    },
  );

  it('gives null past the largest safe integer', () => {
    expect(numericId('9007199254740993')).toBeNull();
  });
});

describe('handleParam', () => {
  it('passes ordinary handles through unchanged, metacharacters included', () => {
    expect(handleParam('seal-kit')).toBe('seal-kit');
    expect(handleParam("x' OR '1'='1")).toBe("x' OR '1'='1");
  });

  it('gives null for empty, missing or oversized handles', () => {
    expect(handleParam(undefined)).toBeNull();
    expect(handleParam('')).toBeNull();
    expect(handleParam('a'.repeat(MAX_HANDLE_LENGTH + 1))).toBeNull();
    expect(handleParam('a'.repeat(MAX_HANDLE_LENGTH))).toBe('a'.repeat(MAX_HANDLE_LENGTH));
  });
});
