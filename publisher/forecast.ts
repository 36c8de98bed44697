import { storeConfig } from '../shared/store-config.ts';
import type { PageCounts, PublishRecord } from './types.ts';

const { productBase, collectionBase, machineBase } = storeConfig.theme.paths;

/** Brand pages live under /brands/{name} (src/pages/brands/). */
const BRAND_BASE = '/brands';

/**
 * Pages by what they are, from their paths: what the merchandiser page says the next publish
 * touches (issue 33, item 11). Those in `everyPublish` (no cache key) are counted apart.
 * @example pageKinds(['/products/a', '/collections/b', '/']) // { total: 3, products: 1, collections: 1, ..., other: 1 }
 */
export function pageKinds(
  pathnames: readonly string[],
  everyPublish: ReadonlySet<string> = new Set(),
): PageCounts {
  const counts: PageCounts = {
    total: 0,
    products: 0,
    collections: 0,
    brands: 0,
    machines: 0,
    other: 0,
    everyPublish: 0,
  };
  const under = (path: string, base: string) => path.startsWith(`${base}/`);
  for (const path of pathnames) {
    counts.total++;
    if (everyPublish.has(path)) counts.everyPublish++;
    else if (under(path, productBase)) counts.products++;
    else if (under(path, collectionBase)) counts.collections++;
    else if (under(path, BRAND_BASE)) counts.brands++;
    else if (under(path, machineBase)) counts.machines++;
    else counts.other++;
  }
  return counts;
}

/** Quick publishes the estimate looks back on. */
const LOOK_BACK = 10;

/**
 * How long a publish of `mode` that renders `pages` pages is expected to take, in seconds,
 * from the finished publishes of that way (newest first, as the history lists them): the
 * estimate counts from what is pending, not from the last publish alone (issue 33, item 11).
 *
 * A quick publish costs a fixed part (reading the feed, listing the paths, the search index,
 * the switch) and a part per page rendered: a straight line through the last quick publishes'
 * (pages rendered, seconds), or, while they all rendered as many pages, their time scaled up to
 * `pages` when it is more (never down: the fixed part is unknown). A full build scales the last
 * full build's time by the pages. Null with no publish of that way to go by.
 * @example expectedSeconds(history, 'warm', 56) // 6
 */
export function expectedSeconds(
  history: readonly PublishRecord[],
  mode: 'warm' | 'full',
  pages: number,
): number | null {
  const finished = history
    .filter(
      (record) =>
        record.kind === 'publish' &&
        record.state === 'done' &&
        record.mode === mode &&
        record.durationMs !== undefined &&
        record.counts !== undefined,
    )
    .map((record) => ({
      pages: mode === 'warm' ? (record.counts?.rendered ?? 0) : (record.counts?.pages ?? 0),
      ms: record.durationMs ?? 0,
    }));
  if (finished.length === 0) return null;
  if (mode === 'full') {
    const [last] = finished;
    if (!last) return null;
    return seconds(last.pages > 0 ? (last.ms * pages) / last.pages : last.ms);
  }
  const points = finished.slice(0, LOOK_BACK);
  const line = fitLine(points);
  if (line) return seconds(line.fixed + line.perPage * pages);
  const mean = points.reduce((sum, point) => sum + point.ms, 0) / points.length;
  const seen = points[0]?.pages ?? 0;
  return seconds(pages > seen && seen > 0 ? (mean * pages) / seen : mean);
}

/** Least squares through (pages, ms), kept to what makes sense: no negative part. */
function fitLine(points: readonly { pages: number; ms: number }[]) {
  const n = points.length;
  const meanX = points.reduce((sum, { pages }) => sum + pages, 0) / n;
  const meanY = points.reduce((sum, { ms }) => sum + ms, 0) / n;
  let spread = 0;
  let together = 0;
  for (const { pages, ms } of points) {
    spread += (pages - meanX) ** 2;
    together += (pages - meanX) * (ms - meanY);
  }
  if (spread === 0) return undefined;
  const perPage = Math.max(0, together / spread);
  return { perPage, fixed: Math.max(0, meanY - perPage * meanX) };
}

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));
