// Both web servers over one build and one stand-in API: nginx with the configuration the build
// writes (the production topology) and the local Node server of `npm start`. They come from
// the same rules (src/lib/routing/legacy-routes.ts, headers.ts), so they must answer alike.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTICLE_REDIRECTS_PATH,
  articleRedirectsJson,
} from '../../../src/lib/routing/article-redirects.ts';
import { storeConfig } from '../../../src/lib/config/store-config.ts';
import { chatPolicySources } from '../../../src/lib/shell/chat-setting.ts';
import { NGINX_DIR, writeServerFiles } from '../build-site.ts';
import { startNginx, type NginxServer } from '../nginx.ts';
import { startStaticServer, type StaticServer } from '../static-server.ts';
import { PRODUCT_HANDLES_FILE } from './release-files.ts';
import { sendRequest } from './test-request.ts';
import { parseTrustedProxies } from './trusted-proxies.ts';

const SECRET = 'proxy-secret-for-the-test-0123456789abcdef';
let work: string;
let dist: string;
let api: Server;
let apiUrl: string;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
const servers: Record<string, { url: string; close: () => Promise<void> }> = {};
let trustingNginx: NginxServer;
let trustingNode: StaticServer;

const page = (title: string, script = '') =>
  `<!doctype html><html><head><title>${title}</title>${script}</head><body><h1>${title}</h1>${'<p>filler text for compression</p>'.repeat(40)}</body></html>`;

function write(path: string, text: string) {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), text);
}

