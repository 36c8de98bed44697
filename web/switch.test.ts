// Publishing switches the live release atomically: both web servers serve a
// symlink, `live`, that is swapped to a new release directory while shoppers keep asking. The
// switch is the publisher's sequence: nginx reloads with the new release's configuration, which
// names the release by its real path (from then on nginx serves it), then a temporary symlink
// is renamed over `live` (the Node server's switch). Each page includes its release's menus (a
// shell part the server fills in). Shoppers must see no error and no page mixed from two
// releases, a page and its part included; and the publish service's paths reach the publish
// handler on both servers.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {
  Agent,
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTICLE_REDIRECTS_PATH,
  articleRedirectsJson,
  parseArticleRedirects,
} from '../src/lib/routing/article-redirects.ts';
import { startNginx, type NginxServer } from '../stack/nginx.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';
import { PRODUCT_HANDLES_FILE } from './release-files.ts';
import { releaseWriter } from './release-files.testing.ts';
import { HEADERS_FILE, inlineScriptHashes, storePolicy, type SiteHeaders } from './headers.ts';
import { httpConfig, serverConfig } from './nginx-config.ts';
import { precompressTree } from './precompress.ts';
import { assembleParts, partInclude, partPath } from '../src/lib/shell/shell-parts.ts';
import { sendRequest } from './request.testing.ts';

const SECRET = 'proxy-secret-for-the-switch-test-0123456789';
let work: string;
let live: string;
let api: Server;
let apiCalls: string[];
let publishServer: Server;
const publishCalls: { url: string; method: string; headers: IncomingHttpHeaders }[] = [];
let nginx: NginxServer;
let node: StaticServer;

/** Where a release's nginx files are: its real path, never through `live`. */
const confDir = (release: string) => join(work, 'releases', release, '_server', 'nginx');

// ---------------------------------------------------------------------------------------------
// Release trees

const PAGES = { home: 'index.html', cart: 'cart/index.html', widget: 'products/widget/index.html' };

/**
 * A page of a release as built: its inline script differs per release, so its CSP hash does
 * too, and it includes the release's menus (a shell part, src/lib/shell/shell-parts.ts).
 */
const pageFile = (release: string, page: string) =>
  `<!doctype html><html lang="en"><head><title>${release} ${page}</title>` +
  `<script type="module">window.release = ${JSON.stringify(release)};</script></head>` +
  `<body data-release="${release}" data-page="${page}">${partInclude('menus')}` +
  `<h1>${page} of ${release}</h1>` +
  `${'<p>Filler that makes the page worth compressing.</p>'.repeat(60)}</body></html>`;

/** The menus part of a release. */
const menusPart = (release: string) => `<nav data-part="${release}">Menus of ${release}</nav>`;

/** A page as a shopper gets it: filled with its own release's part, never another's. */
const pageHtml = (release: string, page: string) =>
  assembleParts(pageFile(release, page), new Map([['menus', menusPart(release)]]));

/** The CSP source of a release's inline script. */
const scriptHash = (release: string) => inlineScriptHashes(pageHtml(release, 'home'))[0] ?? '';

/**
 * Writes a release as the publisher would: its pages, 404 page, precompressed copies, product
 * handles, and the server files, with a CSP that allows the inline scripts of `allow` (its own
 * and the release it follows: the publisher's union, so the first step of a switch never
 * blocks a page of the old release).
 */
async function writeRelease(release: string, allow: readonly string[]) {
  const dir = join(work, 'releases', release);
  const write = releaseWriter(dir);
  for (const [page, path] of Object.entries(PAGES)) write(path, pageFile(release, page));
  write('404.html', pageFile(release, '404'));
  write(partPath('menus').slice(1), menusPart(release));
  // Each release has a product of its own: nginx answers its handle from the map it loaded.
  write(PRODUCT_HANDLES_FILE, `widget\n${release}-only\n`);
  // And its own name for article 355 (a publish that renamed it).
  const articles = articleRedirectsJson([[355, `/articles/${release}-guide`]]);
  write(ARTICLE_REDIRECTS_PATH, articles);
  await precompressTree(dir);
  const scriptHashes = [...new Set(allow.map(scriptHash))].sort();
  const site: SiteHeaders = {
    contentSecurityPolicy: storePolicy(scriptHashes, false),
    scriptHashes,
  };
  write(HEADERS_FILE, JSON.stringify(site));
  write(
    '_server/nginx/http.conf',
    httpConfig({
      policy: site.contentSecurityPolicy,
      productHandles: ['widget', `${release}-only`],
      brandNames: [],
      articleRedirects: parseArticleRedirects(articles),
    }),
  );
  // As the publisher writes it: nginx reads this release by its real path.
  write('_server/nginx/server.conf', serverConfig({ siteRoot: realpathSync(dir) }));
}

