import { get } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { merchandiser } from '../../publisher/merchandiser-client.ts';
import {
  startStack,
  temporaryDir,
  throwawayStack,
  type Running,
  type Stack,
} from '../../stack/stack.ts';

/**
 * No downtime: shoppers request pages in loops from nginx and from the
 * Node server while a publish builds, reloads nginx and switches releases; every answer is the
 * status it always is. A new connection per request, as a crawler opens them.
 */
const work = temporaryDir('serve-publish-');
let stack: Stack;
let nodeSite: Running;
/** The stack's log lines, with when each was written. */
const logged: { at: number; line: string }[] = [];

beforeAll(async () => {
  stack = await startStack({
    ...throwawayStack(work.path, 60),
    log: (line) => logged.push({ at: Date.now(), line }),
  });
  nodeSite = await stack.serveAlso('node');
});

afterAll(async () => {
  await stack.close();
  work.remove();
});

function status(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = get(
      url,
      { agent: false, headers: { 'accept-encoding': 'br, gzip' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', (error) => resolve(`body: ${error.message}`));
      },
    );
    request.on('error', (error) => resolve(error.message));
  });
}

const api = <T>(method: string, path: string, body?: unknown) =>
  merchandiser(stack.api.url, stack.adminToken)<T>(method, path, body);

it('answers every request during a publish as before it', async () => {
  const { products } = await api<{ products: { id: number; handle: string }[] }>(
    'GET',
    '/api/products?limit=2',
  );
  const [changed, other] = products;
  if (!changed || !other) throw new Error('The seed has fewer than two products.');
  const paths: [string, number][] = [
    ['/', 200],
    [`/products/${changed.handle}`, 200],
    [`/products/${other.handle}/`, 200],
    ['/sitemap-index.xml', 200],
    ['/pagefind/pagefind.js', 200],
    ['/search.php?q=wheel', 200],
    // The handle alone redirects to the product (nginx's map from the build).
    [`/${other.handle}`, 301],
    ['/no-such-page', 404],
  ];
  await api('PATCH', `/api/admin/products/${String(changed.id)}`, { price: 777.25 });
  // Before the button (issue 33, item 11): what the publish will render, worked out by the
  // warm renderer without rendering, and how long it should take.
  let next = (await stack.publisher.overview()).next;
  expect(next).not.toBeNull();
  while (next?.state === 'working') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    next = (await stack.publisher.overview()).next;
  }
  if (next?.state !== 'ready') throw new Error(`No forecast: ${JSON.stringify(next)}`);
  expect(next.mode).toBe('warm');
  expect(next.pages?.products).toBeGreaterThanOrEqual(1);

  const failures: string[] = [];
  let requests = 0;
  let publishing = true;
  const loop = async (site: string) => {
    for (let i = 0; publishing || i < paths.length; i++) {
      const [path, expected] = paths[i % paths.length] ?? ['/', 200];
      const answer = await status(`${site}${path}`);
      requests++;
      if (answer !== expected) failures.push(`${site}${path}: ${String(answer)}`);
    }
  };
  const loops = [stack.site.url, nodeSite.url].flatMap((site) => [loop(site), loop(site)]);
  const record = await stack.publisher.publishNow({ trigger: 'api', actor: 'admin' });
  publishing = false;
  await Promise.all(loops);

  expect(record.state, record.error).toBe('done');
  // A product change after a full build: the store's warm renderer published it.
  expect(record.mode).toBe('warm');
  expect(record.fullBecause).toBeUndefined();
  // The forecast named the pages the publish rendered, by count.
  expect(record.counts?.rendered).toBe(next.pages?.total);
  // A full build only before: no quick publish to estimate from yet.
  expect(next.seconds).toBeNull();
  // After it, the next forecast has one; nothing is pending now, so there is none to show.
  expect((await stack.publisher.overview()).next).toBeNull();
  // The first publish, made at start, said why it built every page (issue 33, item 11).
  expect(stack.build?.fullBecause).toBe('the first publish builds every page.');
  // It was done once live: the warm renderer took its bundle after it, before the publish above.
  const adopted = logged.filter(({ line }) =>
    /^The warm renderer took the new bundle and listed its [\d,]+ pages in [\d.]+ s\.$/.test(line),
  );
  expect(adopted).toHaveLength(1);
  expect(adopted[0]?.at).toBeGreaterThanOrEqual(Date.parse(stack.build?.finishedAt ?? ''));
  expect(failures).toEqual([]);
  expect(requests).toBeGreaterThan(100);
  const page = await fetch(`${stack.site.url}/products/${changed.handle}`);
  expect(await page.text()).toContain('777.25');
});

it('serves the live release at once after a restart, and publishes what was left behind it', async () => {
  const { products } = await api<{ products: { id: number; handle: string }[] }>(
    'GET',
    '/api/products?limit=3',
  );
  const left = products[2];
  if (!left) throw new Error('The seed has fewer than three products.');
  // A change made but not published when the store stops.
  await api('PATCH', `/api/admin/products/${String(left.id)}`, { price: 654.75 });
  await stack.close();

  // Issue 33, item 10: a restart used to publish before it served anything (26 to 30 s down
  // with nothing pending). Now the live release answers as soon as the stack is up.
  stack = await startStack(throwawayStack(work.path, 60));
  expect(stack.build).toBeUndefined();
  const page = `${stack.site.url}/products/${left.handle}`;
  const served = await fetch(page);
  expect(served.status).toBe(200);
  expect(await served.text()).not.toContain('654.75');

  const record = await stack.catchUp;
  expect(record?.state, record?.error).toBe('done');
  expect(record?.trigger).toBe('cli');
  expect(await (await fetch(page)).text()).toContain('654.75');
});
