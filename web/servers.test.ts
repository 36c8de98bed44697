// Both web servers over one build and one stand-in API (./both-servers.ts): nginx with the
// configuration the build writes (the production topology) and the local Node server of `npm
// start`. They come from the same rules (src/lib/routing/legacy-routes.ts, headers.ts), so they
// must answer alike.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTIONS_PER_ADDRESS } from '../server/realtime/limits.ts';
import { ARTICLE_REDIRECTS_PATH } from '../src/lib/routing/article-redirects.ts';
import { QUESTION_REDIRECTS_PATH } from '../src/lib/routing/question-redirects.ts';
import { chatPolicySources, storeChat } from '../src/lib/shell/chat-setting.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  PART_MARKERS,
  rawRequest,
  SECRET,
  startBothServers,
  type BothServers,
} from './both-servers.testing.ts';

let servers: BothServers;
const seen = () => servers.seen;

beforeAll(async () => {
  servers = await startBothServers();
}, 120_000);

afterAll(() => servers.close());

const get = rawRequest;

/** A body read as latin1 (rawRequest), decoded from the encoding the server chose. */
function decoded(body: string, encoding: string | string[] | undefined): string {
  const bytes = Buffer.from(body, 'latin1');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

describe.each(['nginx', 'node'] as const)('%s', (name) => {
  const base = () => servers.url[name];

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
    // A question's older address (the demo's before its questions were reworded): one 301 to
    // its page by its id, parameters kept; an id no question has stays not found.
    ['/questions/Q10001/how-long-does-a-charge-last', 200, undefined],
    [
      '/questions/Q10001/will-this-fit-a-crown-pth50',
      301,
      '/questions/Q10001/how-long-does-a-charge-last',
    ],
    [
      '/questions/Q10001/will-this-fit-a-crown-pth50/?ref=mail',
      301,
      '/questions/Q10001/how-long-does-a-charge-last?ref=mail',
    ],
    ['/questions/q10001', 301, '/questions/Q10001/how-long-does-a-charge-last'],
    ['/questions/Default/older', 301, '/questions/Default/what-is-the-default'],
    ['/questions/Q99999/will-this-fit-a-crown-pth50', 404, undefined],
    ['/questions/Q10001/will-this-fit/x', 404, undefined],
    ['/questions/Topic/compatibility/1', 404, undefined],
    [QUESTION_REDIRECTS_PATH, 404, undefined],
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
    // The store's support chat (none in the demo): its script's origin, the one foreign one.
    expect(scripts.split(' ').filter((source) => source.startsWith('https:'))).toEqual(
      chatPolicySources(storeChat()).script,
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

  it('fills the shell parts into a page and compresses it as it sends it', async () => {
    for (const accept of ['br, gzip', 'gzip', '']) {
      const reply = await get(base(), '/products/poly-load-wheel', { 'accept-encoding': accept });
      expect(reply.status).toBe(200);
      const encoding = reply.headers['content-encoding'];
      // nginx compresses on the fly with gzip (brotli only with its module), Node with either.
      if (accept === '') expect(encoding).toBeUndefined();
      else expect(accept.split(', ')).toContain(encoding);
      const html = decoded(reply.body, encoding);
      expect(html).toContain('<h1>Poly Load Wheel</h1>');
      expect(html).toContain(`<div>${PART_MARKERS.menus}</div><h1>`);
      expect(html).toContain(`<div>${PART_MARKERS.footer}</div>`);
      expect(html).not.toContain('<!--#');
      expect(html.endsWith('</html>')).toBe(true);
      // Its bytes change when a part does: no validator that would keep an old copy.
      expect(reply.headers.etag).toBeUndefined();
      expect(reply.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
    }
    // The 404 page is filled too, with its status.
    const missing = await get(base(), '/no-such-page', { 'accept-encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(decoded(missing.body, missing.headers['content-encoding'])).toContain(
      PART_MARKERS.footer,
    );
  });

  it('never answers a shell part on its own', async () => {
    for (const path of ['/shell-parts/menus/index.html', '/shell-parts/footer/', '/shell-parts/']) {
      const reply = await get(base(), path);
      expect(reply.status).toBe(404);
      // The 404 page (which has the parts in their places), not the part.
      expect(reply.body).toMatch(/^<!doctype html>.*This page does not exist\./s);
    }
  });

  it('serves exported media itself, and asks the API only for the rest', async () => {
    seen().length = 0;
    const file = await get(base(), '/api/media/products/wheel-1.svg');
    expect(file.body).toContain('<svg');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(seen()).toHaveLength(0);
    const missing = await get(base(), '/api/media/products/wheel-2.svg');
    expect(JSON.parse(missing.body)).toMatchObject({ from: 'api' });
  });

  it('keeps the merchandiser API off the public site', async () => {
    seen().length = 0;
    const reply = await get(base(), '/api/admin/outbox');
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toContain('application/json');
    expect(seen()).toHaveLength(0);
  });

  it('replaces the forwarded headers a client sends, and vouches with the secret', async () => {
    seen().length = 0;
    const reply = await get(base(), '/api/user', {
      'x-forwarded-for': '203.0.113.66',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'attacker.example',
      'x-proxy-secret': 'guessed',
      host: 'shop.local:8080',
    });
    expect(reply.status).toBe(200);
    const headers = seen()[0]?.headers ?? {};
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe('shop.local:8080');
    expect(headers['x-proxy-secret']).toBe(SECRET);
  });
});

describe.each(['nginx', 'node'] as const)('%s behind a trusted TLS terminator', (name) => {
  const base = () => servers.trustingUrl[name];

  it('believes the hop in front: the client address, https and the public host', async () => {
    seen().length = 0;
    await get(base(), '/api/user', {
      'x-forwarded-for': '198.51.100.1, 203.0.113.7',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'shop.example.com',
    });
    const headers = seen()[0]?.headers ?? {};
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

describe('nginx in front of the realtime server', () => {
  /** A websocket upgrade of /socket.io/ that stays open; resolves with nginx's answer if any. */
  const upgrade = (port: string, headers: Record<string, string>) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/socket.io/?EIO=4&transport=websocket',
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    const answered = new Promise<number>((resolve) => {
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', () => {});
    req.end();
    return { req, answered };
  };

  it(`holds /socket.io/ to ${String(CONNECTIONS_PER_ADDRESS)} connections per client address`, async () => {
    // Behind a trusted hop, so that X-Forwarded-For names the client nginx counts.
    const port = new URL(servers.trustingUrl.nginx).port;
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const before = servers.held.length;
    const open = Array.from({ length: CONNECTIONS_PER_ADDRESS }, () =>
      upgrade(port, from('203.0.113.7')),
    );
    await servers.untilHeld(before + CONNECTIONS_PER_ADDRESS);
    const refused = upgrade(port, from('203.0.113.7'));
    const passedOn = servers
      .untilHeld(before + CONNECTIONS_PER_ADDRESS + 1)
      .then(() => 'passed on');
    expect(await Promise.race([refused.answered, passedOn])).toBe(429);
    // Another address is not held up by this one.
    const other = upgrade(port, from('203.0.113.8'));
    await servers.untilHeld(before + CONNECTIONS_PER_ADDRESS + 1);
    expect(seen().at(-1)?.headers['x-forwarded-for']).toBe('203.0.113.8');
    for (const { req } of [...open, other, refused]) req.destroy();
  });
});
