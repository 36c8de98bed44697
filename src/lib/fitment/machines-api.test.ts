import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchBrandModels,
  fetchMachine,
  fetchMachineBrands,
  MACHINES_UNREADABLE,
} from './machines-api.ts';

const signal = new AbortController().signal;
const reply = (status: number, body: unknown) =>
  vi.fn((_input: string) =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );

const pth50 = {
  id: 1,
  brand: 'Crown',
  brandHandle: 'crown',
  code: 'PTH50',
  handle: 'pth50',
  name: 'Crown PTH50 pallet jack',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the machine calls', () => {
  it('reads the brands and a brand’s models, asking for the brand by its handle', async () => {
    vi.stubGlobal(
      'fetch',
      reply(200, { brands: [{ name: 'Crown', handle: 'crown', modelCount: 5 }] }),
    );
    expect(await fetchMachineBrands(signal)).toEqual([{ name: 'Crown', handle: 'crown' }]);
    const models = reply(200, { brand: { name: 'Crown', handle: 'crown' }, models: [pth50] });
    vi.stubGlobal('fetch', models);
    expect(await fetchBrandModels('crown', signal)).toEqual([
      { brand: 'Crown', brandHandle: 'crown', code: 'PTH50', handle: 'pth50', name: pth50.name },
    ]);
    expect(String(models.mock.calls[0]?.[0])).toContain('/api/machines/crown');
  });

  it('refuses a reply that is not a list of models, with a clear message', async () => {
    vi.stubGlobal('fetch', reply(200, { models: [{ ...pth50, code: 7 }] }));
    await expect(fetchBrandModels('crown', signal)).rejects.toThrow(MACHINES_UNREADABLE);
    vi.stubGlobal('fetch', reply(200, { brands: 'Crown' }));
    await expect(fetchMachineBrands(signal)).rejects.toThrow(MACHINES_UNREADABLE);
  });

  it('reads a model with its brand’s serial format, and a 404 as a model that is gone', async () => {
    const format = { pattern: '^(?<prefix>\\d{1,2}[A-Z])(?<number>\\d{6})$', example: '1A234567' };
    vi.stubGlobal('fetch', reply(200, { model: { ...pth50, serialFormat: format } }));
    expect(await fetchMachine('crown', 'pth50', signal)).toMatchObject({
      code: 'PTH50',
      serialFormat: format,
    });
    vi.stubGlobal('fetch', reply(200, { model: { ...pth50, serialFormat: null } }));
    expect(await fetchMachine('crown', 'pth50', signal)).toMatchObject({ serialFormat: null });
    vi.stubGlobal('fetch', reply(404, { error: 'Machine model not found.' }));
    expect(await fetchMachine('crown', 'gone-model', signal)).toBe('gone');
  });

  it('lets a failure other than a 404 reach the caller', async () => {
    vi.stubGlobal('fetch', reply(400, { error: 'Bad request.' }));
    await expect(fetchMachine('crown', 'pth50', signal)).rejects.toThrow();
  });
});
