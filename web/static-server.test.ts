import {
  mkdtempSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect as connectTo, type AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server as SocketServer } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachRealtime, type Realtime } from '../server/realtime.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';
import { handleSet, PRODUCT_HANDLES_FILE } from './release-files.ts';
import { resolveFile } from './send-file.ts';
import { HEADERS_FILE, type SiteHeaders } from './headers.ts';
import { REDIRECT_MAP_FILES } from '../src/lib/routing/release-redirects.ts';
import { releaseWriter, writeRedirectMaps } from './release-files.testing.ts';

let dist: string;
let api: Server;
let sockets: SocketServer;
let site: StaticServer;
const seen: { method: string; url: string; body: string; forwardedHost: string }[] = [];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  const write = releaseWriter(dist);
  write('index.html', '<h1>home</h1>');
  write('404.html', '<h1>This page does not exist.</h1>');
  write('cart/index.html', '<h1>cart page</h1>');
  write('_astro/app.abc.js', 'console.log(1)');
  write('products/poly-load-wheel/index.html', '<h1>Poly Load Wheel</h1>');
  write('about-us/index.html', '<h1>About us</h1>');
  write(PRODUCT_HANDLES_FILE, 'poly-load-wheel\nabout-us\n');
  writeRedirectMaps(dist, { articles: [[355, '/articles/ask-our-experts']] });

  api = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body,
        forwardedHost: String(req.headers['x-forwarded-host'] ?? ''),
      });
      res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': 'checkout_id=abc' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  sockets = new SocketServer(api);
  sockets.of('/customer').on('connection', (socket) => {
    socket.on('ping-me', (reply: (answer: string) => void) => reply('pong'));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiPort = (api.address() as AddressInfo).port;
  // No host: the default is this machine only (issue 28), which a test below holds.
  site = await startStaticServer({ distDir: dist, apiUrl: `http://127.0.0.1:${apiPort}`, port: 0 });
});

afterAll(async () => {
  await site.close();
  await sockets.close();
  api.closeAllConnections();
  await new Promise<void>((resolve) => api.close(() => resolve()));
  rmSync(dist, { recursive: true, force: true });
});

