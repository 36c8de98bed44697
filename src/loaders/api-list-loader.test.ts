import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readApiList, type ApiListSource, type ListTarget } from './api-list-loader.ts';
import { fakeApi, memoryTarget } from './loaders.testing.ts';

const schema = z.object({ id: z.number().int(), title: z.string().min(1) });

/** A page of the fake API's `things` list. */
const thingsReply = (...things: Record<string, unknown>[]) => ({ things });

/**
 * Reads the `things` list of the fake API into `target`, with `source` over the defaults.
 * @example await readThings(api, target, { pageSize: 2 })
 */
const readThings = (
  api: ReturnType<typeof fakeApi>,
  target: ListTarget,
  source: Partial<ApiListSource> = {},
) =>
  readApiList(
    'http://api.test',
    { path: '/api/things', key: 'things', ...source },
    schema,
    target,
    { fetch: api.fetch },
  );

describe('readApiList', () => {
  it('reads page by page until a short page', async () => {
    const api = fakeApi({
      '/api/things?limit=2&page=0': thingsReply({ id: 1, title: 'a' }, { id: 2, title: 'b' }),
      '/api/things?limit=2&page=1': thingsReply({ id: 3, title: 'c' }),
    });
    const { entries, target } = memoryTarget();
    const result = await readThings(api, target, { pageSize: 2 });
    expect(result).toEqual({ kept: 3, skipped: 0 });
    expect([...entries.keys()]).toEqual(['1', '2', '3']);
    expect(api.calls).toHaveLength(2);
  });

  it('skips an invalid record with a warning naming it and its field', async () => {
    const api = fakeApi({
      '/api/things': thingsReply({ id: 1, title: 'a' }, { id: 2, title: '' }),
    });
    const { entries, warnings, target } = memoryTarget();
    const result = await readThings(api, target);
    expect(result).toEqual({ kept: 1, skipped: 1 });
    expect(entries.has('2')).toBe(false);
    expect(warnings[0]).toMatch(/things record 2: title:/);
  });

  it('reads the detail of each listed record when asked', async () => {
    const api = fakeApi({
      '/api/things': thingsReply({ id: 7 }),
      '/api/things/7': { thing: { id: 7, title: 'full' } },
    });
    const { entries, target } = memoryTarget();
    await readThings(api, target, {
      detailPath: (listed) => `/api/things/${String(listed['id'])}`,
      detailKey: 'thing',
    });
    expect(entries.get('7')).toEqual({ id: 7, title: 'full' });
  });

  it('fails the build when the reply has no list', async () => {
    const api = fakeApi({ '/api/things': { other: [] } });
    await expect(readThings(api, memoryTarget().target)).rejects.toThrow('without a "things" list');
  });

  it('keeps what it had when the API fails', async () => {
    const api = fakeApi({});
    const { entries, target } = memoryTarget();
    entries.set('1', { id: 1, title: 'old' });
    await expect(readThings(api, target)).rejects.toThrow();
    expect(entries.get('1')).toEqual({ id: 1, title: 'old' });
  });
});
