import { describe, expect, it } from 'vitest';
import { eachCase } from '../../shared/each-case.testing.ts';
import { actorOf } from '../../server/routes/admin-actor.ts';
import type { PublishOverview, PublishRecord } from '../types.ts';
import {
  announcement,
  canPublish,
  changeRow,
  followed,
  formatDuration,
  formatTimeLeft,
  formatWhen,
  forecastText,
  historyRow,
  NAME_PATTERN,
  pendingSummary,
  progressBar,
  progressText,
  refusalText,
  rollBackButton,
} from './model.js';

const UTC = { timeZone: 'UTC' } as const;

function record(overrides: Partial<PublishRecord> = {}): PublishRecord {
  return {
    id: '20261124-100632-3f9a',
    kind: 'publish',
    state: 'done',
    trigger: 'page',
    actor: 'admin:Jane',
    queuedAt: '2026-11-24T10:06:30.000Z',
    startedAt: '2026-11-24T10:06:32.000Z',
    progress: { phase: 'finished', pagesDone: 2000, pagesTotal: 2000, secondsLeft: 0 },
    ...overrides,
  };
}

/** A factory of records in one state, with that state's id and progress unless overridden. */
const inState =
  (state: PublishRecord['state'], id: string, progress: PublishRecord['progress']) =>
  (overrides: Partial<PublishRecord> = {}) =>
    record({ id, state, progress, ...overrides });

const running = inState('running', '20261124-101000-0002', {
  phase: 'build',
  pagesDone: 120,
  pagesTotal: 2000,
  secondsLeft: 40,
});

const queued = inState('queued', '20261124-101005-0003', {
  phase: 'queued',
  pagesDone: 0,
  pagesTotal: 0,
  secondsLeft: null,
});

function overview(publishes: PublishRecord[], canRollBack = true): PublishOverview {
  return {
    live: { id: '20261124-100632-3f9a', cursor: 10, publishedAt: '2026-11-24T10:07:00.000Z' },
    publishes,
    pending: { count: 0, changes: [], more: false },
    canRollBack,
    next: null,
  };
}

describe('followed', () => {
  it('follows the running publish and says when another is queued behind it', () => {
    const run = running();
    expect(followed([queued(), run, record()])).toEqual({ current: run, waiting: true });
    expect(followed([run, record()])).toEqual({ current: run, waiting: false });
  });

  it('follows a queued publish when none runs, and nothing when all are finished', () => {
    const wait = queued();
    expect(followed([wait, record()])).toEqual({ current: wait, waiting: false });
    expect(followed([record(), record({ state: 'failed' })])).toEqual({
      current: null,
      waiting: false,
    });
  });
});

describe('formatDuration and formatTimeLeft', () => {
  eachCase('reads %s ms as a person would say it: %j', formatDuration, [
    [850, '850 ms'],
    [12_400, '12 s'],
    [185_000, '3 min 5 s'],
    [3_720_000, '1 h 2 min'],
    [-1, ''],
    [Number.NaN, ''],
  ]);

  eachCase('says %s seconds left as %j', formatTimeLeft, [
    [40, 'about 40 s left'],
    [0.4, 'almost done'],
    [null, 'time left unknown'],
  ]);
});

describe('progress', () => {
  it('gives the phase in words, pages done of total and the time left', () => {
    expect(progressText(running())).toBe('Rendering pages · 120 of 2,000 pages · about 40 s left');
    expect(
      progressText(
        running({ progress: { phase: 'search', pagesDone: 0, pagesTotal: 0, secondsLeft: null } }),
      ),
    ).toBe('Updating the search index · time left unknown');
    expect(progressText(queued())).toBe('Waiting for the publish before it to finish');
  });

  it('fills the bar by pages, and leaves it indeterminate before the total is known', () => {
    expect(progressBar(running().progress)).toEqual({ value: 120, max: 2000 });
    expect(progressBar({ phase: 'build', pagesDone: 5, pagesTotal: 3, secondsLeft: 1 })).toEqual({
      value: 3,
      max: 3,
    });
    expect(progressBar(queued().progress)).toBeNull();
  });

  it('announces each state and phase once, and a failure with its reason', () => {
    expect(announcement(queued())).toBe('Publish 20261124-101005-0003 is queued.');
    expect(announcement(running())).toBe('Publish 20261124-101000-0002: rendering pages.');
    expect(announcement(record({ durationMs: 42_000 }))).toBe(
      'Publish 20261124-100632-3f9a is live, in 42 s.',
    );
    expect(announcement(record({ state: 'failed', error: 'astro build exited with 1' }))).toBe(
      'Publish 20261124-100632-3f9a failed: astro build exited with 1. The live site is unchanged.',
    );
    expect(announcement(record({ kind: 'rollback' }))).toBe(
      'Rollback 20261124-100632-3f9a is live.',
    );
  });
});

