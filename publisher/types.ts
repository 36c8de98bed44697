import type {
  PublishOverview,
  PublishRecord,
  PublishTrigger,
} from '../shared/contracts/publish.ts';

/**
 * The publish records every trigger shares: the CLI, the merchandiser API, the
 * watch on the change feed and the merchandiser page all queue, follow and list these. Their
 * wire shapes are the publish API's contract (shared/contracts/publish.ts).
 */
export {
  PUBLISH_PHASES,
  type DescribedChange,
  type PageCounts,
  type PendingChange,
  type PublishCounts,
  type PublishForecast,
  type PublishKind,
  type PublishOverview,
  type PublishPhase,
  type PublishProgress,
  type PublishRecord,
  type PublishState,
  type PublishTrigger,
} from '../shared/contracts/publish.ts';

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
