// The search index's thread (./search-thread.ts): writeSearchIndex per job, then its report.
import { stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { SearchRecord } from '../src/lib/search/search-record.ts';
import { lowerThisThread } from './priority.ts';
import { KEPT_SEARCH_RECORDS, SEARCH_RECORDS_PATH, writeSearchIndex } from './search-index.ts';
import { SuggestIndex, type KeptSuggestIndex } from './suggest-index.ts';
import type { SearchJob, SearchThreadReply, SearchThreadRequest } from './search-thread.ts';

if (!parentPort) throw new Error('The search index runs only as a worker thread.');
const port = parentPort;
// Below the web server and the API, as the warm renderer's thread (issue 33, item 7).
lowerThisThread();

/**
 * The records of the release this thread indexed last, and the identity of the file they
 * were kept in (KEPT_SEARCH_RECORDS): when that release is the live one a job follows, they
 * are its kept records, and the suggestion index held with them is that release's. Every index
 * renames a new file there, and a release's copy links it, so the same device, inode, size and
 * time mean the same records.
 */
let last: { file: string; records: SearchRecord[]; suggest: KeptSuggestIndex } | undefined;

async function identity(file: string): Promise<string | undefined> {
  const info = await stat(file).catch(() => undefined);
  return info && `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;
}

async function index(job: SearchJob, signal: AbortSignal) {
  const records = JSON.parse(
    await readFile(join(job.outDir, SEARCH_RECORDS_PATH), 'utf8'),
  ) as SearchRecord[];
  const held = last;
  last = undefined;
  const follows =
    job.live && held && held.file === (await identity(join(job.live, KEPT_SEARCH_RECORDS)))
      ? held
      : undefined;
  // With its suggestion index, which the job brings up to the new records or makes anew.
  const suggest = follows?.suggest ?? {};
  const report = await writeSearchIndex(job.outDir, {
    records,
    ...(job.live ? { live: job.live } : {}),
    ...(follows ? { kept: follows.records } : {}),
    suggest,
    signal,
  });
  const file = await identity(join(job.outDir, KEPT_SEARCH_RECORDS));
  if (file) last = { file, records, suggest };
  return report;
}

const stops = new Map<number, AbortController>();
let queue = Promise.resolve();
const reply = (message: SearchThreadReply) => port.postMessage(message);

port.on('message', (request: SearchThreadRequest) => {
  if (request.type === 'abort') {
    stops.get(request.id)?.abort();
    return;
  }
  const stop = new AbortController();
  stops.set(request.id, stop);
  queue = queue.then(async () => {
    try {
      stop.signal.throwIfAborted();
      reply({ type: 'done', id: request.id, report: await index(request.job, stop.signal) });
    } catch (error) {
      reply({
        type: 'failed',
        id: request.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    } finally {
      stops.delete(request.id);
    }
  });
  queue = queue.then(keepSuggestIndex);
});

/**
 * When a job left no suggestion index in memory (a price change after a restart or a full
 * build writes only the documents chunks), the index of its records is made once the reply
 * is sent, so that the next product added or removed changes it rather than making it whole
 * during a publish (6 s at 100,000 products). Its files are those of that release's index.
 */
function keepSuggestIndex() {
  if (last && !last.suggest.index) last.suggest.index = SuggestIndex.of(last.records);
}