describe('table rows', () => {
  it('shows a finished publish with who, how, when, how long and how many pages it rendered', () => {
    const row = historyRow(
      record({
        durationMs: 42_000,
        counts: {
          pages: 2000,
          rendered: 12,
          searchRecords: 2000,
          compressed: 30,
          reusedCompressed: 9,
        },
      }),
      UTC,
    );
    expect(row).toMatchObject({
      id: '20261124-100632-3f9a',
      kind: 'Publish',
      state: 'Done',
      who: 'admin:Jane',
      trigger: 'This page',
      startedIso: '2026-11-24T10:06:32.000Z',
      duration: '42 s',
      result: '12 of 2,000 pages rendered',
      error: '',
    });
    expect(row.started).toContain('10:06:32');
    const warm = historyRow(
      record({
        mode: 'warm',
        counts: { pages: 2000, rendered: 3, searchRecords: 0, compressed: 3, reusedCompressed: 0 },
      }),
      UTC,
    );
    expect(warm.result).toBe('3 of 2,000 pages rendered (warm)');
    // A full build says why (issue 33, item 11).
    const full = historyRow(
      record({
        mode: 'full',
        fullBecause: "the store's code or settings changed since the last full build.",
        counts: {
          pages: 2000,
          rendered: 2000,
          searchRecords: 0,
          compressed: 9,
          reusedCompressed: 0,
        },
      }),
      UTC,
    );
    expect(full.result).toBe(
      "2,000 of 2,000 pages rendered: all of them, as the store's code or settings changed since the last full build.",
    );
  });

  it('shows a failure with its error, a rollback with its release, a running one so far', () => {
    expect(historyRow(record({ state: 'failed', error: 'disk full' }), UTC)).toMatchObject({
      state: 'Failed',
      error: 'disk full',
      result: '',
    });
    expect(
      historyRow(record({ kind: 'rollback', release: '20261123-080000-aaaa' }), UTC),
    ).toMatchObject({ kind: 'Rollback', result: 'back to 20261123-080000-aaaa' });
    expect(historyRow(running(), UTC).result).toBe('120 of 2,000 pages so far');
    const { startedAt: _notYet, ...waiting } = queued();
    expect(historyRow(waiting, UTC)).toMatchObject({
      startedIso: '2026-11-24T10:06:30.000Z',
      duration: '',
    });
  });

  it('shows a pending change as entity, id, operation, when and who', () => {
    expect(
      changeRow(
        {
          seq: 4,
          entity: 'collection',
          id: 12,
          op: 'delete',
          at: '2026-11-24T09:30:00.000Z',
          actor: 'admin',
        },
        UTC,
      ),
    ).toMatchObject({
      entity: 'Collection',
      name: '',
      id: '12',
      op: 'Deleted',
      who: 'admin',
      whenIso: '2026-11-24T09:30:00.000Z',
    });
  });

  it('shows a described change by its name and what changed', () => {
    expect(
      changeRow({
        seq: 5,
        entity: 'product',
        id: 788,
        op: 'upsert',
        at: '2026-11-24T09:30:00.000Z',
        actor: 'admin',
        name: 'Raymond Viton Pump Seal Kit',
        detail: 'Price $48.00 → $49.01',
      }),
    ).toMatchObject({
      entity: 'Product',
      name: 'Raymond Viton Pump Seal Kit',
      id: '788',
      op: 'Price $48.00 → $49.01',
    });
  });

  it("names a machine model's change", () => {
    const change = {
      seq: 5,
      entity: 'machine',
      id: 7,
      op: 'upsert',
      at: '',
      actor: 'system',
    } as const;
    expect(changeRow(change, UTC)).toMatchObject({ entity: 'Machine model', id: '7' });
  });

  it('names the content written through the merchandiser API (issue 33, item 12)', () => {
    const row = (entity: 'article' | 'help' | 'page' | 'question') =>
      changeRow({ seq: 6, entity, id: 3, op: 'upsert', at: '', actor: 'admin:Jane' }, UTC).entity;
    expect((['article', 'help', 'page', 'question'] as const).map(row)).toEqual([
      'Article',
      'Help answer',
      'Page',
      'Question',
    ]);
  });

  it('shows a text that is not a date as it came', () => {
    expect(formatWhen('soon')).toBe('soon');
    expect(formatWhen(undefined)).toBe('');
  });
});

describe('pendingSummary', () => {
  it('counts the changes not yet live', () => {
    expect(pendingSummary({ count: 0, changes: [], more: false })).toBe('Every change is live.');
    expect(pendingSummary({ count: 1, changes: [], more: false })).toBe(
      '1 change is not published yet.',
    );
    expect(pendingSummary({ count: 1200, changes: [], more: true })).toBe(
      '1,200 or more changes are not published yet.',
    );
  });

  it('says so when the change feed cannot be read (count -1) rather than count it', () => {
    expect(pendingSummary({ count: -1, changes: [], more: false })).toBe(
      'The changes not yet published cannot be read: the catalogue API does not answer.',
    );
  });
});