/** Makes a release live by renaming a new symlink over `live`: never a moment without one. */
function swapLive(release: string) {
  const temporary = `${live}.${release}.tmp`;
  symlinkSync(join(work, 'releases', release), temporary);
  renameSync(temporary, live);
}

/** The publisher's switch: nginx at the new release's configuration, then the swap. */
async function switchTo(release: string) {
  await nginx.reload(confDir(release));
  // Shoppers are answered while nginx has the new configuration and the old root.
  await progress(8);
  swapLive(release);
  await progress(8);
}

// ---------------------------------------------------------------------------------------------
// Shoppers

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One GET, the body decoded from the encoding the server chose. */
function get(
  port: number,
  path: string,
  options: { headers?: Record<string, string>; agent?: Agent } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: options.headers ?? {},
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const bytes =
              encoding === 'br'
                ? brotliDecompressSync(raw)
                : encoding === 'gzip'
                  ? gunzipSync(raw)
                  : raw;
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString() });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A server may close an idle keep-alive connection at any moment (nginx's old workers do
      // at a reload); a browser then sends the request again on a new connection, as Node's
      // documentation advises for a reused socket (http, request.reusedSocket).
      const closedIdle = error.code === 'ECONNRESET' || error.code === 'EPIPE';
      reject(req.reusedSocket && closedIdle ? Object.assign(error, { retry: true }) : error);
    });
    req.end();
  });
}

/** What each request path must answer, in every release. */
const EXPECTED: readonly { path: string; status: number; page?: string; location?: string }[] = [
  { path: '/', status: 200, page: 'home' },
  { path: '/cart/', status: 200, page: 'cart' },
  { path: '/products/widget/', status: 200, page: 'widget' },
  { path: '/widget?ref=mail', status: 301, location: '/products/widget?ref=mail' },
  { path: '/no-such-page', status: 404, page: '404' },
];
const ENCODINGS = ['br, gzip', 'gzip', ''];

/** What was wrong with a reply (undefined when nothing), and the release its body came from. */
function check(
  expected: (typeof EXPECTED)[number],
  reply: Reply,
): { problem?: string; release?: string } {
  const problem = (text: string) => ({ problem: `${expected.path}: ${text}` });
  if (reply.status !== expected.status) {
    return problem(`status ${String(reply.status)}: ${reply.body.slice(0, 200)}`);
  }
  if (expected.location) {
    return reply.headers.location === expected.location
      ? {}
      : problem(`location ${String(reply.headers.location)}`);
  }
  const releases = [...reply.body.matchAll(/data-release="([^"]+)"/g)].map((match) => match[1]);
  const release = releases[0];
  if (releases.length !== 1 || !release) return problem(`not one release: ${reply.body}`);
  if (!reply.body.startsWith('<!doctype html>') || !reply.body.endsWith('</html>')) {
    return problem('a body cut short');
  }
  if (reply.body !== pageHtml(release, expected.page ?? '')) {
    return problem(`not the ${String(expected.page)} page of ${release}`);
  }
  // The page's own inline script must be allowed by the CSP it came with.
  const csp = String(reply.headers['content-security-policy']);
  if (!csp.includes(scriptHash(release))) return problem(`${release}'s script blocked by ${csp}`);
  return { release };
}

interface Shoppers {
  replies: Record<'nginx' | 'node', number>;
  problems: string[];
  /** Releases each server's pages came from. */
  seen: Record<'nginx' | 'node', Set<string>>;
  retries: number;
  stop: () => Promise<void>;
}

let shoppers: Shoppers | undefined;
let waiters: { target: number; resolve: () => void }[] = [];

/** Waits until both servers have answered `count` more requests (progress, not time). */
function progress(count: number): Promise<void> {
  const now = shoppers;
  if (!now) return Promise.resolve();
  const target = Math.min(now.replies.nginx, now.replies.node) + count;
  return new Promise((resolve) => waiters.push({ target, resolve }));
}

/**
 * Loops of shoppers on both servers until stopped: new connections, and on each server one
 * loop that keeps its connection alive across the switches.
 */
