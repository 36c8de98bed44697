import { describe, expect, it } from 'vitest';
import type { ApiFigures } from './api-bench.ts';
import { targetsTable, TARGETS_AT } from './bench-targets.ts';
import type { MachineChoiceResult } from './fitment-bench.ts';
import type { LoadSummary } from './load.ts';

const load = (p95Ms: number) => ({ p95Ms }) as LoadSummary;

describe('targetsTable', () => {
  it('says when the run has no 100,000-product size', () => {
    expect(targetsTable([{ products: 2000 }])).toEqual([
      'Targets: not measured (--sizes has no 100000)',
    ]);
  });

  it('puts each figure beside its target, met or missed, and marks what was not run', () => {
    const api = { filter: load(140), byHandleUnderFilter: load(12) } as ApiFigures;
    const lines = targetsTable([
      {
        products: TARGETS_AT,
        api,
        machineChoice: { p95Ms: 240 } as MachineChoiceResult,
        build: { ms: 9 * 60_000, peakBytes: 5e9 },
      },
    ]);
    expect(lines.slice(2)).toEqual([
      '| dropdown, keystroke to options, debounce excluded: warm p95 | - | ≤ 150 ms | not measured |',
      '| dropdown cold p95, debounce excluded | - | ≤ 400 ms | not measured |',
      '| bytes before the first dropdown answer (the most of any query, cold) | - | ≤ 400 KB | not measured |',
      '| products/filter p95, bench mix, 8 concurrent | 140 ms | ≤ 100 ms | MISSED |',
      '| products/filter with fits= p95, a chosen machine, 8 concurrent | - | ≤ 100 ms | not measured |',
      '| a machine chosen to its first page of results shown: p95 | 240 ms | ≤ 300 ms | met |',
      '| a cheap call (products/handle) p95 while the filter load runs | 12 ms | ≤ 20 ms | met |',
      '| full build, search index included | 9.0 min | ≤ 10.0 min | met |',
      '| peak memory of the build | 5.00 GB | ≤ 4.00 GB | MISSED |',
    ]);
  });
});
