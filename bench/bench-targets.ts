import type { ApiFigures } from './api-bench.ts';
import { API_TARGETS } from './api-bench.ts';
import type { MachineChoiceResult } from './fitment-bench.ts';
import type { PublishCase, PublishFigures } from './publish-bench.ts';
import type { SearchBenchResult } from './search-bench.ts';

/** The catalogue size the targets are for: the store's real size. */
export const TARGETS_AT = 100_000;

/** What one size's run measured, as far as it went (`--only` runs measure a part). */
export interface TargetInput {
  products: number;
  api?: ApiFigures | undefined;
  search?: SearchBenchResult | null | undefined;
  /** A machine chosen to its first page of results shown (issue 31). */
  machineChoice?: MachineChoiceResult | null | undefined;
  /** The full build, search index included, and the peak memory of its processes. */
  build?: { ms: number; peakBytes: number } | undefined;
  /** Issue 33: the first publish (compression and switch included), then the publish cases. */
  publish?: (PublishFigures & { firstMs: number }) | undefined;
}

interface Target {
  what: string;
  /** The figure, or undefined when this run did not measure it. */
  value: (row: TargetInput) => number | undefined;
  limit: number;
  unit: (n: number) => string;
}

const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;
const kb = (n: number) => `${Math.round(n / 1024).toLocaleString('en-US')} KB`;
const minutes = (n: number) => `${(n / 60_000).toFixed(1)} min`;
const gb = (n: number) => `${(n / 1e9).toFixed(2)} GB`;
const s = (n: number) => `${(n / 1000).toFixed(1)} s`;
const count = (n: number) => Math.round(n).toLocaleString('en-US');
const times = (n: number) => `${n.toFixed(2)}×`;

/** The cases that change one product (bench/publish-bench.ts). */
const PRODUCT_CASES = ['price change', 'stock change', 'new product', 'deleted product'];

/** The most of `figure` over the product cases, undefined unless all four ran. */
function productCases(row: TargetInput, figure: (c: PublishCase) => number): number | undefined {
  const cases = row.publish?.cases.filter(({ name }) => PRODUCT_CASES.includes(name)) ?? [];
  return cases.length === PRODUCT_CASES.length ? Math.max(...cases.map(figure)) : undefined;
}

const caseLive = (row: TargetInput, name: string) =>
  row.publish?.cases.find((c) => c.name === name)?.liveMs;

/** The targets of the 100,000-product store, each with the figure the bench reads for it. */
export const TARGETS: readonly Target[] = [
  {
    what: 'dropdown, keystroke to options, debounce excluded: warm p95',
    value: (row) => row.search?.warm.p95AfterDebounceMs,
    limit: 150,
    unit: ms,
  },
  {
    what: 'dropdown cold p95, debounce excluded',
    value: (row) => row.search?.cold.p95AfterDebounceMs,
    limit: 400,
    unit: ms,
  },
  {
    what: 'bytes before the first dropdown answer (the most of any query, cold)',
    value: (row) => row.search?.cold.maxBytes,
    limit: 400 * 1024,
    unit: kb,
  },
  {
    what: 'products/filter p95, bench mix, 8 concurrent',
    value: (row) => row.api?.filter.p95Ms,
    limit: API_TARGETS.filterP95Ms,
    unit: ms,
  },
  {
    what: 'products/filter with fits= p95, a chosen machine, 8 concurrent',
    value: (row) => row.api?.fits?.p95Ms,
    limit: API_TARGETS.fitsP95Ms,
    unit: ms,
  },
  {
    what: 'a machine chosen to its first page of results shown: p95',
    value: (row) => row.machineChoice?.p95Ms,
    limit: 300,
    unit: ms,
  },
  {
    what: 'a cheap call (products/handle) p95 while the filter load runs',
    value: (row) => row.api?.byHandleUnderFilter.p95Ms,
    limit: API_TARGETS.byHandleUnderFilterP95Ms,
    unit: ms,
  },
  {
    what: 'full build, search index included',
    value: (row) => row.build?.ms,
    limit: 10 * 60_000,
    unit: minutes,
  },
  {
    what: 'peak memory of the build',
    value: (row) => row.build?.peakBytes,
    limit: 4e9,
    unit: gb,
  },
  // Issue 33, "What to reach", items 1 to 7.
  {
    what: 'a collection rename (a menu change), from the API call to live',
    value: (row) => caseLive(row, 'collection rename'),
    limit: 60_000,
    unit: s,
  },
  {
    what: 'a change of the top ten brands, from the API calls to live',
    value: (row) => caseLive(row, 'top brands change'),
    limit: 60_000,
    unit: s,
  },
  {
    what: 'pages a product change renders (the most of price, stock, new, deleted)',
    value: (row) => productCases(row, (c) => c.rendered),
    limit: 1_000,
    unit: count,
  },
  {
    what: 'a product change, from the API call to live (the slowest of the four)',
    value: (row) => productCases(row, (c) => c.liveMs),
    limit: 10_000,
    unit: s,
  },
  {
    what: 'first publish, compression and switch included',
    value: (row) => row.publish?.firstMs,
    limit: 10 * 60_000,
    unit: minutes,
  },
  {
    what: 'a product page as sent (shell parts filled in)',
    value: (row) => row.publish?.productPage.bytes,
    limit: 45 * 1024,
    unit: kb,
  },
  {
    what: 'a product page gzipped as nginx sends it',
    value: (row) => row.publish?.productPage.gzipBytes,
    limit: 12 * 1024,
    unit: kb,
  },
  {
    what: 'disk: the live release, one to roll back to and the build cache',
    value: (row) => row.publish?.diskBytes,
    limit: 12e9,
    unit: gb,
  },
  {
    what: 'static page p95 during a warm publish, against idle',
    value: (row) => {
      const shoppers = row.publish?.shoppers;
      return shoppers && shoppers.during.p95Ms / shoppers.idle.p95Ms;
    },
    limit: 1.5,
    unit: times,
  },
];

/**
 * The targets beside this run's figures at TARGETS_AT products, as a Markdown table: 'met',
 * 'MISSED', or 'not measured' where the run left that part out.
 */
export function targetsTable(rows: readonly TargetInput[]): string[] {
  const row = rows.find((one) => one.products === TARGETS_AT);
  if (!row) return [`Targets: not measured (--sizes has no ${String(TARGETS_AT)})`];
  return [
    `| at ${TARGETS_AT.toLocaleString('en-US')} products | today | target | |`,
    '|---|---:|---:|---|',
    ...TARGETS.map(({ what, value, limit, unit }) => {
      const figure = value(row);
      if (figure === undefined) return `| ${what} | - | ≤ ${unit(limit)} | not measured |`;
      return `| ${what} | ${unit(figure)} | ≤ ${unit(limit)} | ${figure <= limit ? 'met' : 'MISSED'} |`;
    }),
  ];
}
