// `npm start`: seed an empty catalogue, start the API, serve the site with the merchandiser
// publish page at /admin/publish: the live release at once, brought up to date by a publish
// behind it, or a first publish's when there is none. This machine only unless HOST says otherwise.
import { parseArgs } from 'node:util';
import { refuse } from '../stack/refuse.ts';

// Imported here rather than above: a variable that is not valid stops shared/env.ts as it
// loads, and that refusal is printed like the others (stack/refuse.ts).
const { env } = await import('../shared/env.ts').catch(refuse);
const { assertDeployable } = await import('../server/index.ts');
const { newSecret } = await import('../shared/merchandiser-token.ts');
const { startStack, stopOnSignals } = await import('../stack/stack.ts');

// The API's own production check, before anything is seeded or built (a SITE_URL off this
// machine makes even `npm start` production): the API is given these same settings.
const proxySecret = env.PROXY_SECRET ?? newSecret();
try {
  assertDeployable({ ...env, PROXY_SECRET: proxySecret });
} catch (error) {
  refuse(error);
}

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
  proxySecret,
  // `-- --verbose`: astro's line a page instead of each publish's progress line.
  verbose: parseArgs({ options: { verbose: { type: 'boolean', default: false } } }).values.verbose,
  log: (message) => console.log(message),
}).catch(refuse);

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
