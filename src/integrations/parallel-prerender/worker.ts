// One prerender worker (see ./index.ts): loads Astro's prerender bundle, as Astro's own
// default prerenderer does in the build process, and renders the pages it is sent with the
// params and props the build process made, from the collections the build process sent.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { loadPrerenderBundle } from './bundle.ts';
import { loadContentModule, storeSingleton, WorkerContentStore } from './content-store.ts';
import type { FromWorker, RenderJob, StoreJob, ToWorker, WorkerSetup } from './protocol.ts';

if (!parentPort) throw new Error('The prerender worker runs only as a worker thread.');
const port = parentPort;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);
const setup = workerData as WorkerSetup;

const bundle = await loadPrerenderBundle(setup, (event) => post({ type: 'log', event }));

/** The store this worker's pages read; until the build process sends it, the bundle's own. */
let storeInstalled: Promise<void> = Promise.resolve();

async function installStore(job: StoreJob) {
  await loadContentModule(dirname(fileURLToPath(setup.entryUrl)));
  const singleton = storeSingleton();
  if (!singleton) throw new Error('The prerender bundle does not expose its content store.');
  singleton.set(
    new WorkerContentStore(
      new Map(job.collections.map(([name, entries]) => [name, new Map(entries)])),
      job.withheld,
    ),
  );
}

async function render(job: RenderJob) {
  await storeInstalled;
  const page = await bundle.render(job.url, job.route, job.collectMetadata, job.path);
  post({ type: 'done', id: job.id, ...page }, page.body ? [page.body] : []);
}

port.on('message', (job: ToWorker) => {
  if (job.type === 'store') {
    storeInstalled = installStore(job);
    return;
  }
  render(job).catch((error: unknown) => {
    const err = error instanceof Error ? error : new Error(String(error));
    post({
      type: 'failed',
      id: job.id,
      error: { name: err.name, message: err.message, ...(err.stack ? { stack: err.stack } : {}) },
    });
  });
});
post({ type: 'ready' });
