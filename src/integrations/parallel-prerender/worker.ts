// One prerender worker (see ./index.ts): loads Astro's prerender bundle, as Astro's own
// default prerenderer does in the build process, and renders the pages it is sent.
import { AsyncLocalStorage } from 'node:async_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { collectPrerenderMetadata, installRenderScope } from 'astro/app';
import type { FromWorker, RenderJob, WorkerSetup } from './protocol.ts';
import { routeKey } from './protocol.ts';

interface RouteData {
  route: string;
  component: string;
  type: string;
}

interface BuildApp {
  manifest: { routes: { routeData: RouteData }[] };
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
  logger: Parameters<typeof collectPrerenderMetadata>[1];
}

if (!parentPort) throw new Error('The prerender worker runs only as a worker thread.');
const port = parentPort;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

const setup = workerData as WorkerSetup;
const { app } = (await import(setup.entryUrl)) as { app: BuildApp };

// The two parts of Astro's build state a render reads (astro/dist/core/build/environment.js,
// headElements): each page's stylesheets by page data key, and the build's scripts. The
// page script's bundle name is in the manifest the bundle already carries.
app.setInternals({
  pagesByKeys: new Map(setup.pageStyles.map(([key, styles]) => [key, { styles }])),
  entrySpecifierToBundleMap: new Map(
    Object.entries(
      (app.manifest as unknown as { entryModules: Record<string, string> }).entryModules,
    ),
  ),
});
app.setOptions({
  settings: { scripts: setup.scripts },
  logger: {
    options: {
      destination: {
        write(event: { label: string | null; level: string; message: string; newLine: boolean }) {
          post({ type: 'log', event: { ...event, message: String(event.message) } });
          return true;
        },
      },
    },
  },
});
// What a render reads from content collections is recorded through this scope, as in the
// build process (astro/dist/core/render-scope).
installRenderScope(new AsyncLocalStorage());
const logger = app.logger;

const routes = new Map(
  app.manifest.routes.map(({ routeData }) => [routeKey(routeData), routeData]),
);

async function render(job: RenderJob) {
  const routeData = routes.get(job.route);
  if (!routeData) throw new Error(`No route ${job.route} in the prerender bundle.`);
  // As renderForPrerender (astro/app) does, without wrapping the bytes in a second Response.
  const page = async () => {
    const response = await app.render(new Request(job.url), { routeData });
    return {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: response.body === null ? null : await response.arrayBuffer(),
    };
  };
  const { value, metadata } = job.collectMetadata
    ? await collectPrerenderMetadata(page, logger)
    : { value: await page(), metadata: undefined };
  post(
    {
      type: 'done',
      id: job.id,
      ...value,
      ...(metadata ? { metadata } : {}),
    },
    value.body ? [value.body] : [],
  );
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
