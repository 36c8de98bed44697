import { Worker } from 'node:worker_threads';
import type { SearchIndexReport } from './search-index.ts';

/** What a search thread is asked to index (./search-worker.ts): writeSearchIndex's arguments. */
export interface SearchJob {
  outDir: string;
  live?: string | undefined;
}

export type SearchThreadRequest =
  { type: 'index'; id: number; job: SearchJob } | { type: 'abort'; id: number };

/** What it answers, per job. */
export type SearchThreadReply =
  | { type: 'done'; id: number; report: SearchIndexReport }
  | { type: 'failed'; id: number; error: string };

/**
 * writeSearchIndex (./search-index.ts) in a thread of its own, below the process's other
 * threads: at 100,000 products a warm publish parses 70 MB of records and makes the
 * suggestion index again, 5 s of work that blocked the thread rendering the changed pages
 * beside it. The warm publisher keeps one between publishes: a thread per publish spent 1.2 s
 * loading its modules, and a kept one holds the records of the release it indexed last, which
 * the next publish compares with (1 s of reading and parsing them again). One job at a time,
 * in order; the thread keeps the process alive only while it has a job.
 */
export class SearchThread {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (report: SearchIndexReport) => void; reject: (error: Error) => void }
  >();
  #nextId = 0;
  #failure: Error | undefined;

  constructor() {
    this.#worker = new Worker(new URL('./search-worker.ts', import.meta.url));
    this.#worker.unref();
    this.#worker.on('message', (reply: SearchThreadReply) => {
      const waiting = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (!this.#pending.size) this.#worker.unref();
      if (reply.type === 'done') waiting?.resolve(reply.report);
      else waiting?.reject(new Error(reply.error));
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) =>
      this.#fail(new Error(`The search index thread stopped (exit code ${code}).`)),
    );
  }

  /** False once the thread stopped or was closed: a new one is needed. */
  get alive(): boolean {
    return this.#failure === undefined;
  }

  /**
   * The search index of `job.outDir`'s records. `signal` stops it between shards; the promise
   * settles once the thread has stopped writing.
   */
  index(job: SearchJob, signal?: AbortSignal): Promise<SearchIndexReport> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    const abort = () => this.#post({ type: 'abort', id });
    return new Promise<SearchIndexReport>((resolve, reject) => {
      // Held while it works: a process with nothing else to do waits for the index.
      if (!this.#pending.size) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#post({ type: 'index', id, job });
      if (signal?.aborted) abort();
      else signal?.addEventListener('abort', abort, { once: true });
    }).finally(() => signal?.removeEventListener('abort', abort));
  }

  async close(): Promise<void> {
    this.#fail(new Error('The search index thread was closed.'));
    await this.#worker.terminate();
  }

  #post(request: SearchThreadRequest) {
    this.#worker.postMessage(request);
  }

  #fail(error: Error) {
    this.#failure ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(this.#failure);
    this.#pending.clear();
  }
}

/**
 * One search index in `thread` when it is alive, else in a thread of its own for this job.
 */
export async function searchIndexApart(
  job: SearchJob,
  signal?: AbortSignal,
  thread?: SearchThread,
): Promise<SearchIndexReport> {
  if (thread?.alive) return thread.index(job, signal);
  const own = new SearchThread();
  try {
    return await own.index(job, signal);
  } finally {
    await own.close();
  }
}