describe('static server', () => {
  it('serves files and directory indexes with types', async () => {
    const home = await fetch(`${site.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(await home.text()).toBe('<h1>home</h1>');
    expect(await (await fetch(`${site.url}/cart`)).text()).toBe('<h1>cart page</h1>');
    const asset = await fetch(`${site.url}/_astro/app.abc.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('listens on this machine only unless told otherwise', async () => {
    const { port } = new URL(site.url);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    // Another interface of this machine, as a neighbour on the network would reach it.
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((net) => net && !net.internal && net.family === 'IPv4');
    if (!outward) return;
    const refused = await new Promise<string>((resolve) => {
      const socket = connectTo({ host: outward.address, port: Number(port) });
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('answers unknown paths with the 404 page and status', async () => {
    const missing = await fetch(`${site.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('This page does not exist.');
  });

  it('never serves files outside the build', async () => {
    // resolveFile takes decoded paths (web/request-path.ts); it still never leaves the build.
    expect(await resolveFile(dist, '/../../etc/passwd')).toBeUndefined();
    expect(await resolveFile(dist, '/a\0b')).toBeUndefined();
    // The server refuses a path that climbs out before any file is looked for.
    expect((await fetch(`${site.url}/..%2f..%2fetc%2fpasswd`)).status).toBe(400);
  });

  it('keeps the legacy URLs working', async () => {
    const cart = await fetch(`${site.url}/cart.php`);
    expect(cart.status).toBe(200);
    expect(await cart.text()).toBe('<h1>cart page</h1>');
    const article = await fetch(`${site.url}/Articles.asp?ID=355`, { redirect: 'manual' });
    expect(article.status).toBe(301);
    expect(article.headers.get('location')).toBe('/articles/ask-our-experts');
  });

  it('reads the article map again when a rebuild renames an article', async () => {
    const file = join(dist, REDIRECT_MAP_FILES.articles.path);
    const location = async () =>
      (await fetch(`${site.url}/articles.asp?id=355`, { redirect: 'manual' })).headers.get(
        'location',
      );
    try {
      expect(await location()).toBe('/articles/ask-our-experts');
      writeRedirectMaps(dist, { articles: [[355, '/articles/ask-the-parts-desk']] });
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      expect(await location()).toBe('/articles/ask-the-parts-desk');
    } finally {
      writeRedirectMaps(dist, { articles: [[355, '/articles/ask-our-experts']] });
    }
  });

  it('reads the question map again when a rebuild rewords a question', async () => {
    const file = join(dist, REDIRECT_MAP_FILES.questions.path);
    const location = async () =>
      (
        await fetch(`${site.url}/questions/Q10001/will-this-fit-a-crown-pth50`, {
          redirect: 'manual',
        })
      ).headers.get('location');
    try {
      expect(await location()).toBeNull();
      writeRedirectMaps(dist, { questions: [['Q10001', '/questions/Q10001/how-long']] });
      expect(await location()).toBe('/questions/Q10001/how-long');
      writeRedirectMaps(dist, { questions: [['Q10001', '/questions/Q10001/how-soon']] });
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      expect(await location()).toBe('/questions/Q10001/how-soon');
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('redirects product URLs nested under a collection to the canonical one', async () => {
    const nested = await fetch(`${site.url}/collections/load-wheels/product/poly-load-wheel`, {
      redirect: 'manual',
    });
    expect(nested.status).toBe(301);
    expect(nested.headers.get('location')).toBe('/products/poly-load-wheel');
    const followed = await fetch(`${site.url}/collection/load-wheels/product/poly-load-wheel`);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toBe('<h1>Poly Load Wheel</h1>');
  });

  it('redirects a product handle alone to its page, after the files of the build', async () => {
    const alone = await fetch(`${site.url}/poly-load-wheel?variant=2`, { redirect: 'manual' });
    expect(alone.status).toBe(301);
    expect(alone.headers.get('location')).toBe('/products/poly-load-wheel?variant=2');
    // A generic page with the same handle is a file, and it answers.
    const page = await fetch(`${site.url}/about-us`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<h1>About us</h1>');
    // An unknown handle is still not found.
    expect((await fetch(`${site.url}/no-such-part`, { redirect: 'manual' })).status).toBe(404);
  });

  it('proxies /api with method, body, cookies and the forwarded host', async () => {
    const reply = await fetch(`${site.url}/api/checkouts/lineItems?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inventoryLevelId: 1, quantity: 2 }),
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('set-cookie')).toBe('checkout_id=abc');
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/api/checkouts/lineItems?x=1',
      body: '{"inventoryLevelId":1,"quantity":2}',
      forwardedHost: new URL(site.url).host,
    });
  });

  it('proxies socket.io websockets', async () => {
    const client = connect(`${site.url}/customer`, {
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        client.on('connect_error', reject);
        client.on('connect', () => {
          client.emit('ping-me', resolve);
        });
      });
      expect(answer).toBe('pong');
    } finally {
      client.close();
    }
  });

  it('reads the handles file again when a rebuild changes it, and copes without one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'handles-'));
    try {
      const file = join(dir, PRODUCT_HANDLES_FILE);
      const set = handleSet(file);
      expect((await set.current()).size).toBe(0);
      writeFileSync(file, 'a\nb\n');
      expect([...(await set.current())]).toEqual(['a', 'b']);
      writeFileSync(file, 'c\n');
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      expect([...(await set.current())]).toEqual(['c']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 502 JSON when the API is down', async () => {
    const down = await startStaticServer({
      distDir: dist,
      apiUrl: 'http://127.0.0.1:9',
      port: 0,
      host: '127.0.0.1',
    });
    try {
      const reply = await fetch(`${down.url}/api/products/filter`);
      expect(reply.status).toBe(502);
      expect(await reply.json()).toEqual({
        error: 'The store service cannot be reached. Please try again.',
      });
    } finally {
      await down.close();
    }
  });
});

describe('static server over a release symlink (publishing)', () => {
  let work: string;
  let live: string;
  let server: StaticServer;

  /** A release: its own pages, 404 page, CSP and product handles. */
  function release(name: string) {
    const dir = join(work, 'releases', name);
    const write = releaseWriter(dir);
    write('index.html', `<h1>home of ${name}</h1>`);
    write('404.html', `<h1>404 of ${name}</h1>`);
    write(PRODUCT_HANDLES_FILE, `${name}-widget\n`);
    const site: SiteHeaders = {
      contentSecurityPolicy: `script-src 'self' '${name}'`,
      scriptHashes: [],
    };
    write(HEADERS_FILE, JSON.stringify(site));
    return dir;
  }

  /** Renames a new symlink over `live`, as the publisher switches. */
  function swap(name: string) {
    symlinkSync(join(work, 'releases', name), `${live}.tmp`);
    renameSync(`${live}.tmp`, live);
  }

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'releases-'));
    live = join(work, 'live');
    release('one');
    release('two');
    swap('one');
    server = await startStaticServer({
      distDir: live,
      apiUrl: 'http://127.0.0.1:9',
      port: 0,
      host: '127.0.0.1',
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('answers each request wholly from the release live when it came', async () => {
    const page = async (path: string) => {
      const reply = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      return {
        status: reply.status,
        body: await reply.text(),
        csp: reply.headers.get('content-security-policy'),
        location: reply.headers.get('location'),
      };
    };
    /** The release `name` answers: its home page with its own policy, its own redirect. */
    const expectRelease = async (name: string) => {
      expect(await page('/')).toMatchObject({
        body: `<h1>home of ${name}</h1>`,
        csp: `script-src 'self' '${name}'`,
      });
      expect(await page(`/${name}-widget`)).toMatchObject({
        status: 301,
        location: `/products/${name}-widget`,
      });
    };
    await expectRelease('one');
    swap('two');
    await expectRelease('two');
    expect(await page('/nothing')).toMatchObject({ status: 404, body: '<h1>404 of two</h1>' });
    expect(await page('/one-widget')).toMatchObject({ status: 404, body: '<h1>404 of two</h1>' });
    // Back again: the first release's files are read again, not a stale copy.
    swap('one');
    await expectRelease('one');
  });

  it('sends a file whole when it is removed while being sent', async () => {
    const big = 'x'.repeat(8 * 1024 * 1024);
    const file = join(work, 'releases', 'one', 'big.txt');
    writeFileSync(file, big);
    const port = new URL(server.url).port;
    const received = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/big.txt', agent: false }, (res) => {
        // The headers are out, so the file is open: a release pruned now must not cut it.
        unlinkSync(file);
        let length = 0;
        res.on('data', (chunk: Buffer) => (length += chunk.length));
        res.on('end', () => resolve(length));
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
    expect(received).toBe(big.length);
    // And once it is gone it is not found, and the server is still there.
    expect((await fetch(`${server.url}/big.txt`)).status).toBe(404);
  });
});

describe('static server: the publish service', () => {
  let server: StaticServer;
  let service: Server;
  const calls: { url: string; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    // The publisher's loopback port (stack/site-servers.ts), which answers 404 for what it
    // does not take, as there.
    service = createServer((req, res) => {
      calls.push({ url: req.url ?? '', headers: { ...req.headers } });
      if (req.url === '/api/admin/publish/none') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"publish":true}');
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    server = await startStaticServer({
      distDir: dist,
      apiUrl: `http://127.0.0.1:${String((api.address() as AddressInfo).port)}`,
      port: 0,
      host: '127.0.0.1',
      proxySecret: 'the-secret',
      trustedRanges: ['127.0.0.0/8'],
      publishUpstream: `http://127.0.0.1:${String((service.address() as AddressInfo).port)}`,
    });
  });

  afterAll(async () => {
    await server.close();
    service.closeAllConnections();
    await new Promise<void>((resolve) => service.close(() => resolve()));
  });

  it('gets its paths first, with the headers the API would get', async () => {
    calls.length = 0;
    const reply = await fetch(`${server.url}/api/admin/publish`, {
      method: 'POST',
      headers: {
        'x-proxy-secret': 'guessed',
        'x-forwarded-for': '198.51.100.1, 203.0.113.7',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'shop.example.com',
      },
    });
    expect(reply.status).toBe(202);
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/publish']);
    const headers = calls[0]?.headers ?? {};
    expect(headers['x-proxy-secret']).toBe('the-secret');
    expect(headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers['x-forwarded-host']).toBe('shop.example.com');
  });

  it('answers what it does not take itself: the admin gate never sees it', async () => {
    calls.length = 0;
    const reply = await fetch(`${server.url}/api/admin/publish/none`);
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/publish/none']);
    expect(reply.status).toBe(404);
    expect(await reply.text()).toBe('Not found');
  });

  it('is not asked for other paths', async () => {
    calls.length = 0;
    for (const path of ['/api/admin/publishing', '/admin/publisher', '/admin', '/']) {
      await (await fetch(`${server.url}${path}`)).text();
    }
    expect(calls).toEqual([]);
  });

  it('is a 502 that says so while the publisher is down, and the site still answers', async () => {
    const down = await startStaticServer({
      distDir: dist,
      apiUrl: `http://127.0.0.1:${String((api.address() as AddressInfo).port)}`,
      port: 0,
      host: '127.0.0.1',
      // A port nothing listens on.
      publishUpstream: 'http://127.0.0.1:9',
    });
    try {
      const reply = await fetch(`${down.url}/admin/publish`);
      expect(reply.status).toBe(502);
      expect(await reply.json()).toEqual({
        error: 'The store service cannot be reached. Please try again.',
      });
      expect((await fetch(down.url)).status).toBe(200);
    } finally {
      await down.close();
    }
  });
});

// The store's realtime server behind this proxy, as `npm start` runs them: the handshake's
// Origin is checked against the host and scheme the proxy vouches for (server/realtime.ts).
describe('the realtime server behind it', () => {
  const secret = 'proxy-secret-for-static-server-realtime-0123';
  let apiServer: Server;
  let realtime: Realtime;
  let front: StaticServer;
  let apiUrl: string;

  beforeAll(async () => {
    apiServer = createServer((_req, res) => res.writeHead(404).end());
    realtime = attachRealtime(apiServer, { proxySecret: secret });
    await new Promise<void>((resolve) => apiServer.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${String((apiServer.address() as AddressInfo).port)}`;
    front = await startStaticServer({
      distDir: dist,
      apiUrl,
      port: 0,
      host: '127.0.0.1',
      proxySecret: secret,
    });
  });

  afterAll(async () => {
    await front.close();
    await realtime.close();
    apiServer.closeAllConnections();
    await new Promise<void>((resolve) => apiServer.close(() => resolve()));
  });

  /** Connects to /customer at `base` with `origin`; resolves true when let in. */
  const joins = (base: string, origin: string, transport: 'websocket' | 'polling') => {
    const client = connect(`${base}/customer`, {
      transports: [transport],
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin },
    });
    return new Promise<boolean>((resolve) => {
      client.once('connect', () => resolve(true));
      client.once('connect_error', () => resolve(false));
    }).finally(() => client.close());
  };

  it("lets in a page of the proxy's own origin, over a websocket and by polling", async () => {
    expect(await joins(front.url, front.url, 'websocket')).toBe(true);
    expect(await joins(front.url, front.url, 'polling')).toBe(true);
  });

  it("refuses another origin through the proxy, and the proxy's origin at the API itself", async () => {
    expect(await joins(front.url, 'http://evil.example', 'websocket')).toBe(false);
    expect(await joins(front.url, 'http://evil.example', 'polling')).toBe(false);
    // Straight to the API, nobody vouches that the shopper is on the proxy's origin.
    expect(await joins(apiUrl, front.url, 'websocket')).toBe(false);
  });
});
