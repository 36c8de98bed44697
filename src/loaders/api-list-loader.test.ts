import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readApiList, type ListTarget } from './api-list-loader.ts';

const schema = z.object({ id: z.number().int(), title: z.string().min(1) });

function fakeApi(pages: Record<string, unknown>) {
  const calls: string[] = [];
  const fetch = (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const key = `${url.pathname}${url.search}`;
    calls.push(key);
    const body = pages[key];
    return Promise.resolve(
      body === undefined
        ? new Response(JSON.stringify({ error: 'Not found.' }), { status: 404 })
        : new Response(JSON.stringify(body), { status: 200 }),
    );
  };
  return { calls, fetch };
}

function memory() {
  const entries = new Map<string, Record<string, unknown>>();
  const warnings: string[] = [];
  const target: ListTarget = {
    set: ({ id, data }) => entries.set(id, data),
    clear: () => entries.clear(),
    digest: (data) => JSON.stringify(data),
    warn: (message) => warnings.push(message),
  };
  return { entries, warnings, target };
}

describe('readApiList', () => {
  it('reads page by page until a short page', async () => {
    const api = fakeApi({
      '/api/things?limit=2&page=0': {
        things: [
          { id: 1, title: 'a' },
          { id: 2, title: 'b' },
        ],
      },
      '/api/things?limit=2&page=1': { things: [{ id: 3, title: 'c' }] },
    });
    const { entries, target } = memory();
    const result = await readApiList(
      'http://api.test',
      { path: '/api/things', key: 'things', pageSize: 2 },
      schema,
      target,
      { fetch: api.fetch },
    );
    expect(result).toEqual({ kept: 3, skipped: 0 });
    expect([...entries.keys()]).toEqual(['1', '2', '3']);
    expect(api.calls).toHaveLength(2);
  });

  it('skips an invalid record with a warning naming it and its field', async () => {
    const api = fakeApi({
      '/api/things': {
        things: [
          { id: 1, title: 'a' },
          { id: 2, title: '' },
        ],
      },
    });
    const { entries, warnings, target } = memory();
    const result = await readApiList(
      'http://api.test',
      { path: '/api/things', key: 'things' },
      schema,
      target,
      { fetch: api.fetch },
    );
    expect(result).toEqual({ kept: 1, skipped: 1 });
    expect(entries.has('2')).toBe(false);
    expect(warnings[0]).toMatch(/things record 2: title:/);
  });

  it('reads the detail of each listed record when asked', async () => {
    const api = fakeApi({
      '/api/things': { things: [{ id: 7 }] },
      '/api/things/7': { thing: { id: 7, title: 'full' } },
    });
    const { entries, target } = memory();
    await readApiList(
      'http://api.test',
      {
        path: '/api/things',
        key: 'things',
        detailPath: (listed) => `/api/things/${String(listed['id'])}`,
        detailKey: 'thing',
      },
      schema,
      target,
      { fetch: api.fetch },
    );
    expect(entries.get('7')).toEqual({ id: 7, title: 'full' });
  });

  it('fails the build when the reply has no list', async () => {
    const api = fakeApi({ '/api/things': { other: [] } });
    await expect(
      readApiList(
        'http://api.test',
        { path: '/api/things', key: 'things' },
        schema,
        memory().target,
        { fetch: api.fetch },
      ),
    ).rejects.toThrow('without a "things" list');
  });

  it('keeps what it had when the API fails', async () => {
    const api = fakeApi({});
    const { entries, target } = memory();
    entries.set('1', { id: 1, title: 'old' });
    await expect(
      readApiList('http://api.test', { path: '/api/things', key: 'things' }, schema, target, {
        fetch: api.fetch,
      }),
    ).rejects.toThrow();
    expect(entries.get('1')).toEqual({ id: 1, title: 'old' });
  });
});
