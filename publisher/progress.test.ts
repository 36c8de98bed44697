import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhaseClock, phaseTimes, secondsLeft } from './progress.ts';
import type { PublishRecord } from './types.ts';

const record = (over: Partial<PublishRecord>): PublishRecord => ({
  id: 'x',
  kind: 'publish',
  state: 'done',
  trigger: 'api',
  actor: 'admin',
  queuedAt: '2026-11-29T10:00:00.000Z',
  cursor: 0,
  progress: { phase: 'finished', pagesDone: 0, pagesTotal: 0, secondsLeft: 0 },
  ...over,
});

// Newest first, as the history lists it: a quick publish, then a full build before it.
const history = [
  record({ id: 'warm', mode: 'warm', timings: { build: 9_000, switch: 1_000 } }),
  record({ id: 'failed', state: 'failed', mode: 'full', timings: { build: 1 } }),
  record({
    id: 'full',
    mode: 'full',
    timings: { build: 140_000, compress: 18_000, switch: 1_000 },
  }),
];

describe('phaseTimes', () => {
  it('counts a publish from the last finished one of the same way', () => {
    // A quick publish said 2 min 39 s when it counted from the last full build.
    expect(phaseTimes(history, 'warm')).toEqual({ build: 9_000, switch: 1_000 });
    expect(phaseTimes(history, 'full')).toEqual({
      build: 140_000,
      compress: 18_000,
      switch: 1_000,
    });
  });

  it('takes the last finished publish when none went that way, and nothing without one', () => {
    expect(phaseTimes(history.slice(0, 1), 'full')).toEqual({ build: 9_000, switch: 1_000 });
    expect(phaseTimes([record({ kind: 'rollback', timings: { switch: 5 } })], 'warm')).toEqual({});
    expect(phaseTimes([], 'warm')).toEqual({});
  });
});

describe('PhaseClock', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it("counts from the full build's times once a quick publish turns into one", () => {
    const clock = new PhaseClock(phaseTimes(history, 'warm'));
    expect(clock.progress(0, 0).secondsLeft).toBe(10);
    clock.expect(phaseTimes(history, 'full'));
    expect(clock.progress(0, 0).secondsLeft).toBe(159);
    // Once pages are written, their own pace counts for the build.
    vi.setSystemTime(20_000);
    expect(clock.progress(100, 200).secondsLeft).toBe(
      secondsLeft('build', 20_000, 100, 200, phaseTimes(history, 'full')),
    );
  });
});
