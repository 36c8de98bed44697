// @ts-check
/**
 * What the merchandiser page shows, as plain functions of the API's records:
 * the page's DOM code (app.js) only renders these. Plain JavaScript with JSDoc types, served
 * as is: the page has no build step, and tsc checks it against the server's own types.
 *
 * @import { DescribedChange, PageCounts, PublishForecast, PublishOverview, PublishPhase, PublishProgress, PublishRecord } from '../../shared/contracts/publish.ts'
 */

/** The phase of a publish in words (the contract's PUBLISH_PHASES). */
export const PHASE_WORDS = /** @type {const} @satisfies {Record<PublishPhase, string>} */ ({
  queued: 'Waiting to start',
  build: 'Rendering pages',
  search: 'Updating the search index',
  compress: 'Compressing files',
  switch: 'Switching the live site',
  finished: 'Finished',
});

/** How often the page asks for the overview while a publish is queued or running (the brief: every second). */
export const BUSY_POLL_MS = 1000;

/** Otherwise: often enough that new changes and other people's publishes show up. */
export const IDLE_POLL_MS = 10_000;

/** How many pending changes the table lists (the latest, newest first); the count says the rest. */
export const PENDING_ROWS = 10;

/** How many publishes the history lists, newest first. */
export const HISTORY_ROWS = 20;

/** The allowed X-Merchandiser name (server/routes/admin-actor.ts NAME), checked before sending. */
export const NAME_PATTERN = /^[A-Za-z0-9 .@_-]{1,64}$/;

/** @param {PublishRecord} record */
export const isBusy = (record) => record.state === 'queued' || record.state === 'running';

/**
 * The publish to follow: the running one, else the queued one; and whether another waits
 * behind it (a publish asked for during a run is queued as the next one).
 * @param {readonly PublishRecord[]} publishes newest first
 * @returns {{ current: PublishRecord | null, waiting: boolean }}
 */
export function followed(publishes) {
  const busy = publishes.filter(isBusy);
  const current = busy.find((record) => record.state === 'running') ?? busy.at(-1) ?? null;
  return { current, waiting: busy.length > 1 };
}

/**
 * A length of time as a person reads it: `850 ms`, `12 s`, `3 min 5 s`, `1 h 2 min`.
 * @param {number} ms
 */
