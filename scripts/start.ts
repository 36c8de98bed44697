// `npm start`: seed an empty catalogue, start the API, publish the site from it, serve it with
// the merchandiser publish page at /admin/publish.
import { env } from '../src/lib/env.ts';
import { startStack, stopOnSignals } from './lib/stack.ts';

const stack = await startStack({
  dataDir: env.DATA_DIR,
  seedProducts: env.SEED_PRODUCTS,
  apiPort: env.API_PORT,
  sitePort: env.PORT,
  outDir: env.BUILD_OUT_DIR,
  cacheDir: env.BUILD_CACHE_DIR,
  adminToken: env.ADMIN_TOKEN,
  publishDir: env.PUBLISH_DIR,
  publishKeep: env.PUBLISH_KEEP,
  assetGraceMs: env.PUBLISH_ASSET_GRACE_HOURS * 3_600_000,
  publishWatchSeconds: env.PUBLISH_WATCH_SECONDS,
  log: (message) => console.log(message),
});

console.log(
  `\nThe store is ready at http://localhost:${env.PORT}; publish at http://localhost:${env.PORT}/admin/publish  (Ctrl-C stops it)\n`,
);

stopOnSignals(stack);
