import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { buildRelease, forecastRelease } from './build-release.ts';
import { ChangeDescriber } from './describe-changes.ts';
import { failureWords } from './failure-words.ts';
import { expectedSeconds, pageKinds } from './forecast.ts';
import { changesSince, feedCursor } from './feed.ts';
import { BackgroundWork } from './background.ts';
import { PublishHistory } from './history.ts';
import { waitForLock, type HeldLock } from './lock.ts';
import { goLive } from './go-live.ts';
import type { PublisherOptions } from './options.ts';
import { PhaseClock, phaseTimes } from './progress.ts';
import { coveredCursor } from './watch.ts';
import {
  adoptLiveDirectory,
  liveReleaseId,
  newReleaseId,
  pruneReleases,
  discardedDir,
  discardUnfinishedReleases,
  readReleaseInfo,
  releaseDir,
  removeTree,
  rollbackTarget,
  switchLive,
  type ReleaseInfo,
} from './releases.ts';
import { readPaths } from './warm/release.ts';

export type { PublisherOptions };
import {
  PublishConflict,
  type PublishControl,
  type PublishForecast,
  type PublishOverview,
  type PublishRecord,
  type PublishTrigger,
} from './types.ts';

const LOCK_FILE = 'publish.lock';
const HISTORY_FILE = 'history.json';

/**
 * Publishing (DESIGN "Publishing"): one publish at a time, each a new release built
 * next to the live one and switched to atomically; requests that arrive while one runs are
 * coalesced into one queued publish, which reads every change made until it starts. A failed
 * build leaves the live site as it was and says why. Every trigger goes through here: the CLI,
 * POST /api/admin/publish, the watch and the merchandiser page (publisher/service.ts).
 */
export class Publisher implements PublishControl {
  readonly #options: PublisherOptions;
  readonly #history: PublishHistory;
  readonly #listeners = new Set<(record: PublishRecord) => void>();
  readonly #stopping = new AbortController();
  #queued: PublishRecord | undefined;
  #running: PublishRecord | undefined;
  #draining: Promise<void> | undefined;
  /** Old releases being removed, after a publish. */
  #pruning: Promise<void> = Promise.resolve();
  /** The removal's processes, stopped while a publish runs. */
  readonly #background = new BackgroundWork();
  /** A rollback under way: a publish asked for meanwhile starts after it. */
  #rollingBack: Promise<unknown> | undefined;
  /** The pending changes by name, with what changed. */
  readonly #describer: ChangeDescriber;
  /** The next publish's forecast, worked out once per live release and newest change. */
  #forecast: { key: string; value: PublishForecast } | undefined;

  private constructor(options: PublisherOptions, history: PublishHistory) {
    this.#options = options;
    this.#history = history;
    this.#describer = new ChangeDescriber(options.feed);
  }

  static async open(options: PublisherOptions): Promise<Publisher> {
    await mkdir(options.layout.publishDir, { recursive: true });
    const adopted = await adoptLiveDirectory(options.layout);
    if (adopted) options.log?.(`The existing build is now release ${adopted}.`);
    const history = await PublishHistory.load(join(options.layout.publishDir, HISTORY_FILE));
    return new Publisher(options, history);
  }

