import { describe, expect, it } from 'vitest';
import { parseStat, sampleTreeMemory, treeOf, type ProcessStat } from './tree-memory.ts';

/** A /proc/<pid>/stat line with the fields this reads; the rest are zeros. */
const stat = (pid: number, name: string, ppid: number, rssPages: number, ticks = 0) =>
  [
    pid,
    `(${name})`,
    'S',
    ppid,
    ...Array<number>(9).fill(0),
    ticks,
    0,
    ...Array<number>(8).fill(0),
    rssPages,
    0,
  ].join(' ');

describe('parseStat', () => {
  it('reads the parent, the name, the resident bytes and the CPU time', () => {
    expect(parseStat(stat(42, 'node', 7, 1000, 250))).toEqual({
      ppid: 7,
      name: 'node',
      rssBytes: 1000 * 4096,
      cpuSeconds: 2.5,
    });
  });

  it('takes a name with spaces and parentheses whole', () => {
    expect(parseStat(stat(9, 'pagefind (x) y', 1, 1))?.name).toBe('pagefind (x) y');
  });

  it('gives up on a line it cannot read', () => {
    expect(parseStat('garbage')).toBeUndefined();
    expect(parseStat('1 (x) S')).toBeUndefined();
  });
});

describe('treeOf', () => {
  it('finds the root and every process below it, and nothing else', () => {
    const table = new Map<number, ProcessStat>([
      [1, { ppid: 0, name: 'init', rssBytes: 1, cpuSeconds: 0 }],
      [10, { ppid: 1, name: 'bench', rssBytes: 2, cpuSeconds: 0 }],
      [11, { ppid: 10, name: 'astro', rssBytes: 3, cpuSeconds: 0 }],
      [12, { ppid: 11, name: 'esbuild', rssBytes: 4, cpuSeconds: 0 }],
      [20, { ppid: 1, name: 'other', rssBytes: 5, cpuSeconds: 0 }],
    ]);
    expect(treeOf(10, table).map(({ pid }) => pid)).toEqual([10, 11, 12]);
    expect(treeOf(99, table)).toEqual([]);
  });
});

describe('sampleTreeMemory', () => {
  /** A table that gives `readings` one after the other, then the last one again. */
  const replay = (readings: Map<number, ProcessStat>[]) => {
    let at = 0;
    return () => readings[Math.min(at++, readings.length - 1)] ?? new Map<number, ProcessStat>();
  };

  it('keeps the highest total and the CPU time spent, leaving out what it is told to', () => {
    const sampler = sampleTreeMemory(10, {
      intervalMs: 3_600_000,
      exclude: ({ name }) => name === 'api',
      table: replay([
        new Map([
          [10, { ppid: 1, name: 'bench', rssBytes: 100, cpuSeconds: 5 }],
          [30, { ppid: 10, name: 'api', rssBytes: 1000, cpuSeconds: 1 }],
        ]),
        new Map([
          [10, { ppid: 1, name: 'bench', rssBytes: 150, cpuSeconds: 6 }],
          [11, { ppid: 10, name: 'astro', rssBytes: 900, cpuSeconds: 20 }],
          [30, { ppid: 10, name: 'api', rssBytes: 5000, cpuSeconds: 9 }],
        ]),
        new Map([[10, { ppid: 1, name: 'bench', rssBytes: 300, cpuSeconds: 8 }]]),
      ]),
    });
    expect(sampler.report().peakBytes).toBe(100);
    sampler.sample();
    const report = sampler.stop();
    expect(report.peakBytes).toBe(1050);
    expect(report.atPeak).toEqual([
      { pid: 10, name: 'bench', rssBytes: 150 },
      { pid: 11, name: 'astro', rssBytes: 900 },
    ]);
    // Each process's own highest, whenever it was: the build process ended after its peak.
    expect(report.peakByProcess).toEqual([
      { pid: 11, name: 'astro', rssBytes: 900 },
      { pid: 10, name: 'bench', rssBytes: 300 },
    ]);
    // bench from its first reading (5 to 8), astro from its birth (20); not the API.
    expect(report.cpuSeconds).toBe(3 + 20);
    expect(report.samples).toBe(3);
  });
});
