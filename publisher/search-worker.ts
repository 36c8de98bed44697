// The search index's thread (./search-thread.ts): writeSearchIndex, then the report.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThread } from './priority.ts';
import { writeSearchIndex } from './search-index.ts';
import type { SearchThreadData, SearchThreadReply } from './search-thread.ts';

if (!parentPort) throw new Error('The search index runs only as a worker thread.');
const port = parentPort;
// Below the web server and the API, as the warm renderer's thread (issue 33, item 7).
lowerThisThread();
const data = workerData as SearchThreadData;
const stop = new AbortController();
port.on('message', (message) => {
  if (message === 'abort') stop.abort();
});
const reply = (message: SearchThreadReply) => {
  port.postMessage(message);
  port.close();
};
writeSearchIndex(data.outDir, { ...(data.live ? { live: data.live } : {}), signal: stop.signal })
  .then((report) => reply({ type: 'done', report }))
  .catch((error: unknown) =>
    reply({
      type: 'failed',
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
