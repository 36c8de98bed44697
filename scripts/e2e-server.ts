// The store for `npm run test:e2e` run on its own: a throwaway catalogue, API process and
// build, served by nginx on E2E_PORT (the production topology) and by the local Node server
// on E2E_PORT + 1 (the smoke subset), with the API on E2E_PORT + 2 (Playwright's webServer
// starts this; `npm test` serves its own).
import { spawnSync } from 'node:child_process';
import { createFixtures } from '../tests/e2e/seed-records.ts';
import { startStack, temporaryDir, throwawayStack } from '../stack/stack.ts';

const port = Number(process.argv[2] ?? 4400);
if (spawnSync('bash', ['scripts/setup-nginx.sh'], { stdio: 'inherit' }).status !== 0)
  process.exit(1);
const work = temporaryDir('store-e2e-');
const stack = await startStack({
  ...throwawayStack(work.path, 240),
  apiPort: port + 2,
  sitePort: port,
  log: (message) => console.log(message),
  // The records the specs look for by handle, in the store before it is built.
  prepare: async ({ url, adminToken }) => {
    const created = await createFixtures({ apiUrl: url, adminToken });
    console.log(`Added the end-to-end fixtures: ${created.join(', ')}`);
  },
});
const nodeSite = await stack.serveAlso('node', port + 1);
console.log(`E2E store at ${stack.site.url} (nginx) and ${nodeSite.url} (Node)`);
const stop = () =>
  void stack.close().then(() => {
    work.remove();
    process.exit(0);
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
