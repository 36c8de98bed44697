import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { CatalogueIndex } from '../catalog/catalogue-index.ts';
import { transaction } from '../db/open.ts';
import { filterReplyJson } from './filter-reply.ts';
import type { ReadJob, ReadReply, WorkerData } from './read-pool.ts';

/**
 * One read worker of read-pool.ts: its own connection to the store database (WAL lets it
 * read while the main thread writes), which writes nothing (`query_only`), and its own
 * catalogue index, which it builds before the first job so that job does not wait for it.
 */

const { file } = workerData as WorkerData;
const db = new DatabaseSync(file);
db.exec('PRAGMA busy_timeout = 5000');
db.exec('PRAGMA query_only = 1');
transaction(db, () => CatalogueIndex.of(db));

const jobs: Record<ReadJob['kind'], (search: string) => string> = {
  filter: (search) => filterReplyJson(db, search),
};

parentPort?.on('message', (job: ReadJob) => {
  let reply: ReadReply;
  try {
    reply = { id: job.id, json: jobs[job.kind](job.search) };
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
parentPort?.postMessage({ ready: true });