function startShoppers(loopsPerServer: number): Shoppers {
  let stopping = false;
  const state: Shoppers = {
    replies: { nginx: 0, node: 0 },
    problems: [],
    seen: { nginx: new Set(), node: new Set() },
    retries: 0,
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
    },
  };
  const answered = (server: 'nginx' | 'node') => {
    state.replies[server] += 1;
    const reached = Math.min(state.replies.nginx, state.replies.node);
    waiters = waiters.filter((waiter) => {
      if (waiter.target > reached) return true;
      waiter.resolve();
      return false;
    });
  };
  const loop = async (server: 'nginx' | 'node', offset: number, agent?: Agent) => {
    const port = Number(new URL(server === 'nginx' ? nginx.url : node.url).port);
    for (let i = offset; !stopping; i++) {
      const expected = EXPECTED[i % EXPECTED.length] ?? EXPECTED[0];
      const encoding = ENCODINGS[i % ENCODINGS.length] ?? '';
      if (!expected) break;
      let reply: Reply;
      try {
        reply = await get(port, expected.path, {
          headers: encoding ? { 'accept-encoding': encoding } : {},
          ...(agent ? { agent } : {}),
        });
      } catch (error) {
        if ((error as { retry?: boolean }).retry) {
          state.retries += 1;
          i -= 1;
          continue;
        }
        state.problems.push(`${server} ${expected.path}: ${String(error)}`);
        answered(server);
        continue;
      }
      const { problem, release } = check(expected, reply);
      if (problem) state.problems.push(`${server} ${problem}`);
      if (release) state.seen[server].add(release);
      answered(server);
    }
    agent?.destroy();
  };
  const loops = (['nginx', 'node'] as const).flatMap((server) => [
    ...Array.from({ length: loopsPerServer }, (_, index) => loop(server, index)),
    loop(server, loopsPerServer, new Agent({ keepAlive: true, maxSockets: 1 })),
  ]);
  shoppers = state;
  return state;
}

// ---------------------------------------------------------------------------------------------
// Servers

/** The stand-in publish service: answers every request it gets, and says so. */
const standInPublish = (req: IncomingMessage, res: ServerResponse) => {
  publishCalls.push({ url: req.url ?? '', method: req.method ?? '', headers: req.headers });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ publish: true, method: req.method, url: req.url }));
};

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${String((server.address() as AddressInfo).port)}`;
};

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** nginx and the Node server over `live`, with or without the publish service. */
async function startServers(
  runDir: string,
  publish: boolean,
  apiHost: string,
  publishHost: string,
) {
  const started = await startNginx({
    runDir: join(work, runDir),
    siteConfDir: confDir('a'),
    root: live,
    mediaRoot: join(work, 'media'),
    api: apiHost,
    proxySecret: SECRET,
    trustedRanges: [],
    adminPublic: false,
    ...(publish ? { publishUpstream: publishHost } : {}),
  });
  const site = await startStaticServer({
    distDir: live,
    apiUrl: `http://${apiHost}`,
    port: 0,
    host: '127.0.0.1',
    proxySecret: SECRET,
    ...(publish ? { publishUpstream: `http://${publishHost}` } : {}),
  });
  return { nginx: started, node: site };
}

let apiHost: string;
let publishHost: string;

beforeAll(async () => {
  execFileSync('bash', ['scripts/setup-nginx.sh'], { stdio: 'inherit' });
  work = mkdtempSync(join(tmpdir(), 'switch-'));
  // Entered by nginx's workers, which run as www-data when the test runs as root.
  chmodSync(work, 0o711);
  mkdirSync(join(work, 'media'));
  live = join(work, 'live');
  await writeRelease('a', ['a', 'b']);
  await writeRelease('b', ['a', 'b']);
  swapLive('a');
  apiCalls = [];
  api = createServer((req, res) => {
    apiCalls.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"from":"api"}');
  });
  apiHost = await listen(api);
  publishServer = createServer(standInPublish);
  publishHost = await listen(publishServer);
  ({ nginx, node } = await startServers('nginx', true, apiHost, publishHost));
}, 120_000);