export function formatDuration(ms) {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${String(Math.round(ms))} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${String(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${String(minutes)} min ${String(seconds % 60)} s`;
  return `${String(Math.floor(minutes / 60))} h ${String(minutes % 60)} min`;
}

/**
 * @param {number | null} seconds the publisher's estimate
 */
export function formatTimeLeft(seconds) {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return 'time left unknown';
  if (seconds < 1) return 'almost done';
  return `about ${formatDuration(seconds * 1000)} left`;
}

/** @param {number} n */
const count = (n) => n.toLocaleString('en-US');

/**
 * The progress line under the bar: "Rendering pages · 120 of 2,000 pages · about 40 s left".
 * @param {PublishRecord} record
 */
export function progressText(record) {
  if (record.state === 'queued') return 'Waiting for the publish before it to finish';
  const { phase, pagesDone, pagesTotal, secondsLeft } = record.progress;
  /** @type {string[]} */
  const parts = [PHASE_WORDS[phase]];
  if (pagesTotal > 0) parts.push(`${count(pagesDone)} of ${count(pagesTotal)} pages`);
  parts.push(formatTimeLeft(secondsLeft));
  return parts.join(' · ');
}

/**
 * The bar: pages done of the total while there is a total, else no value (an indeterminate
 * bar: "working", without a number that would be made up).
 * @param {PublishProgress} progress
 * @returns {{ value: number, max: number } | null}
 */
export function progressBar(progress) {
  if (progress.pagesTotal <= 0) return null;
  return { value: Math.min(progress.pagesDone, progress.pagesTotal), max: progress.pagesTotal };
}

/**
 * What the live region says about a publish; it changes only with the state or the phase, so
 * a screen reader hears each step once rather than every second's page count.
 * @param {PublishRecord} record
 */
export function announcement(record) {
  const what = record.kind === 'rollback' ? 'Rollback' : 'Publish';
  switch (record.state) {
    case 'queued':
      return `${what} ${record.id} is queued.`;
    case 'running':
      return `${what} ${record.id}: ${PHASE_WORDS[record.progress.phase].toLowerCase()}.`;
    case 'done':
      return `${what} ${record.id} is live${record.durationMs === undefined ? '' : `, in ${formatDuration(record.durationMs)}`}.`;
    case 'failed':
      return `${what} ${record.id} failed: ${record.error ?? 'no reason given'}. The live site is unchanged.`;
  }
}

/**
 * A time in the merchandiser's own locale; the raw text when it is not a date.
 * @param {string | undefined} iso
 * @param {Intl.DateTimeFormatOptions} [options] tests pin the time zone
 */
export function formatWhen(iso, options = {}) {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    ...options,
  });
}

/**
 * @typedef {object} HistoryRow
 * @property {string} id
 * @property {string} kind
 * @property {string} state
 * @property {string} who
 * @property {string} trigger
 * @property {string} started
 * @property {string} startedIso
 * @property {string} duration
 * @property {string} result pages rendered of the total ("12 of 2,140 pages rendered"), or
 *   the release a rollback made live again
 * @property {string} error
 */

const TRIGGER_WORDS = /** @type {const} */ ({
  cli: 'Command line',
  api: 'API',
  watch: 'Watch',
  page: 'This page',
});

/**
 * One row of the history table.
 * @param {PublishRecord} record
 * @param {Intl.DateTimeFormatOptions} [dateOptions]
 * @returns {HistoryRow}
 */
export function historyRow(record, dateOptions) {
  const startedIso = record.startedAt ?? record.queuedAt;
  let result = '';
  if (record.kind === 'rollback') result = record.release ? `back to ${record.release}` : '';
  else if (record.counts)
    result =
      `${count(record.counts.rendered)} of ${count(record.counts.pages)} pages rendered` +
      // The warm renderer's publishes render only what changed (docs/publishing.md); a full
      // build says why it built every page (issue 33, item 11).
      (record.mode === 'warm'
        ? ' (warm)'
        : record.mode === 'full' && record.fullBecause
          ? `: all of them, as ${record.fullBecause}`
          : '');
  else if (record.state === 'running' && record.progress.pagesTotal > 0)
    result = `${count(record.progress.pagesDone)} of ${count(record.progress.pagesTotal)} pages so far`;
  return {
    id: record.id,
    kind: record.kind === 'rollback' ? 'Rollback' : 'Publish',
    state: STATE_WORDS[record.state],
    who: record.actor,
    trigger: TRIGGER_WORDS[record.trigger],
    started: formatWhen(startedIso, dateOptions),
    startedIso,
    duration: record.durationMs === undefined ? '' : formatDuration(record.durationMs),
    result,
    error: record.error ?? '',
  };
}

const STATE_WORDS = /** @type {const} */ ({
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
});

/**
 * @typedef {object} ChangeRow
 * @property {string} entity
 * @property {string} name the record's name, where the publisher could tell it
 * @property {string} id
 * @property {string} op what changed ('Price $48.00 → $49.01'), else the operation
 * @property {string} when
 * @property {string} whenIso
 * @property {string} who
 */

/** What a change of the feed is about, as the table says it. */
const ENTITY_NAMES = Object.freeze({
  product: 'Product',
  collection: 'Collection',
  machine: 'Machine model',
  article: 'Article',
  help: 'Help answer',
  page: 'Page',
  question: 'Question',
});

/**
 * One row of the table of changes not yet published: by name, with what changed where the
 * publisher could tell (issue 33, item 11).
 * @param {DescribedChange} change
 * @param {Intl.DateTimeFormatOptions} [dateOptions]
 * @returns {ChangeRow}
 */
export function changeRow(change, dateOptions) {
  return {
    entity: ENTITY_NAMES[change.entity],
    name: change.name ?? '',
    id: String(change.id),
    op: change.detail ?? (change.op === 'delete' ? 'Deleted' : 'Created or changed'),
    when: formatWhen(change.at, dateOptions),
    whenIso: change.at,
    who: change.actor,
  };
}

/**
 * The sentence above the Publish button.
 * @param {PublishOverview['pending']} pending
 */
export function pendingSummary(pending) {
  // -1: the publisher could not read the change feed (the catalogue API is down).
  if (pending.count < 0)
    return 'The changes not yet published cannot be read: the catalogue API does not answer.';
  if (pending.count === 0) return 'Every change is live.';
  const more = pending.more ? ' or more' : '';
  return pending.count === 1
    ? '1 change is not published yet.'
    : `${count(pending.count)}${more} changes are not published yet.`;
}

/**
 * What the next publish is expected to do, said beside the Publish button before it is pressed
 * (issue 33, item 11): quick or a full build and why, how long, and which pages it renders.
 * Empty when there is nothing to say (nothing pending, or a publish is on its way).
 * @param {PublishForecast | null} next
 */
export function forecastText(next) {
  if (next === null) return '';
  switch (next.state) {
    case 'working':
      return 'Working out what the next publish will do…';
    case 'unknown':
      return `What the next publish will do cannot be worked out: ${next.error}`;
    case 'ready': {
      const time =
        next.seconds === null
          ? `no earlier ${next.mode === 'warm' ? 'quick publish' : 'full build'} to estimate its time from`
          : `about ${formatDuration(next.seconds * 1000)}`;
      if (next.mode === 'warm')
        return `The next publish is quick, ${time}: it renders ${pagesText(next.pages)}.`;
      const pages = next.pages ? ` It renders every page: ${count(next.pages.total)}.` : '';
      return `The next publish is a full build, ${time}, as ${next.why ?? 'every page is built'}${pages}`;
    }
  }
}

/** @param {number} n @param {string} what */
const pagesOf = (n, what) => `${count(n)} ${what}${n === 1 ? '' : 's'}`;

/**
 * The pages a quick publish renders, in words: those that show the changes by kind, then the
 * few every quick publish renders.
 * @param {PageCounts | null} pages
 */
function pagesText(pages) {
  if (pages === null) return 'its pages';
  /** @type {[number, string][]} */
  const kinds = [
    [pages.products, 'product page'],
    [pages.collections, 'collection page'],
    [pages.brands, 'brand page'],
    [pages.machines, 'machine model page'],
    [pages.other, 'other page'],
  ];
  const shown = kinds.filter(([n]) => n > 0).map(([n, what]) => pagesOf(n, what));
  const changed = pages.total - pages.everyPublish;
  const showing =
    changed === 0
      ? 'no page that shows the changes'
      : shown.length > 1
        ? `${pagesOf(changed, 'page')} that show the changes (${shown.join(', ')})`
        : `${shown[0] ?? pagesOf(changed, 'page')} that show${changed === 1 ? 's' : ''} the changes`;
  return pages.everyPublish > 0
    ? `${showing}, and the ${pagesOf(pages.everyPublish, 'page')} every quick publish renders (sign-in, account, search...)`
    : showing;
}

/**
 * What the Publish button may do now: it is disabled while a publish is queued or running
 * (one will include every change made until it starts) and while this page's own request is
 * on its way, which is what makes a double click ask once.
 * @param {PublishOverview | null} overview
 * @param {boolean} sending
 */
export function canPublish(overview, sending) {
  return overview !== null && !sending && followed(overview.publishes).current === null;
}

/**
 * The Roll back button: shown when there is an earlier release, usable when nothing runs.
 * @param {PublishOverview | null} overview
 * @param {boolean} sending
 * @returns {{ shown: boolean, enabled: boolean }}
 */
export function rollBackButton(overview, sending) {
  if (overview === null || !overview.canRollBack) return { shown: false, enabled: false };
  return { shown: true, enabled: !sending && followed(overview.publishes).current === null };
}

/**
 * The text of a refusal: the API's `{ error }` when it sent one.
 * @param {number} status
 * @param {unknown} body
 */
export function refusalText(status, body) {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = /** @type {{ error: unknown }} */ (body);
    if (typeof error === 'string' && error !== '') return error;
  }
  return `The server answered ${String(status)}.`;
}
