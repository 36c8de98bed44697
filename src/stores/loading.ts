import { atom, computed, task } from 'nanostores';

/** How many tracked fetches are running now. */
export const $pendingLoads = atom(0);

/**
 * True while any tracked fetch runs (spec storefront 4: "A loading bar starts and finishes
 * around fetches"; account-and-shell 4: false afterwards, even on failure).
 */
export const $loading = computed($pendingLoads, (pending) => pending > 0);

/** One fetch started. */
export function startLoading(): void {
  $pendingLoads.set($pendingLoads.get() + 1);
}

/** One fetch finished; never goes below zero. */
export function finishLoading(): void {
  $pendingLoads.set(Math.max(0, $pendingLoads.get() - 1));
}

/**
 * Shows the loading bar while `work` runs and passes its result or failure through.
 * @example const reply = await trackLoading(requestJson('POST', '/api/quoteRequests', { body }));
 */
export function trackLoading<T>(work: Promise<T>): Promise<T> {
  startLoading();
  return task(async () => {
    try {
      return await work;
    } finally {
      finishLoading();
    }
  });
}
