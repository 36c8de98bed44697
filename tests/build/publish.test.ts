import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../stack/api-process.ts';
import { merchandiser } from '../../publisher/merchandiser-client.ts';
import { Publisher } from '../../publisher/publisher.ts';
import { liveReleaseId, releaseDir, releasesDir } from '../../publisher/releases.ts';
import { PublishConflict } from '../../publisher/types.ts';
import { watchFeed } from '../../publisher/watch.ts';
import { seedIfEmpty, temporaryDir } from '../../stack/stack.ts';
import { newSecret } from '../../shared/merchandiser-token.ts';

/**
 * The publisher over real builds: one at a time with coalescing, a
 * failed build that leaves the live site alone, rollback, and the watch on the change feed.
 * A small catalogue keeps each build to seconds.
 */
/** This suite's merchandiser token (its API's and its builds'). */
const TOKEN = newSecret();
const work = temporaryDir('publish-test-');
const layout = { publishDir: join(work.path, 'publish'), liveDir: join(work.path, 'dist') };
const cacheDir = join(work.path, 'cache');
let api: ApiProcess;
let publisher: Publisher;
const feed = () => ({ apiUrl: api.url, adminToken: TOKEN });
const open = (buildEnv: Record<string, string> = {}) =>
  Publisher.open({
    layout,
    feed: feed(),
    cacheDir,
    buildEnv: { ADMIN_TOKEN: TOKEN, ...buildEnv },
    keep: 3,
  });

const admin = (method: string, path: string, body?: unknown) =>
  merchandiser(api.url, TOKEN, 'Publish Test')(method, path, body);

const livePage = (path: string) => readFileSync(join(layout.liveDir, path), 'utf8');

beforeAll(async () => {
  const dataDir = join(work.path, 'data');
  seedIfEmpty(dataDir, 40);
  api = await startApiProcess({ dataDir, port: 0, env: { ADMIN_TOKEN: TOKEN } });
  publisher = await open();
});

afterAll(async () => {
  await publisher.close();
  await api.close();
  work.remove();
});

describe('publishing', () => {
  it('builds a release and makes it live', async () => {
    const record = await publisher.publishNow({ trigger: 'cli', actor: 'cli:test' });
    expect(record.error).toBeUndefined();
    expect(record.state).toBe('done');
    expect(await liveReleaseId(layout)).toBe(record.id);
    expect(livePage('index.html')).toContain('<html');
    expect(record.counts?.pages).toBeGreaterThan(40);
    expect(record.progress).toMatchObject({ phase: 'finished', secondsLeft: 0 });
    expect(record.cursor).toBeGreaterThan(0);
  });

  it('runs one publish at a time and coalesces the requests made meanwhile into one', async () => {
    const first = publisher.request({ trigger: 'api', actor: 'admin' });
    // The first has left the queue once it holds the lock; wait for that.
    await new Promise<void>((resolve) => {
      const stop = publisher.onUpdate((record) => {
        if (record.id === first.id && record.state === 'running') {
          stop();
          resolve();
        }
      });
    });
    const second = publisher.request({ trigger: 'page', actor: 'admin:A' });
    const third = publisher.request({ trigger: 'watch', actor: 'watch' });
    expect(second.id).not.toBe(first.id);
    expect(third.id).toBe(second.id);
    await expect(publisher.rollback({ trigger: 'page', actor: 'admin' })).rejects.toThrow(
      PublishConflict,
    );
    const [a, b] = await Promise.all([publisher.wait(first.id), publisher.wait(second.id)]);
    expect([a.state, b.state]).toEqual(['done', 'done']);
    // The second started after the first had finished.
    expect(Date.parse(b.startedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(a.finishedAt ?? ''));
    expect(await liveReleaseId(layout)).toBe(second.id);
    // A publish after the first reuses its pages and compressed files.
    expect(b.counts?.rendered).toBeLessThan(b.counts?.pages ?? 0);
    expect(b.counts?.reusedCompressed).toBeGreaterThan(0);
    // Three releases kept (keep: 3); nothing else in releases/.
    expect((await readdir(releasesDir(layout))).sort()).toHaveLength(3);
  });

  it('leaves the live site untouched when a build fails, and says why', async () => {
    const live = await liveReleaseId(layout);
    const before = livePage('index.html');
    await publisher.close();
    // An environment the build refuses (shared/env.ts): astro build fails early.
    const failing = await open({ PRERENDER_WORKERS: 'many' });
    const record = await failing.publishNow({ trigger: 'cli', actor: 'cli:test' });
    await failing.close();
    publisher = await open();
    expect(record.state).toBe('failed');
    expect(record.error).toMatch(/The build failed; the live site is unchanged/);
    expect(record.error).toMatch(/PRERENDER_WORKERS/);
    expect(await liveReleaseId(layout)).toBe(live);
    expect(livePage('index.html')).toBe(before);
    expect(existsSync(releaseDir(layout, record.id))).toBe(false);
    expect(publisher.get(record.id)?.state).toBe('failed');
  });

  it('rolls back to the publish before the live one, then to the one before that', async () => {
    const done = (await publisher.overview()).publishes.filter(
      (record) => record.kind === 'publish' && record.state === 'done',
    );
    const [newest, previous, first] = done;
    expect(await liveReleaseId(layout)).toBe(newest?.id);
    const back = await publisher.rollback({ trigger: 'page', actor: 'admin:A' });
    expect(back).toMatchObject({ kind: 'rollback', state: 'done', release: previous?.id });
    expect(await liveReleaseId(layout)).toBe(previous?.id);
    expect((await publisher.overview()).live?.id).toBe(previous?.id);
    // Again: one further back, like undo; the first publish has nothing before it.
    await publisher.rollback({ trigger: 'cli', actor: 'cli:test' });
    expect(await liveReleaseId(layout)).toBe(first?.id);
    expect((await publisher.overview()).canRollBack).toBe(false);
    await expect(publisher.rollback({ trigger: 'cli', actor: 'cli:test' })).rejects.toThrow(
      /no earlier publish/,
    );
  });

  it('publishes on its own once the change feed has been quiet (watch mode)', async () => {
    const first = await firstProduct();
    await admin('PATCH', `/api/admin/products/${String(first.id)}`, { price: 4321.5 });
    const overview = await publisher.overview();
    expect(overview.pending.count).toBeGreaterThan(0);
    // Newest first: what the merchandiser just did heads the list.
    expect(overview.pending.changes[0]).toMatchObject({
      entity: 'product',
      id: first.id,
      actor: 'admin:Publish Test',
    });
    const published = new Promise<string>((resolve) => {
      const stop = publisher.onUpdate((record) => {
        if (record.trigger === 'watch' && record.state !== 'queued' && record.state !== 'running') {
          stop();
          resolve(record.state);
        }
      });
    });
    const watch = watchFeed({
      feed: feed(),
      quietMs: 1000,
      pollMs: 200,
      target: {
        covered: () => publisher.covered(),
        request: () => Promise.resolve(publisher.request({ trigger: 'watch', actor: 'watch' })),
      },
    });
    try {
      expect(await published).toBe('done');
    } finally {
      watch.stop();
    }
    expect(livePage(join('products', first.handle, 'index.html'))).toContain('4,321.50');
    expect((await publisher.overview()).pending.count).toBe(0);
  });
});

async function firstProduct(): Promise<{ id: number; handle: string }> {
  const response = await fetch(new URL('/api/products?limit=1', api.url));
  const body = (await response.json()) as { products: { id: number; handle: string }[] };
  const product = body.products[0];
  if (!product) throw new Error('The seeded catalogue has no product.');
  return product;
}
