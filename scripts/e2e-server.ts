// The store for `npm run test:e2e` run on its own: a throwaway catalogue, API and build,
// served on E2E_PORT (Playwright's webServer starts this; `npm test` serves its own).
import { join } from 'node:path';
import { env } from '../src/lib/env.ts';
import { startStack, temporaryDir } from './lib/stack.ts';

const port = Number(process.argv[2] ?? 4400);
const work = temporaryDir('store-e2e-');
const stack = await startStack({
  dataDir: join(work.path, 'data'),
  seedProducts: 240,
  apiPort: 0,
  sitePort: port,
  host: '127.0.0.1',
  outDir: join(work.path, 'dist'),
  cacheDir: join(work.path, 'cache'),
  adminToken: env.ADMIN_TOKEN,
  quiet: true,
  log: (message) => console.log(message),
});
console.log(`E2E store at ${stack.site.url}`);
const stop = () =>
  void stack.close().then(() => {
    work.remove();
    process.exit(0);
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
