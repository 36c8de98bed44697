import type { Timers } from '../accounts/mail-queue.ts';

/**
 * A clock and timers that move only when a test says so: `advance(ms)` moves the clock and
 * runs, in time order, every timer that came due (so no test sleeps).
 *
 * @example
 * const clock = fakeClock(Date.parse('2026-11-22T12:00:00Z'));
 * const queue = new MailQueue({ db, transport, now: clock.now, timers: clock.timers });
 * clock.advance(10_000); // runs the retry that was due in 10 s
 */
export function fakeClock(start: number) {
  let now = start;
  let nextId = 1;
  const waiting = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    set: (run, ms) => {
      const id = nextId++;
      waiting.set(id, { at: now + Math.max(0, ms), run });
      return id;
    },
    clear: (handle) => {
      waiting.delete(handle as number);
    },
  };
  return {
    now: () => now,
    timers,
    /** Moves the clock by `ms`, running each timer that comes due, earliest first. */
    advance(ms: number): void {
      const until = now + ms;
      for (;;) {
        const due = [...waiting].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at);
        const [first] = due;
        if (first === undefined) break;
        const [id, timer] = first;
        waiting.delete(id);
        now = Math.max(now, timer.at);
        timer.run();
      }
      now = until;
    },
    /** Milliseconds from now to each timer still waiting, soonest first. */
    pending: (): number[] => [...waiting.values()].map((t) => t.at - now).sort((a, b) => a - b),
  };
}
