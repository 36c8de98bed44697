import type { ChildProcess } from 'node:child_process';

/**
 * Clean-up processes a publish stops while it runs (old releases' `rm -rf`): removing a
 * release of 100,000 pages is a minute of the file system's work, and side by side with a
 * publish it slowed the release copy five times (71 s instead of 15). `nice` alone does not
 * help: the contention is in the file system, not for the processor. Stopped (SIGSTOP) and
 * continued (SIGCONT), the removal picks up where it was; the releases it removes are never
 * live, so a half-removed one harms nothing.
 */
export class BackgroundWork {
  readonly #children = new Set<ChildProcess>();
  #pauses = 0;
  #resumed: PromiseWithResolvers<void> | undefined;

  /** Whether a publish holds the work paused. */
  get paused(): boolean {
    return this.#pauses > 0;
  }

  /** Settles once the work is not paused: the moment to start a new process. */
  async idle(): Promise<void> {
    while (this.#resumed) await this.#resumed.promise;
  }

  /**
   * Tracks a child process, stopped and continued with the work from then on; stopped now if
   * the work is paused (start processes after idle(), so that none runs meanwhile).
   */
  add(child: ChildProcess): void {
    if (child.exitCode !== null || child.signalCode !== null) return;
    this.#children.add(child);
    child.once('exit', () => this.#children.delete(child));
    if (this.paused) child.kill('SIGSTOP');
  }

  /** Stops the tracked processes until as many resume() calls. */
  pause(): void {
    if (this.#pauses++ > 0) return;
    this.#resumed = Promise.withResolvers();
    this.#signal('SIGSTOP');
  }

  resume(): void {
    if (this.#pauses === 0 || --this.#pauses > 0) return;
    this.#signal('SIGCONT');
    this.#resumed?.resolve();
    this.#resumed = undefined;
  }

  #signal(signal: NodeJS.Signals) {
    for (const child of this.#children) child.kill(signal);
  }
}