  request({ trigger, actor }: { trigger: PublishTrigger; actor: string }): PublishRecord {
    if (this.#queued) return this.#queued;
    const record: PublishRecord = {
      id: newReleaseId(),
      kind: 'publish',
      state: 'queued',
      trigger,
      actor,
      queuedAt: new Date().toISOString(),
      progress: { phase: 'queued', pagesDone: 0, pagesTotal: 0, secondsLeft: null },
    };
    this.#queued = record;
    this.#history.add(record);
    this.#changed(record);
    this.#draining ??= this.#drain().finally(() => (this.#draining = undefined));
    return record;
  }

  /** Queues a publish (or joins the queued one) and resolves when it has finished. */
  publishNow(options: { trigger: PublishTrigger; actor: string }): Promise<PublishRecord> {
    return this.wait(this.request(options).id);
  }

  /** Resolves with a publish once it is done or failed. */
  wait(id: string): Promise<PublishRecord> {
    return new Promise((resolve, reject) => {
      const check = (record: PublishRecord | undefined) => {
        if (!record) {
          this.#listeners.delete(listener);
          reject(new Error(`No publish ${id}.`));
        } else if (record.state === 'done' || record.state === 'failed') {
          this.#listeners.delete(listener);
          resolve(record);
        }
      };
      const listener = (record: PublishRecord) => {
        if (record.id === id) check(record);
      };
      this.#listeners.add(listener);
      check(this.#history.get(id));
    });
  }

  /** Hears every change of every publish (the CLI's progress line). */
  onUpdate(listener: (record: PublishRecord) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get(id: string): PublishRecord | undefined {
    return this.#history.get(id);
  }

  /** For the watch (publisher/watch.ts): the feed position the site has or will have. */
  async covered(): Promise<number | null> {
    const { layout } = this.#options;
    const live = await liveReleaseId(layout);
    const cursor = live
      ? ((await readReleaseInfo(releaseDir(layout, live)))?.cursor ?? null)
      : null;
    return coveredCursor(this.#history.list(), cursor);
  }

  rollback({ trigger, actor }: { trigger: PublishTrigger; actor: string }) {
    if (this.#running || this.#queued || this.#rollingBack)
      return Promise.reject(
        new PublishConflict('A publish is running: roll back once it has finished.'),
      );
    const rolling = this.#rollBack(trigger, actor);
    this.#rollingBack = rolling.finally(() => (this.#rollingBack = undefined)).catch(() => {});
    return rolling;
  }

  async #rollBack(trigger: PublishTrigger, actor: string): Promise<PublishRecord> {
    const { layout } = this.#options;
    const started = new Date();
    const record: PublishRecord = {
      id: newReleaseId(started),
      kind: 'rollback',
      state: 'running',
      trigger,
      actor,
      queuedAt: started.toISOString(),
      startedAt: started.toISOString(),
      progress: { phase: 'switch', pagesDone: 0, pagesTotal: 0, secondsLeft: 0 },
    };
    this.#running = record;
    const target = await rollbackTarget(this.#options.layout);
    if (!target) {
      this.#running = undefined;
      throw new PublishConflict('There is no earlier publish to roll back to.');
    }
    record.release = target;
    this.#history.add(record);
    this.#changed(record);
    const lock = await waitForLock(join(layout.publishDir, LOCK_FILE), record.id);
    try {
      const dir = releaseDir(layout, target);
      await switchLive(layout, target);
      await this.#options.reloadServers?.(dir);
      const cursor = (await readReleaseInfo(dir))?.cursor;
      if (typeof cursor === 'number') record.cursor = cursor;
      this.#finish(record, 'done', started);
    } catch (error) {
      this.#finish(record, 'failed', started, error);
    } finally {
      this.#running = undefined;
      await lock.release();
      await this.#history.save();
    }
    return record;
  }

  async overview(): Promise<PublishOverview> {
    const { layout } = this.#options;
    const liveId = await liveReleaseId(layout);
    const info = liveId ? await readReleaseInfo(releaseDir(layout, liveId)) : undefined;
    const live = liveId
      ? {
          id: liveId,
          cursor: info?.cursor ?? null,
          publishedAt: info?.publishedAt ?? '',
        }
      : null;
    // The API down, the page still shows the history; the pending count reads as unknown (-1).
    const pending: PublishOverview['pending'] = await changesSince(
      this.#options.feed,
      live?.cursor ?? 0,
    ).catch(() => ({ count: -1, changes: [], more: false }));
    pending.changes = await this.#describer.describe(
      liveId ? { id: liveId, dir: releaseDir(layout, liveId) } : undefined,
      pending.changes,
    );
    return {
      live,
      publishes: [...this.#history.list()],
      pending,
      canRollBack:
        !this.#running &&
        !this.#queued &&
        (await rollbackTarget(this.#options.layout)) !== undefined,
      next: this.#next(liveId ? { id: liveId, info } : undefined, pending),
    };
  }

  /**
   * What the next publish is expected to do, before the merchandiser presses the button (issue
   * 33, item 11). Worked out in the background once per live release and newest change
   * ('working' until then); none while a publish is queued or running, which follows every
   * change until it starts, or when nothing is pending.
   */
  #next(
    live: { id: string; info: ReleaseInfo | undefined } | undefined,
    pending: PublishOverview['pending'],
  ): PublishForecast | null {
    if (pending.count <= 0 || this.#running || this.#queued || this.#rollingBack) return null;
    const key = `${live?.id ?? ''}@${String(pending.changes[0]?.seq ?? 0)}`;
    if (this.#forecast?.key !== key) {
      const entry: { key: string; value: PublishForecast } = { key, value: { state: 'working' } };
      this.#forecast = entry;
      void this.#workOut(live).then((value) => (entry.value = value));
    }
    return this.#forecast.value;
  }

  async #workOut(
    live: { id: string; info: ReleaseInfo | undefined } | undefined,
  ): Promise<PublishForecast> {
    const history = this.#history.list();
    const dir = live && releaseDir(this.#options.layout, live.id);
    try {
      const plan = await forecastRelease(
        this.#options.warm,
        dir ? { dir, info: live?.info } : undefined,
      );
      if ('toRender' in plan) {
        const pages = pageKinds(plan.toRender, new Set(plan.unkeyed));
        return {
          state: 'ready',
          mode: 'warm',
          pages,
          seconds: expectedSeconds(history, 'warm', pages.total),
        };
      }
      const livePaths = dir ? await readPaths(dir) : undefined;
      const pages = livePaths ? pageKinds(livePaths.map((path) => path.pathname)) : null;
      return {
        state: 'ready',
        mode: 'full',
        why: plan.full,
        pages,
        seconds: pages ? expectedSeconds(history, 'full', pages.total) : null,
      };
    } catch (error) {
      return { state: 'unknown', error: failureWords(error) };
    }
  }

  /**
   * Settles once the work after the last publish is done: the next release's copy made and old
   * releases removed. A store at rest between a merchandiser's changes is in this state.
   */
  async settled(): Promise<void> {
    await this.#pruning;
  }

  /** Stops: a queued publish is dropped, a running build is stopped and marked failed. */
  async close(): Promise<void> {
    this.#stopping.abort(new Error('The publisher stopped.'));
    await this.#draining;
    await this.#pruning;
    await this.#options.warm?.close();
  }

  async #drain(): Promise<void> {
    while (this.#queued && !this.#stopping.signal.aborted) {
      await this.#rollingBack;
      const record = this.#queued;
      const lock = await this.#lock(record);
      if (!lock) break;
      // From here on, a new request queues a further publish.
      this.#queued = undefined;
      this.#running = record;
      this.#background.pause();
      try {
        await this.#publish(record);
      } finally {
        this.#background.resume();
        this.#running = undefined;
        await lock.release();
        await this.#history.save();
      }
    }
    const dropped = this.#queued;
    if (dropped) {
      this.#queued = undefined;
      this.#finish(dropped, 'failed', undefined, new Error('The publisher stopped.'));
      await this.#history.save();
    }
  }

  async #lock(record: PublishRecord): Promise<HeldLock | undefined> {
    try {
      return await waitForLock(join(this.#options.layout.publishDir, LOCK_FILE), record.id, {
        signal: this.#stopping.signal,
        onWait: (holder) =>
          this.#options.log?.(
            `Waiting for the publish ${holder?.id ?? ''} of process ${String(holder?.pid ?? '?')}.`,
          ),
      });
    } catch {
      return undefined;
    }
  }

  async #publish(record: PublishRecord): Promise<void> {
    const { layout } = this.#options;
    const started = new Date();
    record.state = 'running';
    record.startedAt = started.toISOString();
    const dir = releaseDir(layout, record.id);
    const liveId = await liveReleaseId(layout);
    const previous = liveId ? releaseDir(layout, liveId) : undefined;
    // Under the lock, so no other publish is writing one: a release no publish finished is
    // an interrupted one's (a killed process); it is never kept, nor rolled back to.
    const unfinished = await discardUnfinishedReleases(layout, liveId ? [liveId] : []);
    if (unfinished.length)
      this.#options.log?.(
        `Removing the unfinished release ${unfinished.join(', ')} of a publish that was interrupted.`,
      );
    // A publish after a live release goes the warm renderer's way unless it cannot; its time
    // left counts from the last publish of the same way (issue 33, item 11).
    const history = this.#history.list();
    const clock = new PhaseClock(
      phaseTimes(history, previous && this.#options.warm ? 'warm' : 'full'),
    );
    const progress = (pagesDone: number, pagesTotal: number) => {
      record.progress = clock.progress(pagesDone, pagesTotal);
      this.#changed(record);
    };
    progress(0, 0);
    let built: Awaited<ReturnType<typeof buildRelease>>;
    try {
      // Every change up to here is in this publish: the build reads the catalogue after it.
      record.cursor = (await feedCursor(this.#options.feed)).cursor;
      const liveInfo = previous ? await readReleaseInfo(previous) : undefined;
      built = await buildRelease(
        this.#options,
        { dir, previous, liveInfo },
        this.#stopping.signal,
        (next, done, total) => {
          if (next !== clock.phase) clock.enter(next);
          progress(done, total);
        },
        () => clock.expect(phaseTimes(history, 'full')),
      );
      const { report } = built;
      // The warm renderer read the feed after our cursor: its own is the one that is live.
      if (built.mode === 'warm') record.cursor = Math.max(record.cursor, built.cursor);
      record.mode = built.mode;
      if (built.mode === 'full') record.fullBecause = built.why;
      const pages = { pagesDone: report.pages, pagesTotal: report.pages };
      clock.enter('switch');
      progress(pages.pagesDone, pages.pagesTotal);
      await goLive(this.#options, {
        id: record.id,
        dir,
        cursor: record.cursor,
        warmed: built.mode === 'warm',
        live: liveId && previous ? { id: liveId, dir: previous, info: liveInfo } : undefined,
      });
      clock.enter('finished');
      record.timings = clock.timings;
      record.counts = {
        pages: report.pages,
        rendered: report.rendered,
        searchRecords: report.searchRecords,
        compressed: report.compression.compressed,
        reusedCompressed: report.compression.reused,
      };
      record.progress = { phase: 'finished', ...pages, secondsLeft: 0 };
      this.#finish(record, 'done', started);
    } catch (error) {
      record.timings = clock.timings;
      // Only ever a release that is not live: the switch is the last step that can throw.
      await removeTree(dir);
      this.#finish(record, 'failed', started, error);
      return;
    }
    // The release is live and the publish done: the warm renderer's start after a full build
    // (20 to 30 s at 100,000 products) is the next publish's, which waits for it in its turn.
    const following = this.#options.warm?.follow(record.id, dir, built.mode);
    // In the background: removing a release of 100,000 pages takes a minute, which the next
    // publish (a merchandiser's next change) should not wait for.
    this.#pruning = this.#pruning.then(async () => {
      try {
        await following;
        // After the next release's copy: both are the file system's work, and side by side
        // the copy took 71 s instead of 15 at 100,000 products.
        await this.#options.warm?.prepared();
        await removeTree(discardedDir(layout), this.#background);
        const live = await liveReleaseId(layout);
        const protect = [record.id, ...(live ? [live] : [])];
        const removed = await pruneReleases(
          layout,
          this.#options.keep ?? 5,
          protect,
          this.#background,
        );
        if (removed.length) this.#options.log?.(`Removed old releases ${removed.join(', ')}.`);
      } catch (error) {
        this.#options.log?.(`Could not remove old releases: ${(error as Error).message}`);
      }
    });
  }

  #finish(
    record: PublishRecord,
    state: 'done' | 'failed',
    started: Date | undefined,
    error?: unknown,
  ) {
    const finished = new Date();
    record.state = state;
    record.finishedAt = finished.toISOString();
    if (started) record.durationMs = finished.getTime() - started.getTime();
    if (state === 'failed') {
      record.error = failureWords(error);
      this.#options.log?.(`Publish ${record.id} failed: ${record.error}`);
    }
    this.#changed(record);
  }

  #changed(record: PublishRecord) {
    for (const listener of this.#listeners) listener(record);
  }
}
