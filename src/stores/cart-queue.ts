/** One cart call waiting in the queue. */
export type CartJob =
  | { kind: 'load' }
  | { kind: 'add'; inventoryLevelId: number; quantity: number }
  | { kind: 'set'; inventoryLevelId: number; quantity: number }
  | { kind: 'remove'; lineItemId: number }
  | { kind: 'discount'; method: 'POST' | 'DELETE'; code: string };

interface Queued {
  job: CartJob;
  waiters: { resolve: () => void; reject: (error: unknown) => void }[];
}

/** What the queue does with its jobs, and whom it tells. */
export interface CartQueueHooks {
  /** Runs one job against the newest state; true when it asked the server to change. */
  run: (job: CartJob) => Promise<boolean>;
  /** A job joined the queue (the cart is busy until as many have settled). */
  onQueued: () => void;
  /** A job settled, done or failed. */
  onSettled: () => void;
  /** The server's cart may have changed: other tabs should reload theirs. */
  onChanged: () => void;
}

/** The queue: `enqueue` waits for its job; `push` does not. */
export interface CartQueue {
  enqueue: (job: CartJob) => Promise<void>;
  push: (job: CartJob) => void;
}

/**
 * The cart's one queue. Every call (reads too) runs after the previous one ended, so replies
 * arrive in the order the shopper acted: a late reply can never bring back a removed line,
 * and two adds never race into two lines. Only the newest queued job may absorb a new one, so
 * the order of effects never changes: a second reload adds nothing, and a newer quantity for
 * the same item replaces the older one that has not started (ten presses of + send the last
 * number, not ten calls). A failed change may still have happened (the reply was lost after
 * its retries), so a reload follows it and other tabs are told.
 */
export function cartQueue(hooks: CartQueueHooks): CartQueue {
  const queue: Queued[] = [];
  let running = false;

  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const { job, waiters } = next;
        try {
          if (await hooks.run(job)) hooks.onChanged();
          for (const waiter of waiters) waiter.resolve();
        } catch (error) {
          if (job.kind !== 'load') {
            hooks.onChanged();
            if (!queue.some((queued) => queued.job.kind === 'load')) push({ kind: 'load' });
          }
          for (const waiter of waiters) waiter.reject(error);
        }
        hooks.onSettled();
      }
    } finally {
      running = false;
    }
  }

  function push(job: CartJob, waiter?: Queued['waiters'][number]): void {
    const waiters = waiter === undefined ? [] : [waiter];
    const last = queue.at(-1);
    if (last !== undefined && job.kind === 'load' && last.job.kind === 'load') {
      last.waiters.push(...waiters);
      return;
    }
    if (
      last !== undefined &&
      job.kind === 'set' &&
      last.job.kind === 'set' &&
      last.job.inventoryLevelId === job.inventoryLevelId
    ) {
      last.job = job;
      last.waiters.push(...waiters);
      return;
    }
    queue.push({ job, waiters });
    hooks.onQueued();
    void drain();
  }

  return {
    push: (job) => push(job),
    enqueue: (job) =>
      new Promise<void>((resolve, reject) => {
        push(job, { resolve, reject });
      }),
  };
}
