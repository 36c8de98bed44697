// `npm run start:production`: the production topology on this machine (docs/deployment.md):
// nginx on PORT serving the build with precompressed files, cache and security headers and the
// legacy routes, and the API as its own process behind it. Builds first when there is no
// build; seeds the demo catalogue into an empty database, as `npm start` does.
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { refuse } from '../stack/refuse.ts';

// Imported here rather than above: a variable that is not valid stops shared/env.ts as it
// loads, and that refusal is printed like the others.
const { env } = await import('../shared/env.ts').catch(refuse);
const { assertDeployable } = await import('../server/index.ts');
const { startStack, stopOnSignals } = await import('../stack/stack.ts');
const { productionNotes } = await import('../stack/production-notes.ts');

// The API's own production check, before anything is installed, seeded or built: the API is
// given these same settings (the proxy secret is made here when PROXY_SECRET is unset).
const proxySecret = env.PROXY_SECRET ?? randomBytes(32).toString('base64url');
try {
  assertDeployable({ ...env, PROXY_SECRET: proxySecret });
} catch (error) {
  refuse(error);
}

const setup = spawnSync('bash', ['scripts/setup-nginx.sh'], { stdio: 'inherit' });
if (setup.status !== 0) process.exit(1);

const outDir = resolve(env.BUILD_OUT_DIR);
const stack = await startStack({
  dataDir: resolve(env.DATA_DIR),
  seedProducts: env.SEED_PRODUCTS,
  apiPort: env.API_PORT,
  sitePort: env.PORT,
  outDir,
  cacheDir: resolve(env.BUILD_CACHE_DIR),
  publishDir: resolve(env.PUBLISH_DIR),
  publishKeep: env.PUBLISH_KEEP,
  assetGraceMs: env.PUBLISH_ASSET_GRACE_HOURS * 3_600_000,
  publishWatchSeconds: env.PUBLISH_WATCH_SECONDS,
  siteUrl: env.SITE_URL,
  webServer: 'nginx',
  runDir: resolve(join(env.DATA_DIR, 'nginx')),
  trustProxy: env.TRUST_PROXY,
  adminPublic: env.ADMIN_API_PUBLIC,
  reuseBuild: true,
  proxySecret,
  // `-- --verbose`: astro's line a page instead of each publish's progress line.
  verbose: parseArgs({ options: { verbose: { type: 'boolean', default: false } } }).values.verbose,
  log: (message) => console.log(message),
}).catch(refuse);

console.log(
  `\nThe store is ready at http://localhost:${String(env.PORT)} (nginx; API process on ${stack.api.url}). Ctrl-C stops it.\n`,
);
for (const note of productionNotes({
  port: env.PORT,
  siteUrl: env.SITE_URL,
  trustProxy: env.TRUST_PROXY,
})) {
  console.log(`${note}\n`);
}

stopOnSignals(stack);
