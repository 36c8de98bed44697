import { describe, expect, it } from 'vitest';
import { supervise, type ProcessExit, type RestartPolicy, type Supervisable } from './supervise.ts';

let nextPid = 100;

/** A process that ends when the test says (crash) or when closed. */
class FakeProcess implements Supervisable {
  readonly pid = nextPid++;
  closed = false;
  #end: (exit: ProcessExit) => void = () => {};
  readonly exited = new Promise<ProcessExit>((resolve) => (this.#end = resolve));
  crash(exit: ProcessExit = { code: null, signal: 'SIGKILL' }) {
    this.#end(exit);
  }
  close = async () => {
    this.closed = true;
    this.#end({ code: 0, signal: null });
    await this.exited;
  };
}

/** A supervised fake with a clock that the waits move on, and everything it said. */
function harness(
  options: {
    policy?: Partial<RestartPolicy>;
    failStarts?: number;
    stopping?: () => boolean;
    /** Waits that do not end by themselves (a close comes during one). */
    blockingSleep?: boolean;
  } = {},
) {
  let clock = 0;
  let failStarts = options.failStarts ?? 0;
  const sleeps: number[] = [];
  const lines: string[] = [];
  const gaveUp: Error[] = [];
  const started: FakeProcess[] = [];
  const first = new FakeProcess();
  const supervision = supervise(first, {
    name: 'The API process',
    start: () => {
      if (failStarts-- > 0) return Promise.reject(new Error('port 4322 is in use'));
      const process = new FakeProcess();
      started.push(process);
      return Promise.resolve(process);
    },
    log: (line) => lines.push(line),
    onGiveUp: (error) => gaveUp.push(error),
    ...(options.policy ? { policy: options.policy } : {}),
    ...(options.stopping ? { stopping: options.stopping } : {}),
    now: () => clock,
    sleep: (ms, signal) => {
      sleeps.push(ms);
      if (options.blockingSleep) {
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      }
      clock += ms;
      return Promise.resolve();
    },
  });
  const latest = () => started.at(-1) ?? first;
  /** Crashes the latest process and waits until supervision has reacted. */
  const crashLatest = async (exit?: ProcessExit) => {
    const before = started.length;
    const given = gaveUp.length;
    latest().crash(exit);
    await expect
      .poll(() => started.length > before || gaveUp.length > given || failStarts < 0)
      .toBe(true);
  };
  return {
    supervision,
    first,
    started,
    sleeps,
    lines,
    gaveUp,
    crashLatest,
    advance: (ms: number) => (clock += ms),
  };
}

describe('supervise', () => {
  it('restarts a process that ends unasked, and says why and when', async () => {
    const { supervision, first, started, lines, crashLatest } = harness();
    await crashLatest();
    expect(started).toHaveLength(1);
    expect(await supervision.running()).toBe(started[0]);
    expect(supervision.current()).toBe(started[0]);
    expect(lines).toEqual([
      `The API process: process ${String(first.pid)} ended with signal SIGKILL after 0.0 s; restarting it in 0.5 s (restart 1 of 5 in a row).`,
      `The API process is back (process ${String(started[0]?.pid)}).`,
    ]);
  });

  it('doubles the wait with each crash in a row, then gives up with the reason', async () => {
    const { supervision, sleeps, gaveUp, crashLatest, started } = harness();
    for (let i = 0; i < 5; i++) await crashLatest({ code: 1, signal: null });
    expect(sleeps).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(gaveUp).toEqual([]);
    await crashLatest({ code: 1, signal: null });
    expect(started).toHaveLength(5);
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]?.message).toMatch(
      /^The API process did not stay up: 5 restarts in a row failed \(last: process \d+ ended with code 1 after 0\.0 s\); giving up\.$/,
    );
    await expect(supervision.running()).rejects.toThrow(/did not stay up/);
    expect(await supervision.ended).toEqual({ code: 1, signal: null });
  });

  it('starts the count again once a process has stayed up a while', async () => {
    const { sleeps, crashLatest, advance } = harness({ policy: { stableMs: 60_000 } });
    await crashLatest();
    await crashLatest();
    advance(60_000);
    await crashLatest();
    expect(sleeps).toEqual([500, 1000, 500]);
  });

  it('counts a restart that fails as a crash and tries again', async () => {
    const { supervision, sleeps, lines, started, first } = harness({ failStarts: 2 });
    first.crash();
    await expect.poll(() => started.length).toBe(1);
    expect(await supervision.running()).toBe(started[0]);
    expect(sleeps).toEqual([500, 1000, 2000]);
    expect(lines[1]).toBe(
      'The API process: its restart failed: port 4322 is in use; restarting it in 1.0 s (restart 2 of 5 in a row).',
    );
  });

  it('caps the wait at maxDelayMs', async () => {
    const { sleeps, crashLatest } = harness({
      policy: { firstDelayMs: 10_000, maxDelayMs: 15_000, maxRestarts: 3 },
    });
    for (let i = 0; i < 3; i++) await crashLatest();
    expect(sleeps).toEqual([10_000, 15_000, 15_000]);
  });

  it('never restarts after close()', async () => {
    const { supervision, first, started, gaveUp } = harness();
    await supervision.close();
    expect(first.closed).toBe(true);
    expect(await supervision.ended).toEqual({ code: 0, signal: null });
    expect(started).toEqual([]);
    expect(gaveUp).toEqual([]);
  });

  it('does not restart when a close comes during the wait', async () => {
    const { supervision, first, started, sleeps, gaveUp } = harness({ blockingSleep: true });
    first.crash();
    await expect.poll(() => sleeps.length).toBe(1);
    await supervision.close();
    expect(started).toEqual([]);
    expect(gaveUp).toEqual([]);
    await expect(supervision.running()).rejects.toThrow();
  });

  it('does not restart while the whole stack stops', async () => {
    let stopping = false;
    const { supervision, first, started, sleeps } = harness({ stopping: () => stopping });
    stopping = true;
    first.crash({ code: 0, signal: null });
    expect(await supervision.ended).toEqual({ code: 0, signal: null });
    expect(sleeps).toEqual([]);
    expect(started).toEqual([]);
  });
});
