import type { ApiFigures } from './api-bench.ts';
import { API_TARGETS } from './api-bench.ts';
import type { MachineChoiceResult } from './fitment-bench.ts';
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
