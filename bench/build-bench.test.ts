import { describe, expect, it } from 'vitest';
import { buildTable } from './build-bench.ts';

describe('buildTable', () => {
  it('gives the full build time, search included, and the peak memory with who held it', () => {
    const table = buildTable([
      {
        products: 100_000,
        pages: 125_069,
        astroMs: 500_000,
        pagefindMs: 100_000,
        buildMs: 600_000,
        serverFilesMs: 200_000,
        peakBytes: 3_500_000_000,
        atPeak: [
          { pid: 1, name: 'bench', rssBytes: 500_000_000 },
          { pid: 2, name: 'node', rssBytes: 3_000_000_000 },
        ],
        cpuSeconds: 1000,
      },
    ]).split('\n');
    expect(table).toHaveLength(3);
    expect(table[2]).toBe(
      '| 100000 | 125069 | 600.0 (10.0 min) | 500.0 | 250 | 100.0 | 3.50 | bench 0.50, node 3.00 | 200.0 |',
    );
  });
});
