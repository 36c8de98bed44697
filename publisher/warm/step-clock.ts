/** Milliseconds of each step of a publish, in order, for its log. */
export class StepClock {
  readonly record: Record<string, number> = {};
  #lap = Date.now();

  /** Ends the step `name`, which began where the last one ended. */
  end(name: string): void {
    const now = Date.now();
    this.record[name] = now - this.#lap;
    this.#lap = now;
  }

  /** Ends `name` at `at`, a time taken elsewhere: 0 when it ended before the last step did. */
  endAt(name: string, at: number): void {
    this.record[name] = Math.max(0, at - this.#lap);
    this.#lap = Math.max(this.#lap, at);
  }

  /** The next step begins now (what came between was timed on its own). */
  restart(): void {
    this.#lap = Date.now();
  }

  /** A step that runs beside the others, timed from its own start to its end. */
  async timed<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await work();
    } finally {
      this.record[name] = Date.now() - started;
    }
  }
}
