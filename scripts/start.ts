// `npm start`: seed an empty catalogue, start the API, publish the site from it, serve it with
// the merchandiser publish page at /admin/publish. This machine only unless HOST says otherwise.
import { env } from '../src/lib/env.ts';
import { startStack, stopOnSignals } from './lib/stack.ts';

const stack = await startStack({
  dataDir: env.DATA_DIR,
  seedProducts: env.SEED_PRODUCTS,
  apiPort: env.API_PORT,
  sitePort: env.PORT,
  host: env.HOST,
  outDir: env.BUILD_OUT_DIR,
  cacheDir: env.BUILD_CACHE_DIR,
  publishDir: env.PUBLISH_DIR,
  publishKeep: env.PUBLISH_KEEP,
  assetGraceMs: env.PUBLISH_ASSET_GRACE_HOURS * 3_600_000,
  publishWatchSeconds: env.PUBLISH_WATCH_SECONDS,
  log: (message) => console.log(message),
});

const local = ['127.0.0.1', '0.0.0.0', '::', '::1'].includes(env.HOST);
const site = `http://${local ? 'localhost' : env.HOST}:${String(env.PORT)}`;
const tokenFrom = env.ADMIN_TOKEN ? 'ADMIN_TOKEN' : `${env.DATA_DIR}/merchandiser-token`;
console.log(
  [
    '',
    `The store is ready at ${site} (listening on ${env.HOST}; Ctrl-C stops it).`,
    `Publish at ${site}/admin/publish with the merchandiser token (from ${tokenFrom}):`,
    `  ${stack.adminToken}`,
    '',
  ].join('\n'),
);

stopOnSignals(stack);
