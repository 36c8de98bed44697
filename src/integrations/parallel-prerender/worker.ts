// One prerender worker (see ./index.ts): loads Astro's prerender bundle, as Astro's own
// default prerenderer does in the build process, and renders the pages it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import { loadPrerenderBundle } from './bundle.ts';
import type { FromWorker, RenderJob, WorkerSetup } from './protocol.ts';

if (!parentPort) throw new Error('The prerender worker runs only as a worker thread.');
const port = parentPort;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

const bundle = await loadPrerenderBundle(workerData as WorkerSetup, (event) =>
  post({ type: 'log', event }),
);

async function render(job: RenderJob) {
  const page = await bundle.render(job.url, job.route, job.collectMetadata);
  post({ type: 'done', id: job.id, ...page }, page.body ? [page.body] : []);
}

port.on('message', (job: RenderJob) => {
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
