import { describe, expect, it, vi } from 'vitest';
import { machineHits } from './machine-suggest.ts';

const pth50 = { name: 'Crown PTH50 pallet jack', brandHandle: 'crown', handle: 'pth50' };

describe('machineHits', () => {
  it('asks only for a text that may name a model, and links each model to its parts', async () => {
    const fetchJson = vi.fn(() => Promise.resolve({ models: [pth50] }));
    expect(await machineHits('load wheel', '/machines', fetchJson)).toEqual([]);
    expect(fetchJson).not.toHaveBeenCalled();
    expect(await machineHits('pth 50 load wheel', '/machines', fetchJson)).toEqual([
      { title: 'Crown PTH50 pallet jack', url: '/machines/crown/pth50', image: '' },
    ]);
    expect(fetchJson).toHaveBeenCalledWith('/api/machines/lookup?q=pth%2050%20load%20wheel');
  });

  it('is no group, never an error, when the call fails or answers oddly', async () => {
    const failing = () => Promise.reject(new Error('offline'));
    expect(await machineHits('pth50', '/machines', failing)).toEqual([]);
    const odd = () => Promise.resolve({ models: [{ ...pth50, handle: 7 }, pth50] });
    expect((await machineHits('pth50', '/machines', odd)).map((m) => m.title)).toEqual([
      'Crown PTH50 pallet jack',
    ]);
    expect(await machineHits('pth50', '/machines', () => Promise.resolve('<html>'))).toEqual([]);
  });
});
