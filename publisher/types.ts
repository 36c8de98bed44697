import type { Change } from '../server/index.ts';

/**
 * The publish records every trigger shares: the CLI, the merchandiser API, the
 * watch on the change feed and the merchandiser page all queue, follow and list these.
 */

export type PublishState = 'queued' | 'running' | 'done' | 'failed';

/** A publish builds a new release; a rollback makes an earlier release live again. */
export type PublishKind = 'publish' | 'rollback';

/** Who asked: `npm run publish`, POST /api/admin/publish, the watch, the merchandiser page. */
export type PublishTrigger = 'cli' | 'api' | 'watch' | 'page';

/**
 * Where a running publish is, in order: reading the catalogue and rendering pages (one astro
 * build), the search index, the compressed copies and server files, the switch.
 */
export const PUBLISH_PHASES = [
  'queued',
  'build',
  'search',
  'compress',
  'switch',
  'finished',
] as const;
export type PublishPhase = (typeof PUBLISH_PHASES)[number];

export interface PublishProgress {
  phase: PublishPhase;
  /** Pages written so far (rendered or reused) and how many the build has; 0 of 0 before. */
  pagesDone: number;
  pagesTotal: number;
  /** An estimate from the pages' pace and the last publish's phases; null when unknown. */
  secondsLeft: number | null;
}

export interface PublishCounts {
  pages: number;
  /** Pages rendered by this publish; the rest were reused from the incremental cache. */
  rendered: number;
  searchRecords: number;
  /** Files compressed by this publish; the rest reused the previous release's .br and .gz. */
  compressed: number;
  reusedCompressed: number;
}

export interface PublishRecord {
  /** Sortable and URL-safe: `20261124-100632-3f9a`. Also the release directory's name. */
  id: string;
  kind: PublishKind;
  state: PublishState;
  trigger: PublishTrigger;
  /** 'admin', 'admin:{X-Merchandiser}' or 'cli:{user}'. */
  actor: string;
  queuedAt: string;
  startedAt?: string;
  finishedAt?: string;
  /** startedAt to finishedAt. */
  durationMs?: number;
  progress: PublishProgress;
  /** The change feed's sequence number the publish read up to (every change <= it is live). */
  cursor?: number;
  /** Milliseconds per phase, once finished. */
  timings?: Partial<Record<PublishPhase, number>>;
  counts?: PublishCounts;
  /** Why it failed; the live site is untouched when it did. */
  error?: string;
  /** For a rollback: the release it made live again. */
  release?: string;
  /**
   * How it was built: 'warm' rendered only the changed pages into a copy of the live release
   * (publisher/warm), 'full' ran astro build.
   */
  mode?: 'warm' | 'full';
}

/** One change of the feed not yet in the live release (GET /api/changes). */
export type PendingChange = Change;

export interface PublishOverview {
  /** The live release, when there is one. */
  live: { id: string; cursor: number | null; publishedAt: string } | null;
  /** Newest first. */
  publishes: PublishRecord[];
  /** Changes after the live release's cursor (the latest 100, newest first) and how many. */
  pending: { count: number; changes: PendingChange[]; more: boolean };
  /** Whether a rollback has an earlier release to go to. */
  canRollBack: boolean;
}

/** What the HTTP service and the CLI need from a publisher (publisher/publisher.ts). */
export interface PublishControl {
  /**
   * Queues a publish, or answers the one already queued (changes that arrive during a publish
   * are coalesced into the next one).
   */
  request(options: { trigger: PublishTrigger; actor: string }): PublishRecord;
  /** Makes the previous release live again; throws PublishConflict when there is none or a publish runs. */
  rollback(options: { trigger: PublishTrigger; actor: string }): Promise<PublishRecord>;
  get(id: string): PublishRecord | undefined;
  overview(): Promise<PublishOverview>;
}

/** A request the publisher cannot take now (409): nothing to roll back to, a publish running. */
export class PublishConflict extends Error {}
