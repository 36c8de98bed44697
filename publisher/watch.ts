import { feedCursor, type FeedClient } from './feed.ts';
import type { PublishRecord } from './types.ts';

/** What the watch needs of a publisher, in this process or a running store's. */
export interface WatchTarget {
  /**
   * The change feed's sequence number the site has or will have: a queued publish reads
   * everything (Infinity), a running one its cursor, otherwise the live release's (null: none).
   */
  covered(): Promise<number | null>;
  request(): Promise<unknown>;
}

/**
 * The change feed's position the site has or will have, from the publishes and the live
 * release's cursor: a queued publish reads everything when it starts (Infinity), a running one
 * has its cursor, otherwise the live release's (null: none known).
 */
export function coveredCursor(
  publishes: readonly PublishRecord[],
  liveCursor: number | null,
): number | null {
  if (publishes.some((record) => record.state === 'queued')) return Number.POSITIVE_INFINITY;
  const running = publishes.find(
    (record) => record.state === 'running' && record.kind === 'publish',
  );
  if (running) return running.cursor ?? Number.POSITIVE_INFINITY;
  return liveCursor;
}

export interface FeedWatch {
  stop(): void;
}

/**
 * Watch mode: follows the change feed and asks for a publish once changes
 * have been quiet for `quietMs`, so a merchandiser's burst of edits becomes one publish, and
 * edits made during a publish become the next one. A feed that cannot be read is retried on
 * the next poll.
 */
export function watchFeed({
  feed,
  target,
  quietMs,
  pollMs = 1000,
  log,
}: {
  feed: FeedClient;
  target: WatchTarget;
  quietMs: number;
  pollMs?: number;
  log?: (message: string) => void;
}): FeedWatch {
  let lastSeen: number | undefined;
  let lastMoved = Date.now();
  let failing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const poll = async () => {
    try {
      const { cursor } = await feedCursor(feed);
      if (failing) log?.('The change feed answers again.');
      failing = false;
      if (cursor !== lastSeen) {
        lastSeen = cursor;
        lastMoved = Date.now();
        return;
      }
      if (Date.now() - lastMoved < quietMs) return;
      const covered = await target.covered();
      if (covered !== null && cursor <= covered) return;
      log?.(
        `Changes up to ${String(cursor)} have been quiet for ${String(quietMs / 1000)} s: publishing.`,
      );
      await target.request();
    } catch (error) {
      if (!failing) log?.(`The watch cannot read the change feed: ${(error as Error).message}`);
      failing = true;
    }
  };
  const loop = async () => {
    await poll();
    if (!stopped) timer = setTimeout(() => void loop(), pollMs);
  };
  void loop();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
