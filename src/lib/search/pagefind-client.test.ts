import { describe, expect, it, vi } from 'vitest';
import { lazyPagefind, mergeShards, SHARDS_URL, type PagefindApi } from './pagefind-client.ts';

describe('lazyPagefind', () => {
  it('loads and starts the index once', async () => {
    const init = vi.fn(() => Promise.resolve());
    const options = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve({ search: vi.fn(), init, options } as PagefindApi));
    const get = lazyPagefind(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<PagefindApi>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ search: vi.fn() });
    const get = lazyPagefind(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('mergeShards', () => {
  const reply = (status: number, body: unknown = null) =>
    Promise.resolve(new Response(body === null ? null : JSON.stringify(body), { status }));

  it('merges shards 1 to n-1 into the runtime, skipping the empty ones', async () => {
    const mergeIndex = vi.fn(() => Promise.resolve());
    const get = vi.fn(() => reply(200, { shards: 4, empty: [2] }));
    await mergeShards({ search: vi.fn(), mergeIndex }, get);
    expect(get).toHaveBeenCalledExactlyOnceWith(SHARDS_URL);
    expect(mergeIndex.mock.calls).toEqual([
      ['/pagefind/shard-1/', { excerptLength: 0 }],
      ['/pagefind/shard-3/', { excerptLength: 0 }],
    ]);
  });

  it('merges nothing for one shard or an index from before sharding (404)', async () => {
    const mergeIndex = vi.fn(() => Promise.resolve());
    await mergeShards({ search: vi.fn(), mergeIndex }, () => reply(200, { shards: 1, empty: [] }));
    await mergeShards({ search: vi.fn(), mergeIndex }, () => reply(404));
    expect(mergeIndex).not.toHaveBeenCalled();
  });

  it('fails when the manifest cannot be read, and the next search loads again', async () => {
    const mergeIndex = vi.fn(() => Promise.resolve());
    const get = vi
      .fn<(url: string) => Promise<Response>>()
      .mockImplementationOnce(() => reply(503))
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')))
      .mockImplementation(() => reply(200, { shards: 2, empty: [] }));
    const load = vi.fn(() => Promise.resolve({ search: vi.fn(), mergeIndex } as PagefindApi));
    const index = lazyPagefind(load, (api) => mergeShards(api, get));
    await expect(index()).rejects.toThrow('503');
    await expect(index()).rejects.toThrow('Failed to fetch');
    await expect(index()).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(3);
    expect(mergeIndex).toHaveBeenCalledExactlyOnceWith('/pagefind/shard-1/', { excerptLength: 0 });
  });

  it('merges a shard once when a load is tried again after another shard failed', async () => {
    const mergeIndex = vi
      .fn<(path: string) => Promise<void>>()
      .mockImplementation((path) =>
        path.includes('shard-2') && mergeIndex.mock.calls.length < 3
          ? Promise.reject(new Error('offline'))
          : Promise.resolve(),
      );
    const api = { search: vi.fn(), mergeIndex } as PagefindApi;
    const index = lazyPagefind(
      () => Promise.resolve(api),
      (loaded) => mergeShards(loaded, () => reply(200, { shards: 3, empty: [] })),
    );
    await expect(index()).rejects.toThrow('offline');
    await expect(index()).resolves.toBe(api);
    const paths = mergeIndex.mock.calls.map(([path]) => path);
    expect(paths.filter((path) => path.includes('shard-1'))).toHaveLength(1);
    expect(paths.filter((path) => path.includes('shard-2'))).toHaveLength(2);
  });
});
