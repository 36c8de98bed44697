// `npm start`: seed an empty catalogue, start the API, build the site from it, serve it.
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
  log: (message) => console.log(message),
});

console.log(`\nThe store is ready at http://localhost:${env.PORT}  (Ctrl-C stops it)\n`);

stopOnSignals(stack);
