import { buildSite, type BuildPhase, type BuildReport } from './build-site.ts';
import type { FeedClient } from './feed.ts';
import type { ReleaseInfo } from './releases.ts';
import type { PublishPhase } from './types.ts';
import type { WarmPublisher } from './warm/index.ts';

/** What a publish reports of its build, full or warm. */
export type PublishReport = Pick<
  BuildReport,
  'pages' | 'rendered' | 'searchRecords' | 'compression'
>;

/** How a publish builds a release (publisher/publisher.ts passes its own options). */
export interface ReleaseBuildOptions {
  /** The commerce API the build reads, and its merchandiser token (the change feed). */
  feed: FeedClient;
  cacheDir?: string;
  /** More environment for the build (SITE_URL, ADMIN_TOKEN). */
  buildEnv?: Record<string, string>;
  /** Products per search index shard of a full build (src/lib/search/pagefind-shards.ts). */
  searchShardRecords?: number;
  /** Prints astro's output (the CLI); the store's publisher keeps quiet. */
  verbose?: boolean;
  /**
   * The fast way for product changes (publisher/warm): tried first; a full build
   * runs when it cannot follow the live release, and keeps a bundle for it.
   */
  warm?: WarmPublisher;
}

/** A release built: warm (with the feed position the warm renderer read to) or full. */
export type ReleaseBuild =
  | { mode: 'warm'; report: PublishReport; cursor: number }
  | { mode: 'full'; report: PublishReport; why: string };

/**
 * Writes a release into `dir`: the warm renderer's way when it can follow the live release
 * (`previous`), a full build otherwise. A full build's failure reads as astro's own error.
 */
export async function buildRelease(
  options: ReleaseBuildOptions,
  release: { dir: string; previous: string | undefined; liveInfo: ReleaseInfo | undefined },
  signal: AbortSignal,
  onProgress: (phase: PublishPhase, pagesDone: number, pagesTotal: number) => void,
  /** Told when the release will be a full build after all, before it starts. */
  onFull?: () => void,
): Promise<ReleaseBuild> {
  const { warm } = options;
  const { dir, previous, liveInfo } = release;
  const warmReport =
    warm && previous
      ? await warm.build({ dir: previous, info: liveInfo }, dir, { signal, onProgress })
      : { full: withoutWarm(previous) };
  if (!('full' in warmReport)) {
    return {
      mode: 'warm',
      cursor: warmReport.cursor,
      report: {
        pages: warmReport.pages,
        rendered: warmReport.rendered,
        searchRecords: warmReport.searchRecords,
        compression: warmReport.compression,
      },
    };
  }
  onFull?.();
  try {
    const report = await buildSite({
      apiUrl: options.feed.apiUrl,
      outDir: dir,
      ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
      env: { ...options.buildEnv, ...(await warm?.fullBuildEnv()) },
      quiet: !options.verbose,
      signal,
      searchShardRecords: options.searchShardRecords,
      ...(previous ? { previous } : {}),
      onProgress: (update) =>
        onProgress(update.phase satisfies BuildPhase, update.pagesDone, update.pagesTotal),
    });
    return { mode: 'full', report, why: warmReport.full };
  } catch (error) {
    throw new Error(buildFailure(error), { cause: error });
  }
}

/** Why a publish builds every page when there is no warm renderer or no live release. */
const withoutWarm = (previous: string | undefined) =>
  previous
    ? 'quick publishes are off (PUBLISH_WARM_MAX_PAGES=0).'
    : 'the first publish builds every page.';

/**
 * What the next publish would do if it started now (issue 33, item 11): the pages a warm one
 * renders, or why it would be a full build, in the words the publish itself would use.
 */
export function forecastRelease(
  warm: WarmPublisher | undefined,
  live: { dir: string; info: ReleaseInfo | undefined } | undefined,
): Promise<{ full: string } | { toRender: string[]; unkeyed: string[] }> {
  if (!warm || !live) return Promise.resolve({ full: withoutWarm(live?.dir) });
  return warm.forecast(live);
}

/** A build's failure in a sentence or a few lines: astro's own error, not 4,000 characters. */
function buildFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const errorLines = lines.filter((line) => /error|failed|refused|cannot|invalid/i.test(line));
  const picked = (errorLines.length ? errorLines : lines).slice(-6).join('\n');
  return `The build failed; the live site is unchanged. ${picked}`.slice(0, 2000);
}
