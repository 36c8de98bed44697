import type { PublishPhase, PublishProgress, PublishRecord } from './types.ts';

/** The phases that follow each phase, whose last times add to the estimate. */
const LATER: Record<PublishPhase, PublishPhase[]> = {
  queued: ['build', 'search', 'compress', 'switch'],
  build: ['search', 'compress', 'switch'],
  search: ['compress', 'switch'],
  compress: ['switch'],
  switch: [],
  finished: [],
};

/**
 * Time left: the pages' own pace while they are written, the last publish's phase times
 * otherwise; null when there is nothing to go by yet.
 */
export function secondsLeft(
  phase: PublishPhase,
  inPhaseMs: number,
  pagesDone: number,
  pagesTotal: number,
  estimate: Partial<Record<PublishPhase, number>>,
): number | null {
  let current: number | undefined;
  if (phase === 'build' && pagesTotal > 0 && pagesDone >= 10) {
    current = (inPhaseMs / pagesDone) * Math.max(0, pagesTotal - pagesDone);
  } else if (estimate[phase] !== undefined) {
    current = Math.max(0, (estimate[phase] ?? 0) - inPhaseMs);
  }
  if (current === undefined) return null;
  const later = LATER[phase].reduce((sum, next) => sum + (estimate[next] ?? 0), 0);
  return Math.ceil((current + later) / 1000);
}

/** Milliseconds per phase: what a publish's time left is counted from. */
export type PhaseTimes = Partial<Record<PublishPhase, number>>;

/**
 * The phase times of the last finished publish of the way `mode` (issue 33, item 11): a quick
 * publish counted from the last full build said 2 min 39 s for a 12 s publish. Without one of
 * that way, the last finished publish's; without any, nothing (no time left is shown).
 * @param history newest first, as the history lists it
 * @example phaseTimes(history, 'warm') // { build: 9000, switch: 300 }
 */
export function phaseTimes(history: readonly PublishRecord[], mode: 'warm' | 'full'): PhaseTimes {
  const finished = history.filter(
    (record) => record.kind === 'publish' && record.state === 'done' && record.timings,
  );
  return (finished.find((record) => record.mode === mode) ?? finished[0])?.timings ?? {};
}

/**
 * One publish's phases as they pass: the time each took (the next publish's estimate) and the
 * progress to show, with the time left.
 */
export class PhaseClock {
  /** Milliseconds per phase that has ended. */
  readonly timings: Partial<Record<PublishPhase, number>> = {};
  #estimate: PhaseTimes;
  #phase: PublishPhase = 'build';
  #started = Date.now();

  /** @param estimate milliseconds per phase of the last publish like this one (phaseTimes) */
  constructor(estimate: PhaseTimes) {
    this.#estimate = estimate;
  }

  /** Counts the time left from other times: a quick publish that turned into a full build. */
  expect(estimate: PhaseTimes): void {
    this.#estimate = estimate;
  }

  get phase(): PublishPhase {
    return this.#phase;
  }

  /** Ends the current phase (its time goes into `timings`) and starts `next`. */
  enter(next: PublishPhase): void {
    this.timings[this.#phase] = Date.now() - this.#started;
    this.#phase = next;
    this.#started = Date.now();
  }

  /** The progress to show now, in the current phase. */
  progress(pagesDone: number, pagesTotal: number): PublishProgress {
    const inPhaseMs = Date.now() - this.#started;
    return {
      phase: this.#phase,
      pagesDone,
      pagesTotal,
      secondsLeft: secondsLeft(this.#phase, inPhaseMs, pagesDone, pagesTotal, this.#estimate),
    };
  }
}
