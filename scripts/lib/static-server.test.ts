import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server as SocketServer } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleSet,
  PRODUCT_HANDLES_FILE,
  resolveFile,
  startStaticServer,
  type StaticServer,
} from './static-server.ts';

let dist: string;
let api: Server;
let sockets: SocketServer;
let site: StaticServer;
const seen: { method: string; url: string; body: string; forwardedHost: string }[] = [];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dist, 'index.html'), '<h1>home</h1>');
  writeFileSync(join(dist, '404.html'), '<h1>This page does not exist.</h1>');
  mkdirSync(join(dist, 'cart'));
  writeFileSync(join(dist, 'cart', 'index.html'), '<h1>cart page</h1>');
  mkdirSync(join(dist, '_astro'));
  writeFileSync(join(dist, '_astro', 'app.abc.js'), 'console.log(1)');
  mkdirSync(join(dist, 'products', 'poly-load-wheel'), { recursive: true });
  writeFileSync(
    join(dist, 'products', 'poly-load-wheel', 'index.html'),
    '<h1>Poly Load Wheel</h1>',
  );
  mkdirSync(join(dist, 'about-us'));
  writeFileSync(join(dist, 'about-us', 'index.html'), '<h1>About us</h1>');
  writeFileSync(join(dist, PRODUCT_HANDLES_FILE), 'poly-load-wheel\nabout-us\n');

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
  site = await startStaticServer({
    distDir: dist,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    port: 0,
    host: '127.0.0.1',
  });
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

  it('answers unknown paths with the 404 page and status', async () => {
    const missing = await fetch(`${site.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('This page does not exist.');
  });

  it('never serves files outside the build', async () => {
    expect(await resolveFile(dist, '/../../etc/passwd')).toBeUndefined();
    expect(await resolveFile(dist, '/..%2f..%2fetc%2fpasswd')).toBeUndefined();
    expect(await resolveFile(dist, '/%E0%A4%A')).toBeUndefined();
    expect(await resolveFile(dist, '/a%00b')).toBeUndefined();
    expect((await fetch(`${site.url}/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
  });

  it('keeps the legacy URLs working', async () => {
    const cart = await fetch(`${site.url}/cart.php`);
    expect(cart.status).toBe(200);
    expect(await cart.text()).toBe('<h1>cart page</h1>');
    const article = await fetch(`${site.url}/Articles.asp?ID=355`, { redirect: 'manual' });
    expect(article.status).toBe(301);
    expect(article.headers.get('location')).toBe('/articles/id/355/');
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
