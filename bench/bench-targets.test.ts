import { describe, expect, it } from 'vitest';
import type { ApiFigures } from './api-bench.ts';
import { targetsTable, TARGETS_AT } from './bench-targets.ts';
import type { MachineChoiceResult } from './fitment-bench.ts';
import type { LoadSummary } from './load.ts';
import type { PublishCase } from './publish-bench.ts';

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
      ...PUBLISH_ROWS.map((what) => `| ${what} | not measured |`),
    ]);
  });

  it("puts issue 33's publish figures beside theirs", () => {
    const published = (name: string, liveMs: number, rendered: number) =>
      ({ name, liveMs, rendered }) as PublishCase;
    const lines = targetsTable([
      {
        products: TARGETS_AT,
        publish: {
          firstMs: 845_000,
          cases: [
            published('price change', 6_000, 3),
            published('stock change', 12_400, 3),
            published('new product', 8_000, 40),
            published('deleted product', 7_000, 1_200),
            published('collection rename', 41_000, 9),
            published('top brands change', 75_000, 2_000),
          ],
          shoppers: { idle: load(4), during: load(5), duringCase: 'price change' },
          productPage: { path: '/products/x', bytes: 44 * 1024, gzipBytes: 13 * 1024 },
          diskBytes: 16e9,
        },
      },
    ]);
    expect(lines.slice(-PUBLISH_ROWS.length)).toEqual([
      '| a collection rename (a menu change), from the API call to live | 41.0 s | ≤ 60.0 s | met |',
      '| a change of the top ten brands, from the API calls to live | 75.0 s | ≤ 60.0 s | MISSED |',
      '| pages a product change renders (the most of price, stock, new, deleted) | 1,200 | ≤ 1,000 | MISSED |',
      '| a product change, from the API call to live (the slowest of the four) | 12.4 s | ≤ 10.0 s | MISSED |',
      '| first publish, compression and switch included | 14.1 min | ≤ 10.0 min | MISSED |',
      '| a product page as sent (shell parts filled in) | 44 KB | ≤ 45 KB | met |',
      '| a product page gzipped as nginx sends it | 13 KB | ≤ 12 KB | MISSED |',
      '| disk: the live release, one to roll back to and the build cache | 16.00 GB | ≤ 12.00 GB | MISSED |',
      '| static page p95 during a warm publish, against idle | 1.25× | ≤ 1.50× | met |',
    ]);
  });

  it('leaves the product figures unmeasured when a product case did not run', () => {
    const lines = targetsTable([
      {
        products: TARGETS_AT,
        publish: {
          firstMs: 1,
          cases: [{ name: 'price change', liveMs: 1_000, rendered: 2 } as PublishCase],
          shoppers: undefined,
          productPage: { path: '/products/x', bytes: 1, gzipBytes: 1 },
          diskBytes: 1,
        },
      },
    ]);
    expect(lines).toContain(
      '| a product change, from the API call to live (the slowest of the four) | - | ≤ 10.0 s | not measured |',
    );
    expect(lines).toContain(
      '| static page p95 during a warm publish, against idle | - | ≤ 1.50× | not measured |',
    );
  });
});

/** The publish rows' first column and target, as a run without publishes shows them. */
const PUBLISH_ROWS = [
  'a collection rename (a menu change), from the API call to live | - | ≤ 60.0 s',
  'a change of the top ten brands, from the API calls to live | - | ≤ 60.0 s',
  'pages a product change renders (the most of price, stock, new, deleted) | - | ≤ 1,000',
  'a product change, from the API call to live (the slowest of the four) | - | ≤ 10.0 s',
  'first publish, compression and switch included | - | ≤ 10.0 min',
  'a product page as sent (shell parts filled in) | - | ≤ 45 KB',
  'a product page gzipped as nginx sends it | - | ≤ 12 KB',
  'disk: the live release, one to roll back to and the build cache | - | ≤ 12.00 GB',
  'static page p95 during a warm publish, against idle | - | ≤ 1.50×',
];
