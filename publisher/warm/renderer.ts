import { Worker } from 'node:worker_threads';
import type { WarmPath, WarmReply, WarmRequest, WarmUpdate, WarmWorkerData } from './protocol.ts';

type Reply<T extends WarmReply['type']> = Extract<WarmReply, { type: T }>;
/** Requests without their id, by op. */
type Ask = WarmRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The publisher's warm renderer ("a warm renderer that keeps the bundle and
 * store loaded"): one thread with the prerender bundle of the last full build (./worker.ts).
 * It answers one request at a time, in order.
 */
export class WarmRenderer {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (reply: WarmReply) => void; reject: (error: Error) => void }
  >();
  #nextId = 0;
  #failure: Error | undefined;
  #closing = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: WarmReply) => {
      if (reply.type === 'ready') return;
      if (reply.type === 'log') {
        this.onLog?.(reply.message);
        return;
      }
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (reply.type === 'failed') waiting.reject(new Error(reply.error));
      else waiting.resolve(reply);
    });
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => {
      if (!this.#closing) this.#fail(new Error(`The warm renderer stopped (exit code ${code}).`));
    });
  }

  /** Told of the bundle's warnings and errors and of records the sync skipped. */
  onLog: ((message: string) => void) | undefined;

  /** Loads the kept build of `data.rendererDir`; resolves once the bundle has loaded. */
  static start(data: WarmWorkerData): Promise<WarmRenderer> {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: data });
    const renderer = new WarmRenderer(worker);
    return new Promise((resolve, reject) => {
      const ready = (reply: WarmReply) => {
        if (reply.type !== 'ready') return;
        worker.off('message', ready);
        worker.off('error', reject);
        resolve(renderer);
      };
      worker.on('message', ready);
      worker.once('error', reject);
    });
  }

  /** Brings the store's products up to the change feed's newest change. */
  async update(): Promise<WarmUpdate> {
    return (await this.#ask<'update'>({ op: 'update' })).update;
  }

  /** Every path of the site from the store as it is now, with its key. */
  async paths(): Promise<WarmPath[]> {
    return (await this.#ask<'paths'>({ op: 'paths' })).paths;
  }

  async render(url: string, route: string): Promise<{ status: number; body: Buffer | null }> {
    const reply = await this.#ask<'render'>({ op: 'render', url, route });
    return { status: reply.status, body: reply.body ? Buffer.from(reply.body) : null };
  }

  async close(): Promise<void> {
    this.#closing = true;
    await this.#worker.terminate();
    this.#fail(new Error('The warm renderer was closed.'));
  }

  #ask<T extends Reply<WarmReply['type']>['type']>(request: Ask): Promise<Reply<T>> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve: (reply) => resolve(reply as Reply<T>), reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #fail(error: Error) {
    this.#failure ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }
}
