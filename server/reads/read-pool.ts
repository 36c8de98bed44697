import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Slow reads on worker threads ("At 100,000 products"). node:sqlite is
 * synchronous: a filter read on the main thread holds every request behind it, a product by
 * handle included. The pool runs those reads on worker threads, each with its own read
 * connection (read-worker.ts); the main thread keeps the writes and the cheap calls, and
 * only waits for a message meanwhile. A worker sees every write committed before its job
 * starts (WAL: each job reads one fresh snapshot).
 *
 * @example const reads = startReadPool({ file: databaseFile(dataDir) });
 *   const json = await reads.run('filter', '?q=wheel'); ... await reads.close();
 */

/** What a worker can be asked to read. */
export interface ReadJob {
  id: number;
  kind: 'filter';
  /** The query string of the call, `?q=wheel&limit=24`. */
  search: string;
}

/** A worker's answer: the JSON body, or the message of what went wrong. */
export type ReadReply = { id: number; json: string } | { id: number; error: string };

export interface WorkerData {
  file: string;
}

export interface ReadPool {
  /** The JSON body of a read, from the least busy worker. */
  run: (kind: ReadJob['kind'], search: string) => Promise<string>;
  /** Resolves once every worker has opened its connection and built its index. */
  ready: Promise<void>;
  close: () => Promise<void>;
}

export interface ReadPoolOptions {
  /** The store database file (not ':memory:': workers open it themselves). */
  file: string;
  /** Worker threads; one per core by default. */
  size?: number | undefined;
}

interface Slot {
  worker: Worker;
  /** Set once the worker has opened its connection and built its index. */
  ready: boolean;
  pending: Map<number, { resolve: (json: string) => void; reject: (error: Error) => void }>;
}

/** Starts the workers; they build their catalogue index at once, in the background. */
export function startReadPool({ file, size = availableParallelism() }: ReadPoolOptions): ReadPool {
  let next = 0;
  let closing = false;
  const readies: Promise<void>[] = [];
  const spawn = (): Slot => {
    const worker = new Worker(new URL('./read-worker.ts', import.meta.url), {
      workerData: { file } satisfies WorkerData,
    });
    const slot: Slot = { worker, ready: false, pending: new Map() };
    readies.push(
      new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.once('exit', () => resolve());
      }),
    );
    worker.on('message', (reply: ReadReply | { ready: true }) => {
      if (!('id' in reply)) {
        slot.ready = true;
        return;
      }
      const job = slot.pending.get(reply.id);
      slot.pending.delete(reply.id);
      if ('json' in reply) job?.resolve(reply.json);
      else job?.reject(new Error(reply.error));
    });
    // A worker that dies fails its jobs instead of leaving them waiting, and is replaced; one
    // that could not start (no database file) is not, or it would be started again forever.
    worker.on('error', (error) => fail(slot, error));
    worker.on('exit', (code) => {
      fail(slot, new Error(`read worker exited with code ${String(code)}`));
      const at = slots.indexOf(slot);
      if (at < 0 || closing) return;
      if (slot.ready) slots[at] = spawn();
      else slots.splice(at, 1);
    });
    return slot;
  };
  const fail = (slot: Slot, error: Error) => {
    for (const job of slot.pending.values()) job.reject(error);
    slot.pending.clear();
  };
  const slots = Array.from({ length: Math.max(1, size) }, spawn);
  return {
    ready: Promise.all(readies).then(() => undefined),
    run(kind, search) {
      if (closing) return Promise.reject(new Error('the read pool is closed'));
      const slot = slots.reduce<Slot | undefined>(
        (a, b) => (a && a.pending.size <= b.pending.size ? a : b),
        undefined,
      );
      if (!slot) return Promise.reject(new Error('no read worker could start'));
      const id = (next += 1);
      return new Promise<string>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        slot.worker.postMessage({ id, kind, search } satisfies ReadJob);
      });
    },
    async close() {
      closing = true;
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
