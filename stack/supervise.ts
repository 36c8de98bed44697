import { setTimeout as wait } from 'node:timers/promises';

/** How a process ended: its exit code, or the signal that killed it. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A process the stack runs (the API, nginx's master), as supervise sees it. */
export interface Supervisable {
  pid: number;
  /** Resolves when the process has ended, whoever ended it. */
  exited: Promise<ProcessExit>;
  /** Stops it on purpose. */
  close: () => Promise<void>;
}

export interface RestartPolicy {
  /** The wait before a first restart; it doubles with each crash in a row. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A process that stayed up this long before it ended starts the count of crashes again. */
  stableMs: number;
  /** Crashes in a row (each before `stableMs`) after which supervision gives up. */
  maxRestarts: number;
}

/**
 * 0.5, 1, 2, 4, 8 s: a process that crashes at once is tried five times in about 16 s, then
 * the start gives up and exits non-zero, so that a service manager (systemd) takes over.
 */
export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 500,
  maxDelayMs: 30_000,
  stableMs: 60_000,
  maxRestarts: 5,
};

export interface SuperviseOptions<T extends Supervisable> {
  /** What the log lines call it: 'The API process', 'nginx'. */
  name: string;
  /** Starts a new one (same port, same configuration); rejects when it cannot. */
  start: () => Promise<T>;
  log: (line: string) => void;
  /** Told once, when supervision gives up, with the reason. */
  onGiveUp: (error: Error) => void;
  policy?: Partial<RestartPolicy>;
  /** When set and true, an exit is not restarted: the whole stack is stopping. */
  stopping?: () => boolean;
  now?: () => number;
  /** Waits `ms`; rejects when `signal` aborts (a close during the wait). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<unknown>;
}

export interface Supervision<T> {
  /** The latest process (it may have ended, with a restart under way). */
  current: () => T;
  /**
   * The running process: the one a restart under way brings, once it is up. Rejects when that
   * restart was given up or cut short by close().
   */
  running: () => Promise<T>;
  /** Stops supervising and stops the process; a process that ends after this stays ended. */
  close: () => Promise<void>;
  /** Resolves when the last process has ended and none follows (closed, or given up). */
  ended: Promise<ProcessExit>;
}

/** 'signal SIGKILL' or 'code 1'. */
export const describeExit = (exit: ProcessExit): string =>
  exit.signal ? `signal ${exit.signal}` : `code ${String(exit.code)}`;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/**
 * Restarts `first`, and each process after it, when it ends unasked: after a delay that
 * doubles with each crash in a row, saying each time why and when. A process that stayed up
 * `stableMs` starts the count again; `maxRestarts` crashes in a row (a restart that fails
 * counts as one) give up with the reason. close() is never followed by a restart.
 * @example const api = supervise(await startApiProcess(o), { name: 'The API process', start, log, onGiveUp });
 */
export function supervise<T extends Supervisable>(
  first: T,
  options: SuperviseOptions<T>,
): Supervision<T> {
  const policy = { ...DEFAULT_RESTART_POLICY, ...options.policy };
  const now = options.now ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number, signal: AbortSignal) => wait(ms, undefined, { signal }));
  const closing = new AbortController();
  let current = first;
  let startedAt = now();
  let crashes = 0;
  let ready: Promise<T> = Promise.resolve(first);
  let finish: (exit: ProcessExit) => void = () => {};
  const ended = new Promise<ProcessExit>((resolve) => (finish = resolve));
  const stopped = () => closing.signal.aborted || (options.stopping?.() ?? false);

  async function restart(exit: ProcessExit, pid: number): Promise<T> {
    const upMs = now() - startedAt;
    if (upMs >= policy.stableMs) crashes = 0;
    let cause = `process ${String(pid)} ended with ${describeExit(exit)} after ${seconds(upMs)}`;
    for (;;) {
      crashes += 1;
      if (crashes > policy.maxRestarts) {
        throw new Error(
          `${options.name} did not stay up: ${String(policy.maxRestarts)} restarts in a row failed (last: ${cause}); giving up.`,
        );
      }
      const delay = Math.min(policy.firstDelayMs * 2 ** (crashes - 1), policy.maxDelayMs);
      options.log(
        `${options.name}: ${cause}; restarting it in ${seconds(delay)} (restart ${String(crashes)} of ${String(policy.maxRestarts)} in a row).`,
      );
      await sleep(delay, closing.signal);
      if (stopped()) throw new Error(`${options.name} is stopping.`);
      try {
        const next = await options.start();
        if (stopped()) {
          await next.close();
          throw new Error(`${options.name} is stopping.`);
        }
        current = next;
        startedAt = now();
        options.log(`${options.name} is back (process ${String(next.pid)}).`);
        return next;
      } catch (error) {
        if (stopped()) throw error;
        cause = `its restart failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
  }

  function watch(child: T): void {
    void child.exited.then((exit) => {
      if (stopped()) {
        finish(exit);
        return;
      }
      ready = restart(exit, child.pid);
      ready.then(watch, (error: unknown) => {
        finish(exit);
        if (!stopped()) options.onGiveUp(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }
  watch(first);

  return {
    current: () => current,
    running: () => ready,
    close: async () => {
      closing.abort();
      // A restart under way either gave its process to current or closes it itself.
      await ready.catch(() => {});
      await current.close();
      finish(await current.exited);
    },
    ended,
  };
}