afterAll(async () => {
  await shoppers?.stop();
  await nginx.close();
  await node.close();
  await closeServer(api);
  await closeServer(publishServer);
  rmSync(work, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------

describe('switching the live release', () => {
  it('follows swaps back and forth with no failed, cut or mixed response', async () => {
    const state = startShoppers(3);
    await progress(20);
    for (let round = 0; round < 8; round++) {
      await switchTo('b');
      await switchTo('a');
    }
    await state.stop();
    shoppers = undefined;
    expect(state.problems).toEqual([]);
    // The loops were answered from both releases, by both servers.
    expect([...state.seen.nginx].sort()).toEqual(['a', 'b']);
    expect([...state.seen.node].sort()).toEqual(['a', 'b']);
  }, 120_000);

  it('never answers a new page with an older configuration, publish after publish', async () => {
    // Each release allows only its own script and its predecessor's: a page of release n
    // answered with the CSP of n - 1 or older (a worker of an earlier nginx configuration,
    // the Node server reading another release's headers) would name its script blocked.
    const chain = Array.from({ length: 12 }, (_, index) => `p${String(index + 1)}`);
    let previous = 'a';
    for (const release of chain) {
      await writeRelease(release, [previous, release]);
      previous = release;
    }
    const state = startShoppers(3);
    await progress(20);
    for (const release of chain) await switchTo(release);
    await state.stop();
    shoppers = undefined;
    expect(state.problems).toEqual([]);
    expect(state.seen.nginx).toContain('p12');
    expect(state.seen.node).toContain('p12');
  }, 120_000);
});

describe('nginx reload', () => {
  it('takes the new maps before the symlink moves', async () => {
    await nginx.reload(confDir('b'));
    const port = Number(new URL(nginx.url).port);
    // b's own product is known while `live` still points where it did.
    const reply = await get(port, '/b-only');
    expect(reply.status).toBe(301);
    expect(reply.headers.location).toBe('/products/b-only');
    expect((await get(port, '/a-only')).status).toBe(404);
    // So is b's name of article 355 (the redirect switches with the release).
    expect((await get(port, '/Articles.asp?ID=355')).headers.location).toBe('/articles/b-guide');
  });

  it("the Node server redirects legacy article links by the live release's map", async () => {
    const port = Number(new URL(node.url).port);
    swapLive('a');
    expect((await get(port, '/Articles.asp?ID=355')).headers.location).toBe('/articles/a-guide');
    swapLive('b');
    expect((await get(port, '/Articles.asp?ID=355')).headers.location).toBe('/articles/b-guide');
    expect((await get(port, '/Articles.asp?ID=354')).status).toBe(404);
  });

  it('refuses a configuration nginx refuses, with its words, and keeps the running one', async () => {
    const broken = join(work, 'broken');
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, 'http.conf'), 'map $uri $store_product_redirect {\n');
    writeFileSync(join(broken, 'server.conf'), serverConfig());
    await nginx.reload(confDir('b'));
    await expect(nginx.reload(broken)).rejects.toThrow(
      /nginx refused its configuration:[\s\S]*\[emerg\]/,
    );
    const port = Number(new URL(nginx.url).port);
    expect((await get(port, '/b-only')).headers.location).toBe('/products/b-only');
    // A reload without a directory takes the running one again.
    await nginx.reload();
    expect((await get(port, '/b-only')).headers.location).toBe('/products/b-only');
  });
});

describe.each(['nginx', 'node'] as const)('%s: the publish service', (name) => {
  const port = (servers: { nginx: NginxServer; node: StaticServer }) =>
    Number(new URL(servers[name].url).port);
  const withPublish = () => port({ nginx, node });

  it.each([
    ['GET', '/api/admin/publish'],
    ['POST', '/api/admin/publish'],
    ['GET', '/api/admin/publish/20261124-100632-3f9a'],
    ['GET', '/admin/publish'],
    ['GET', '/admin/publish/app.js'],
  ])('%s %s reaches the publish handler', async (method, path) => {
    publishCalls.length = 0;
    apiCalls.length = 0;
    const reply = await sendRequest({
      port: withPublish(),
      path,
      method,
      agent: false,
      headers: { 'x-proxy-secret': 'guessed', 'x-forwarded-for': '203.0.113.9' },
      body: method === 'POST' ? '{}' : undefined,
      encoding: 'utf8',
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ publish: true, method, url: path });
    expect(apiCalls).toEqual([]);
    // The handler sees what the API would behind this server: the shopper and the secret.
    const headers = publishCalls[0]?.headers ?? {};
    expect(headers['x-proxy-secret']).toBe(SECRET);
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('leaves /api/admin/publishing and /admin/publishing to the others', async () => {
    publishCalls.length = 0;
    const api = await get(withPublish(), '/api/admin/publishing');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toEqual({ error: 'Not found.' });
    const page = await get(withPublish(), '/admin/publishing');
    expect(page.status).toBe(404);
    expect(page.body).toMatch(/data-page="404"/);
    expect(publishCalls).toEqual([]);
  });

  it('answers 404 on the publish paths when there is no publish service', async () => {
    const servers = await startServers(`nginx-${name}-alone`, false, apiHost, publishHost);
    try {
      publishCalls.length = 0;
      apiCalls.length = 0;
      for (const path of ['/api/admin/publish', '/api/admin/publish/20261124-100632-3f9a']) {
        const reply = await get(port(servers), path);
        expect(reply.status).toBe(404);
        expect(JSON.parse(reply.body)).toEqual({ error: 'Not found.' });
      }
      for (const path of ['/admin/publish', '/admin/publish/app.js']) {
        const reply = await get(port(servers), path);
        expect(reply.status).toBe(404);
        expect(reply.body).toMatch(/data-page="404"/);
      }
      expect(publishCalls).toEqual([]);
      expect(apiCalls).toEqual([]);
    } finally {
      await servers.nginx.close();
      await servers.node.close();
    }
  });
});