describe('forecastText', () => {
  const pages = (
    counts: Partial<Record<'products' | 'collections' | 'brands' | 'machines' | 'other', number>>,
    everyPublish = 0,
  ) => {
    const all = { products: 0, collections: 0, brands: 0, machines: 0, other: 0, ...counts };
    const shown = Object.values(all).reduce((sum, n) => sum + n, 0);
    return { total: shown + everyPublish, ...all, everyPublish };
  };

  it('says a quick publish, its time and the pages that show the changes before the button is pressed', () => {
    expect(
      forecastText({
        state: 'ready',
        mode: 'warm',
        pages: pages({ products: 11, collections: 4, brands: 1, machines: 1 }, 39),
        seconds: 6,
      }),
    ).toBe(
      'The next publish is quick, about 6 s: it renders 17 pages that show the changes (11 product pages, 4 collection pages, 1 brand page, 1 machine model page), and the 39 pages every quick publish renders (sign-in, account, search...).',
    );
    expect(
      forecastText({ state: 'ready', mode: 'warm', pages: pages({ products: 1 }), seconds: 2 }),
    ).toBe(
      'The next publish is quick, about 2 s: it renders 1 product page that shows the changes.',
    );
    expect(
      forecastText({ state: 'ready', mode: 'warm', pages: pages({}, 40), seconds: null }),
    ).toBe(
      'The next publish is quick, no earlier quick publish to estimate its time from: it renders no page that shows the changes, and the 40 pages every quick publish renders (sign-in, account, search...).',
    );
  });

  it('says why a publish builds every page, and how many', () => {
    expect(
      forecastText({
        state: 'ready',
        mode: 'full',
        why: "the store's code or settings changed since the last full build.",
        pages: pages({ products: 2000, collections: 1200, brands: 300, other: 2152 }),
        seconds: 845,
      }),
    ).toBe(
      "The next publish is a full build, about 14 min 5 s, as the store's code or settings changed since the last full build. It renders every page: 5,652.",
    );
    expect(
      forecastText({
        state: 'ready',
        mode: 'full',
        why: 'the first publish builds every page.',
        pages: null,
        seconds: null,
      }),
    ).toBe(
      'The next publish is a full build, no earlier full build to estimate its time from, as the first publish builds every page.',
    );
  });

  it('says when it is being worked out, when it cannot be, and nothing when there is nothing to say', () => {
    expect(forecastText({ state: 'working' })).toBe('Working out what the next publish will do…');
    expect(forecastText({ state: 'unknown', error: 'The catalogue API does not answer.' })).toBe(
      'What the next publish will do cannot be worked out: The catalogue API does not answer.',
    );
    expect(forecastText(null)).toBe('');
  });
});

describe('the buttons', () => {
  it('Publish is usable only when nothing is queued or running and no request of ours is on its way', () => {
    expect(canPublish(overview([record()]), false)).toBe(true);
    expect(canPublish(overview([record()]), true)).toBe(false);
    expect(canPublish(overview([running(), record()]), false)).toBe(false);
    expect(canPublish(overview([queued()]), false)).toBe(false);
    expect(canPublish(null, false)).toBe(false);
  });

  it('Roll back shows when there is an earlier release, and waits for a running publish', () => {
    expect(rollBackButton(overview([record()]), false)).toEqual({ shown: true, enabled: true });
    expect(rollBackButton(overview([running()]), false)).toEqual({ shown: true, enabled: false });
    expect(rollBackButton(overview([record()]), true)).toEqual({ shown: true, enabled: false });
    expect(rollBackButton(overview([record()], false), false)).toEqual({
      shown: false,
      enabled: false,
    });
    expect(rollBackButton(null, false)).toEqual({ shown: false, enabled: false });
  });
});

describe('refusalText', () => {
  it("uses the API's error text, or says what the server answered", () => {
    expect(refusalText(409, { error: 'There is no earlier release to roll back to.' })).toBe(
      'There is no earlier release to roll back to.',
    );
    expect(refusalText(502, null)).toBe('The server answered 502.');
    expect(refusalText(500, { error: '' })).toBe('The server answered 500.');
  });
});

describe('NAME_PATTERN', () => {
  it('accepts exactly what the API accepts as X-Merchandiser (server/routes/admin-actor.ts)', () => {
    const samples = [
      'Jane Doe',
      'jane.doe@shop_1-a',
      'Jane:admin',
      'Zoë',
      'x'.repeat(64),
      'x'.repeat(65),
      'a/b',
    ];
    const accepted = (name: string) => {
      try {
        actorOf(name);
        return true;
      } catch {
        return false;
      }
    };
    for (const name of samples) expect(NAME_PATTERN.test(name), name).toBe(accepted(name));
    expect(samples.filter((name) => NAME_PATTERN.test(name))).toEqual([
      'Jane Doe',
      'jane.doe@shop_1-a',
      'x'.repeat(64),
    ]);
  });
});
