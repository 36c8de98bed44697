// `npm run publish`: the catalogue as it is now, live on the site. Through the
// running store's publisher when one answers (it reloads nginx and keeps the one lock),
// otherwise in this process. `npm run build` is the same command.
//
//   npm run publish                 publish once and show its progress
//   npm run publish -- --watch [s]  publish whenever the change feed has been quiet s seconds
//   npm run publish -- --rollback   make the previous publish live again
//   npm run publish -- --list       the history of publishes
//   npm run publish -- --local      never through a running store (--verbose: astro's output)
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { env } from '../shared/env.ts';
import { merchandiserToken } from '../shared/merchandiser-token.ts';
import { openStorePublisher } from '../publisher/store-publisher.ts';
import { NoPublisher, RemotePublisher } from '../publisher/remote.ts';
import { progressPrinter, publishSummary } from '../publisher/terminal-progress.ts';
import type { PublishRecord } from '../publisher/types.ts';
import { coveredCursor, watchFeed } from '../publisher/watch.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    watch: { type: 'boolean', default: false },
    rollback: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    local: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

const who =
  userInfo()
    .username.replace(/[^A-Za-z0-9 .@_-]/g, '')
    .slice(0, 60) || 'cli';
// ADMIN_TOKEN, else the one the store made in its data folder.
const adminToken = merchandiserToken(env.DATA_DIR, env.ADMIN_TOKEN).token;
const feed = { apiUrl: env.API_URL, adminToken };
const remote = new RemotePublisher(
  env.PUBLISH_URL ?? `http://127.0.0.1:${String(env.PORT)}`,
  adminToken,
  who,
);

const printer = () => progressPrinter();

/** In this process: the same publisher the store runs, with astro's output shown. */
async function localPublisher() {
  const log = (message: string) => console.log(message);
  const buildEnv = { ADMIN_TOKEN: adminToken };
  return openStorePublisher({
    layout: { publishDir: env.PUBLISH_DIR, liveDir: env.BUILD_OUT_DIR },
    feed,
    cacheDir: env.BUILD_CACHE_DIR,
    buildEnv,
    site: env.SITE_URL,
    warmMaxPages: env.PUBLISH_WARM_MAX_PAGES,
    keep: env.PUBLISH_KEEP,
    assetGraceMs: env.PUBLISH_ASSET_GRACE_HOURS * 3_600_000,
    verbose: values.verbose === true,
    log,
  });
}

async function once(): Promise<PublishRecord> {
  if (!values.local) {
    try {
      const queued = await remote.request();
      console.log(`The running store queued publish ${queued.id}.`);
      return await remote.follow(queued.id, printer());
    } catch (error) {
      if (!(error instanceof NoPublisher)) throw error;
      console.log(`${error.message} Publishing in this process.`);
    }
  }
  const publisher = await localPublisher();
  publisher.onUpdate(printer());
  try {
    return await publisher.publishNow({ trigger: 'cli', actor: `cli:${who}` });
  } finally {
    // Its warm renderer's thread would keep this process running.
    await publisher.close();
  }
}

async function rollback(): Promise<PublishRecord> {
  if (!values.local) {
    try {
      const record = await remote.rollback();
      return await remote.follow(record.id, printer());
    } catch (error) {
      if (!(error instanceof NoPublisher)) throw error;
    }
  }
  const publisher = await localPublisher();
  try {
    return await publisher.rollback({ trigger: 'cli', actor: `cli:${who}` });
  } finally {
    await publisher.close();
  }
}

async function watch() {
  const seconds = Number(positionals[0] ?? (env.PUBLISH_WATCH_SECONDS || 5));
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new Error(`--watch takes seconds, not "${positionals[0] ?? ''}".`);
  const local = values.local ? await localPublisher() : undefined;
  const follow = printer();
  local?.onUpdate((record) => {
    follow(record);
    if (record.state === 'done' || record.state === 'failed') console.log(publishSummary(record));
  });
  console.log(
    `Watching the change feed at ${env.API_URL}: a publish once it has been quiet ${String(seconds)} s.`,
  );
  watchFeed({
    feed,
    quietMs: seconds * 1000,
    log: (message) => console.log(message),
    target: local
      ? {
          covered: () => local.covered(),
          request: () => Promise.resolve(local.request({ trigger: 'watch', actor: `cli:${who}` })),
        }
      : {
          covered: async () => {
            const overview = await remote.overview();
            return coveredCursor(overview.publishes, overview.live?.cursor ?? null);
          },
          request: async () => {
            const record = await remote.request();
            console.log(publishSummary(await remote.follow(record.id, follow)));
          },
        },
  });
}

try {
  if (values.watch) {
    await watch();
  } else if (values.list) {
    const overview = await remote.overview().catch(async (error: unknown) => {
      if (values.local || error instanceof NoPublisher) return (await localPublisher()).overview();
      throw error;
    });
    console.log(
      `Live: ${overview.live?.id ?? 'none'}; ${String(overview.pending.count)} changes not yet published.`,
    );
    for (const p of overview.publishes.slice(0, 20)) {
      console.log(
        `${p.id}  ${p.kind.padEnd(8)} ${p.state.padEnd(7)} ${p.actor}  ${((p.durationMs ?? 0) / 1000).toFixed(1)} s${p.error ? `  ${p.error}` : ''}`,
      );
    }
  } else {
    const record = values.rollback ? await rollback() : await once();
    console.log(publishSummary(record));
    if (record.state === 'failed') process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