beforeAll(async () => {
  execFileSync('bash', ['scripts/setup-nginx.sh'], { stdio: 'inherit' });
  work = mkdtempSync(join(tmpdir(), 'servers-'));
  // Entered by nginx's workers, which run as www-data when the test runs as root.
  chmodSync(work, 0o711);
  dist = join(work, 'dist');
  write('index.html', page('home', '<script type="module">console.log("home")</script>'));
  write('404.html', page('This page does not exist.'));
  write('cart/index.html', page('cart page'));
  write('search/index.html', page('search page'));
  write('account/order/index.html', page('one order'));
  write('sitemap-index/products/index.html', page('sitemap products'));
  write('articles/ask-our-experts/index.html', page('Ask our experts'));
  write(
    ARTICLE_REDIRECTS_PATH,
    articleRedirectsJson([
      [355, '/articles/ask-our-experts'],
      [257, '/articles/shipping-details'],
    ]),
  );
  write('_astro/app.abc123.js', `export const app = ${JSON.stringify('x'.repeat(2000))};`);
  write('suggest/w/AbC-12_xyz78.json', '{"words":[],"postings":[]}');
  write('suggest/index.json', '{"version":1}');
  write('products/poly-load-wheel/index.html', page('Poly Load Wheel'));
  write('about-us/index.html', page('About us'));
  write('brands/Blue Giant/index.html', page('Blue Giant'));
  write(PRODUCT_HANDLES_FILE, 'poly-load-wheel\nabout-us\n');
  mkdirSync(join(work, 'media', 'products'), { recursive: true });
  writeFileSync(
    join(work, 'media', 'products', 'wheel-1.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  await writeServerFiles(dist);

  api = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ from: 'api', url: req.url }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

  const common = { apiUrl, mediaDir: join(work, 'media'), proxySecret: SECRET, adminPublic: false };
  const nginx = (runDir: string, trustedRanges: string[]) =>
    startNginx({
      runDir: join(work, runDir),
      siteConfDir: join(dist, NGINX_DIR),
      root: dist,
      mediaRoot: common.mediaDir,
      api: new URL(apiUrl).host,
      proxySecret: SECRET,
      trustedRanges,
      adminPublic: false,
    });
  servers.nginx = await nginx('nginx', []);
  servers.node = await startStaticServer({
    ...common,
    distDir: dist,
    port: 0,
    host: '127.0.0.1',
    trustedRanges: [],
  });
  // The same two behind a TLS terminator on this machine (TRUST_PROXY=loopback).
  trustingNginx = await nginx('nginx-trusting', parseTrustedProxies('loopback'));
  trustingNode = await startStaticServer({
    ...common,
    distDir: dist,
    port: 0,
    host: '127.0.0.1',
    trustedRanges: parseTrustedProxies('loopback'),
  });
}, 120_000);

afterAll(async () => {
  for (const server of Object.values(servers)) await server.close();
  await trustingNginx.close();
  await trustingNode.close();
  api.closeAllConnections();
  await new Promise<void>((resolve) => api.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

/** A GET that follows no redirect, with the raw headers (fetch would hide Location's form). */
function get(base: string, path: string, headers: Record<string, string> = {}) {
  return sendRequest({ port: new URL(base).port, path, headers, encoding: 'latin1' });
}

const both = ['nginx', 'node'] as const;

describe.each(both)('%s', (name) => {
  const base = () => servers[name]?.url ?? '';

  it.each([
    ['/', 200, undefined],
    ['/cart.php', 200, undefined],
    ['/search.php?q=wheel', 200, undefined],
    ['/searchresults.asp?q=wheel', 301, '/search.php?q=wheel'],
    // Legacy article links: one 301 to the article, path and parameter
    // name in any case; other parameters are dropped, as the article page reads none.
    ['/Articles.asp?ID=355', 301, '/articles/ask-our-experts'],
    ['/articles.asp?id=355', 301, '/articles/ask-our-experts'],
    ['/ARTICLES.ASP?Id=257', 301, '/articles/shipping-details'],
    ['/Articles.asp?utm_source=mail&ID=355', 301, '/articles/ask-our-experts'],
    ['/Articles.asp?ID=355&ID=257', 301, '/articles/ask-our-experts'],
    ['/articles/ask-our-experts', 200, undefined],
    // An id without an article, none at all, or a crafted value: the 404 page, no redirect.
    ['/Articles.asp?ID=999', 404, undefined],
    ['/Articles.asp', 404, undefined],
    ['/Articles.asp?ID=', 404, undefined],
    ['/Articles.asp?ID=0355', 404, undefined],
    ['/Articles.asp?ID=//evil.com', 404, undefined],
    ['/Articles.asp?ID=%2F%2Fevil.com', 404, undefined],
    ['/Articles.asp?ID=355/../../x', 404, undefined],
    ['/Articles.asp?ID=https://evil.com/', 404, undefined],
    ['/Articles.asp?xid=355', 404, undefined],
    ['/Articles.asp/?ID=355', 404, undefined],
    ['/account/orders/IPD-100123', 200, undefined],
    ['/account/orders/IPD-100123/', 200, undefined],
    ['/sitemap.php/products', 200, undefined],
    ['/collections/wheels/product/poly-load-wheel', 301, '/products/poly-load-wheel'],
    ['/collection/wheels/product/poly-load-wheel/', 301, '/products/poly-load-wheel'],
    ['/poly-load-wheel?ref=mail', 301, '/products/poly-load-wheel?ref=mail'],
    ['/about-us', 200, undefined],
    ['/brands/Blue-Giant.html', 301, '/brands/Blue%20Giant'],
    // spec storefront 2: the collection page's tagFilter route parameter.
    ['/collections/wheels/Material_Nylon', 301, '/collections/wheels?t=Material_Nylon'],
    ['/collections/wheels/Size_10%20in/', 301, '/collections/wheels?t=Size_10%20in'],
    [
      '/collections/wheels/Material,Nylon?sortBy=price_asc',
      301,
      '/collections/wheels?t=Material,Nylon&sortBy=price_asc',
    ],
    ['/collections/wheels/page', 404, undefined],
    ['/collections/wheels/_Nylon', 404, undefined],
    ['/collections/wh%2Fels/Material_Nylon', 404, undefined],
    ['/no-such-page', 404, undefined],
    ['/_server/headers.json', 404, undefined],
    ['/_server/nginx/server.conf', 404, undefined],
    [ARTICLE_REDIRECTS_PATH, 404, undefined],
  ] as const)('%s answers %i', async (path, status, location) => {
    const reply = await get(base(), path);
    expect(reply.status).toBe(status);
    expect(reply.headers.location).toBe(location);
    if (status === 404) expect(reply.body).toContain('This page does not exist.');
  });

  it('never serves a file outside the build', async () => {
    for (const path of ['/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc/passwd', '/cart/%00.html']) {
      const reply = await get(base(), path);
      // nginx refuses such a path as a bad request, the Node server as not found.
      expect([400, 404]).toContain(reply.status);
      expect(reply.body).not.toContain('root:');
    }
  });

  it('sends the security headers with every page', async () => {
    const { headers } = await get(base(), '/');
    const csp = String(headers['content-security-policy']);
    const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scripts).not.toContain('unsafe-inline');
    // The page's own inline script is allowed by its hash, and nothing else inline.
    expect(scripts).toMatch(/'sha256-[A-Za-z0-9+/=]{44}'/);
    // The theme's support chat: its script's origin, the one foreign script source.
    expect(scripts.split(' ').filter((source) => source.startsWith('https:'))).toEqual(
      chatPolicySources(storeConfig.theme.chat).script,
    );
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('caches hashed bundles for a year and sends the precompressed file the client takes', async () => {
    const br = await get(base(), '/_astro/app.abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const gzip = await get(base(), '/cart.php', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get(base(), '/cart.php');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('cart page');
    // The suggestion index: its hashed blocks kept, its manifest revalidated.
    const block = await get(base(), '/suggest/w/AbC-12_xyz78.json');
    expect(block.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await get(base(), '/suggest/index.json');
    expect(manifest.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('serves exported media itself, and asks the API only for the rest', async () => {
    seen.length = 0;
    const file = await get(base(), '/api/media/products/wheel-1.svg');
    expect(file.body).toContain('<svg');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(seen).toHaveLength(0);
    const missing = await get(base(), '/api/media/products/wheel-2.svg');
    expect(JSON.parse(missing.body)).toMatchObject({ from: 'api' });
  });

  it('keeps the merchandiser API off the public site', async () => {
    seen.length = 0;
    const reply = await get(base(), '/api/admin/outbox');
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toContain('application/json');
    expect(seen).toHaveLength(0);
  });

  it('replaces the forwarded headers a client sends, and vouches with the secret', async () => {
    seen.length = 0;
    const reply = await get(base(), '/api/user', {
      'x-forwarded-for': '203.0.113.66',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'attacker.example',
      'x-proxy-secret': 'guessed',
      host: 'shop.local:8080',
    });
    expect(reply.status).toBe(200);
    const headers = seen[0]?.headers ?? {};
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe('shop.local:8080');
    expect(headers['x-proxy-secret']).toBe(SECRET);
  });
});

describe.each(['nginx', 'node'] as const)('%s behind a trusted TLS terminator', (name) => {
  const base = () => (name === 'nginx' ? trustingNginx.url : trustingNode.url);

  it('believes the hop in front: the client address, https and the public host', async () => {
    seen.length = 0;
    await get(base(), '/api/user', {
      'x-forwarded-for': '198.51.100.1, 203.0.113.7',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'shop.example.com',
    });
    const headers = seen[0]?.headers ?? {};
    expect(headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers['x-forwarded-host']).toBe('shop.example.com');
  });

  it('sends HSTS and upgrades requests on https pages only', async () => {
    const secure = await get(base(), '/', { 'x-forwarded-proto': 'https' });
    expect(secure.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(String(secure.headers['content-security-policy'])).toContain(
      'upgrade-insecure-requests',
    );
    const plain = await get(base(), '/');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
