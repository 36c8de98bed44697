import { Worker } from 'node:worker_threads';
import type { SearchIndexReport } from './search-index.ts';

/** What a search thread is asked (./search-worker.ts): writeSearchIndex's arguments. */
export interface SearchThreadData {
  outDir: string;
  live?: string | undefined;
}

/** What it answers. */
export type SearchThreadReply =
  { type: 'done'; report: SearchIndexReport } | { type: 'failed'; error: string };

/**
 * writeSearchIndex (./search-index.ts) in a thread of its own, below the process's other
 * threads: at 100,000 products a warm publish parses 70 MB of records and makes the
 * suggestion index again, 5 s of work that blocked the thread rendering the changed pages
 * beside it. `signal` stops it between shards; the promise settles once the thread has
 * stopped writing.
 */
export function searchIndexApart(
  data: SearchThreadData,
  signal?: AbortSignal,
): Promise<SearchIndexReport> {
  const worker = new Worker(new URL('./search-worker.ts', import.meta.url), { workerData: data });
  const abort = () => worker.postMessage('abort');
  signal?.addEventListener('abort', abort, { once: true });
  return new Promise<SearchIndexReport>((resolve, reject) => {
    let answered = false;
    worker.once('message', (reply: SearchThreadReply) => {
      answered = true;
      if (reply.type === 'done') resolve(reply.report);
      else reject(new Error(reply.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The search index thread stopped (exit code ${code}).`));
    });
  }).finally(() => signal?.removeEventListener('abort', abort));
}
