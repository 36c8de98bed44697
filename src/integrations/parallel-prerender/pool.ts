// The build process's side of the prerender worker threads (see ./index.ts): one thread, the
// pages it has in flight, and the memory log that watches them.
import { appendFileSync } from 'node:fs';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FromWorker, RenderDone, RenderJob, StoreJob, WorkerSetup } from './protocol.ts';

/**
 * Appends a line of JSON to `file` every 5 s while pages render (PRERENDER_MEMORY_LOG): the
 * build process's and each worker's V8 heap and the process's resident memory, in MB, and how
 * busy each thread's event loop was. The bench's peak is one number for the whole process
 * tree; this says which thread holds it, and whether the workers wait for pages.
 */
export function startMemoryLog(pool: readonly PrerenderWorker[], file: string): () => void {
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  const share = (value: number) => Math.round(value * 100) / 100;
  const started = Date.now();
  // Event-loop utilisation since the last line: a worker well under 1 waits for pages, so
  // rendering is held up in the build process, not by the workers.
  let mainLoop = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    void Promise.all(pool.map((worker) => worker.heapUsed())).then((workerHeaps) => {
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      const mainNow = performance.eventLoopUtilization();
      const line = {
        s: Math.round((Date.now() - started) / 1000),
        rss: mb(rss),
        heap: mb(heapUsed),
        external: mb(external),
        arrayBuffers: mb(arrayBuffers),
        workers: workerHeaps.map(mb),
        busy: share(performance.eventLoopUtilization(mainNow, mainLoop).utilization),
        workersBusy: pool.map((worker) => share(worker.loopUtilization())),
      };
      mainLoop = mainNow;
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    });
  }, 5000);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}

export class PrerenderWorker {
  readonly ready: Promise<void>;
  busy = 0;
  #worker: Worker;
  #nextId = 0;
  #pending = new Map<
    number,
    { resolve: (done: RenderDone) => void; reject: (error: Error) => void }
  >();
  #closing = false;
  #lastLoop: EventLoopUtilization;
  /** Set when the thread died: later pages fail at once instead of waiting forever. */
  failure: Error | undefined;

  constructor(setup: WorkerSetup, destination: { write(event: unknown): boolean }) {
    this.#worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: setup });
    this.#lastLoop = this.#worker.performance.eventLoopUtilization();
    this.ready = new Promise((resolve, reject) => {
      const onReady = (message: FromWorker) => {
        if (message.type !== 'ready') return;
        this.#worker.off('message', onReady);
        resolve();
      };
      this.#worker.on('message', onReady);
      this.#worker.once('error', reject);
    });
    this.#worker.on('message', (message: FromWorker) => {
      if (message.type === 'log') destination.write(message.event);
      if (message.type !== 'done' && message.type !== 'failed') return;
      const waiting = this.#pending.get(message.id);
      if (!waiting) return;
      this.#pending.delete(message.id);
      this.busy--;
      if (message.type === 'done') waiting.resolve(message);
      else waiting.reject(Object.assign(new Error(message.error.message), message.error));
    });
    this.#worker.on('error', (error) => this.#failAll(error));
    this.#worker.on('exit', (code) => {
      if (!this.#closing)
        this.#failAll(new Error(`A prerender worker stopped (exit code ${code}).`));
    });
  }

  render(job: Omit<RenderJob, 'type' | 'id'>): Promise<RenderDone> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.#nextId++;
    this.busy++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      try {
        this.#worker.postMessage({ type: 'render', id, ...job } satisfies RenderJob);
      } catch (error) {
        // Props that cannot be copied to a thread (a function, a class instance).
        this.#pending.delete(id);
        this.busy--;
        reject(
          new Error(`${job.url}: its props cannot be sent to a prerender worker.`, {
            cause: error,
          }),
        );
      }
    });
  }

  /** The share of the time since the last call that the worker's event loop was busy. */
  loopUtilization(): number {
    const now = this.#worker.performance.eventLoopUtilization();
    const since = this.#worker.performance.eventLoopUtilization(now, this.#lastLoop);
    this.#lastLoop = now;
    return since.utilization;
  }

  /** The worker's V8 heap in use, in bytes (0 once it has stopped). */
  async heapUsed(): Promise<number> {
    if (this.#closing || this.failure) return 0;
    return (await this.#worker.getHeapStatistics()).used_heap_size;
  }

  /** Sends the worker its content store (before its first page). */
  send(job: StoreJob) {
    this.#worker.postMessage(job);
  }

  async close() {
    this.#closing = true;
    await this.#worker.terminate();
  }

  #failAll(error: Error) {
    this.failure ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
    this.busy = 0;
  }
}
