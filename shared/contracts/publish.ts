import { z } from 'zod';

/**
 * The publish API on the wire (publisher/service.ts): what its calls take and answer. The
 * service types its replies as these, and its two clients read them: the merchandiser page
 * and the CLI, both through publisher/page/api.js.
 *
 * - POST {PUBLISH_API} -> 202 PublishReply (body: PublishRequest, optional)
 * - GET {PUBLISH_API} -> PublishOverview; GET {PUBLISH_API}/{id} -> PublishReply
 * - POST {PUBLISH_API}/rollback -> 202 PublishReply, 409 ErrorReply when there is nothing to
 *   go back to
 *
 * Every refusal is an ErrorReply (401 without the merchandiser token, 404, 405, 409, 413, 415).
 */

/** The merchandiser API of publishing. */
export const PUBLISH_API = '/api/admin/publish';

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
  /** Why a publish built every page, in the merchandiser's words (issue 33, item 11). */
  fullBecause?: string;
}

/**
 * What a change of the feed is about: catalogue records, machine models (issue 31), and the
 * content with merchandiser calls (issue 33, item 12: articles, help answers, generic pages,
 * questions).
 */
export const CHANGE_ENTITIES = [
  'product',
  'collection',
  'machine',
  'article',
  'help',
  'page',
  'question',
] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

/**
 * One change of the feed not yet in the live release: a row of GET /api/changes as the API
 * sends it (server/routes/changes.ts `Change`; publisher/page/api.test.ts checks they agree).
 * `actor` is 'admin', 'admin:{X-Merchandiser}' or 'system'.
 */
export const pendingChangeSchema = z.object({
  seq: z.number(),
  entity: z.enum(CHANGE_ENTITIES),
  id: z.number(),
  op: z.enum(['upsert', 'delete']),
  at: z.string(),
  actor: z.string(),
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;

/**
 * A pending change as the publish page lists it (issue 33, item 11): by the record's name, and
 * what changed from the live site to the catalogue now ('Price $48.00 → $49.01'), where the
 * publisher can tell (publisher/describe-changes.ts); the feed's row alone otherwise.
 */
export type DescribedChange = PendingChange & { name?: string; detail?: string };

/** GET {PUBLISH_API}. */
export interface PublishOverview {
  /** The live release, when there is one. */
  live: { id: string; cursor: number | null; publishedAt: string } | null;
  /** Newest first. */
  publishes: PublishRecord[];
  /** Changes after the live release's cursor (the latest 100, newest first) and how many. */
  pending: { count: number; changes: DescribedChange[]; more: boolean };
  /** Whether a rollback has an earlier release to go to. */
  canRollBack: boolean;
  /**
   * What the next publish is expected to do, shown before the button (issue 33, item 11);
   * null when nothing is pending or a publish is already queued or running.
   */
  next: PublishForecast | null;
}

/** Pages by what they are, from their paths (publisher/forecast.ts pageKinds). */
export interface PageCounts {
  total: number;
  products: number;
  collections: number;
  brands: number;
  /** Machine model pages (issue 31). */
  machines: number;
  other: number;
  /**
   * Of the total, pages whose route gives no cache key, which every quick publish renders
   * (sign-in, account, cart, search...): counted apart, not by kind.
   */
  everyPublish: number;
}

/**
 * The next publish as it would run now: worked out once per live release and feed position
 * ('working' meanwhile; a quick publish's pages are listed by the warm renderer, which at
 * 100,000 products takes seconds), then 'ready', or 'unknown' when it could not be.
 */
export type PublishForecast =
  | { state: 'working' }
  | {
      state: 'ready';
      mode: 'warm' | 'full';
      /** Why every page is built (mode 'full'), in the words the publish would use. */
      why?: string;
      /**
       * The pages it renders: those whose content changed, or every page of the live release;
       * null for a store's first publish (no page to count from yet).
       */
      pages: PageCounts | null;
      /** From the publishes of the same way before it; null with none to go by. */
      seconds: number | null;
    }
  | { state: 'unknown'; error: string };

/** A publish or rollback asked for, or one publish looked up. */
export interface PublishReply {
  publish: PublishRecord;
}

/** Every refusal of the API, in the merchandiser API's format. */
export interface ErrorReply {
  error: string;
}

/**
 * The body of a POST: none, `{}` or `{"trigger":"page"}` (the merchandiser page); a call
 * without one is the API's.
 */
export const publishRequestSchema = z.strictObject({
  trigger: z.enum(['api', 'page']).default('api'),
});
export type PublishRequest = z.input<typeof publishRequestSchema>;
