import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../accounts/session.ts';
import { CHECKOUT_COOKIE } from '../cart/session.ts';
import { seedCartCatalogue } from '../testing/cart.ts';
import { addCustomer, Browser, connectedFrom } from '../testing/accounts.ts';
import { testApp } from '../testing/app.ts';
import {
  forwarded,
  nodeRequestOrigin,
  originIsOneOf,
  publicOrigin,
  requestOrigin,
  type RequestOrigin,
} from './forwarded.ts';

const SECRET = 'proxy-secret-for-tests-0123456789abcdef';

/** An app that answers with what forwarded() decided about the request. */
function probe(proxySecret?: string) {
  const app = new Hono();
  app.use('*', forwarded({ proxySecret }));
  app.get('*', (c) => c.json({ ...requestOrigin(c), origin: publicOrigin(c) }));
  return async (
    headers: Record<string, string>,
    socket?: string,
    url = 'http://127.0.0.1:4322/api/x',
  ) => {
    const res = await app.request(url, { headers }, socket ? connectedFrom(socket) : undefined);
    return (await res.json()) as RequestOrigin & { origin: string };
  };
}

const SHOPPER = {
  'x-forwarded-for': '203.0.113.7',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'shop.example.com',
};

describe('forwarded', () => {
  it("believes the web server's X-Forwarded-* when it carries the proxy secret", async () => {
    const ask = probe(SECRET);
    expect(await ask({ ...SHOPPER, 'x-proxy-secret': SECRET }, '127.0.0.1')).toEqual({
      clientAddress: '203.0.113.7',
      proto: 'https',
      host: 'shop.example.com',
      origin: 'https://shop.example.com',
      viaWebServer: true,
    });
  });

  it('ignores them from anyone else: the socket peer and the request URL count', async () => {
    const direct = {
      clientAddress: '198.51.100.9',
      proto: 'http',
      host: '127.0.0.1:4322',
      origin: 'http://127.0.0.1:4322',
      viaWebServer: false,
    };
    const ask = probe(SECRET);
    expect(await ask(SHOPPER, '198.51.100.9')).toEqual(direct);
    expect(await ask({ ...SHOPPER, 'x-proxy-secret': 'wrong' }, '198.51.100.9')).toEqual(direct);
    // Same length, one character off.
    const near = `${SECRET.slice(0, -1)}x`;
    expect(await ask({ ...SHOPPER, 'x-proxy-secret': near }, '198.51.100.9')).toEqual(direct);
    // A connection from this machine is no proof either.
    expect((await ask(SHOPPER, '127.0.0.1')).clientAddress).toBe('127.0.0.1');
    // Without a configured secret, nothing vouches, not even an empty header.
    const open = probe(undefined);
    expect(await open({ ...SHOPPER, 'x-proxy-secret': '' }, '198.51.100.9')).toEqual(direct);
    expect((await open(SHOPPER)).clientAddress).toBe('unknown');
  });

  it('falls back to its own view when a vouched header is malformed', async () => {
    const ask = probe(SECRET);
    const reply = await ask(
      {
        'x-proxy-secret': SECRET,
        'x-forwarded-for': 'not-an-address',
        'x-forwarded-proto': 'gopher',
        'x-forwarded-host': 'evil.com/<script>',
      },
      '::ffff:10.0.0.4',
    );
    expect(reply).toEqual({
      clientAddress: '10.0.0.4',
      proto: 'http',
      host: '127.0.0.1:4322',
      origin: 'http://127.0.0.1:4322',
      viaWebServer: true,
    });
  });

  it('takes the last entry of a list, which the trusted hop wrote', async () => {
    const ask = probe(SECRET);
    const reply = await ask({
      'x-proxy-secret': SECRET,
      'x-forwarded-for': '6.6.6.6, 203.0.113.7',
      'x-forwarded-proto': 'http, https',
      'x-forwarded-host': 'Evil.example, SHOP.example.com:8443',
    });
    expect(reply).toMatchObject({
      clientAddress: '203.0.113.7',
      proto: 'https',
      host: 'shop.example.com:8443',
    });
  });

  it('treats a request that skipped the middleware as direct', async () => {
    const app = new Hono();
    app.get('*', (c) => c.json(requestOrigin(c)));
    const res = await app.request(
      'https://api.internal/x',
      { headers: SHOPPER },
      connectedFrom('192.0.2.1'),
    );
    expect(await res.json()).toEqual({
      clientAddress: '192.0.2.1',
      proto: 'https',
      host: 'api.internal',
      viaWebServer: false,
    });
  });
});

// The realtime handshake is a plain node request: the same decision must come out of it.
describe('nodeRequestOrigin', () => {
  const request = (headers: Record<string, string | string[]>, peer?: string) => ({
    headers,
    socket: { remoteAddress: peer },
  });

  it('decides as forwarded() does, for a vouched request and for anyone else', async () => {
    const ofNode = nodeRequestOrigin({ proxySecret: SECRET });
    const ask = probe(SECRET);
    const cases: [Record<string, string>, string][] = [
      [{ ...SHOPPER, 'x-proxy-secret': SECRET }, '127.0.0.1'],
      [SHOPPER, '198.51.100.9'],
      [{ ...SHOPPER, 'x-proxy-secret': 'wrong' }, '198.51.100.9'],
      [
        { 'x-proxy-secret': SECRET, 'x-forwarded-for': 'nope', 'x-forwarded-host': 'a/b' },
        '::ffff:10.0.0.4',
      ],
      [{ 'x-proxy-secret': SECRET, 'x-forwarded-for': '6.6.6.6, 203.0.113.7' }, '127.0.0.1'],
    ];
    for (const [headers, peer] of cases) {
      const { origin: _, ...fromHono } = await ask(headers, peer);
      const fromNode = ofNode(request({ ...headers, host: '127.0.0.1:4322' }, peer));
      expect(fromNode).toEqual(fromHono);
    }
  });

  it('takes the Host header as the host, normalised, and the socket for the scheme', () => {
    const ofNode = nodeRequestOrigin();
    expect(ofNode(request({ host: 'Shop.Example:80' }, '192.0.2.1'))).toEqual({
      clientAddress: '192.0.2.1',
      proto: 'http',
      host: 'shop.example',
      viaWebServer: false,
    });
    expect(ofNode({ headers: { host: 'shop.example' }, socket: { encrypted: true } })).toEqual({
      clientAddress: 'unknown',
      proto: 'https',
      host: 'shop.example',
      viaWebServer: false,
    });
    for (const host of ['evil.com/<script>', 'a b', '']) {
      expect(ofNode(request({ host }, '192.0.2.1')).host).toBe('');
    }
    expect(ofNode(request({}, '192.0.2.1')).host).toBe('');
  });

  it('believes nothing without a configured secret', () => {
    const ofNode = nodeRequestOrigin({ proxySecret: undefined });
    const decided = ofNode(
      request({ ...SHOPPER, 'x-proxy-secret': '', host: 'api:1' }, '10.0.0.9'),
    );
    expect(decided).toEqual({
      clientAddress: '10.0.0.9',
      proto: 'http',
      host: 'api:1',
      viaWebServer: false,
    });
  });
});

describe('originIsOneOf', () => {
  it('matches an Origin exactly, never an absent or null one', () => {
    const allowed = ['https://shop.example', 'http://localhost:4321'];
    expect(originIsOneOf('https://shop.example', allowed)).toBe(true);
    expect(originIsOneOf('http://localhost:4321', allowed)).toBe(true);
    for (const origin of [
      undefined,
      'null',
      '',
      'http://shop.example',
      'https://shop.example.evil',
      'https://shop.example:443',
      'https://SHOP.example',
    ]) {
      expect(originIsOneOf(origin, allowed)).toBe(false);
    }
    expect(originIsOneOf('null', ['null'])).toBe(false);
  });
});

describe('behind TLS termination', () => {
  // The curl: Host shop.example.com, X-Forwarded-Proto https, Origin the https site.
  const behindProxy = (secret?: string) => ({
    host: 'shop.example.com',
    origin: 'https://shop.example.com',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'shop.example.com',
    'x-forwarded-for': '203.0.113.7',
    ...(secret ? { 'x-proxy-secret': secret } : {}),
  });
  let app: ReturnType<typeof testApp>['app'];
  let wheel: number;
  beforeEach(async () => {
    const made = testApp({ proxySecret: SECRET });
    app = made.app;
    wheel = seedCartCatalogue(made.db).wheel;
    await addCustomer(made.db, 'ada@example.com');
  });

  it('signs in with Secure cookies and an https webUrl through the web server', async () => {
    // The API sees its own address; only the web server's headers say https.
    const browser = new Browser(app, '127.0.0.1');
    const login = await browser.login('ada@example.com', 'correct horse 1', behindProxy(SECRET));
    expect(login.status).toBe(200);
    const session = login.res.headers.getSetCookie().find((c) => c.startsWith(SESSION_COOKIE));
    expect(session).toMatch(/; Secure/);
    const added = await browser.call(
      'POST',
      '/api/checkouts/lineItems',
      { inventoryLevelId: wheel, quantity: 1 },
      behindProxy(SECRET),
    );
    expect(added.status).toBeLessThan(300);
    const cart = added.res.headers.getSetCookie().find((c) => c.startsWith(CHECKOUT_COOKIE));
    expect(cart).toMatch(/; Secure/);
    const checkout = await browser.call('GET', '/api/checkouts', undefined, behindProxy(SECRET));
    expect((checkout.body.checkout as { webUrl: string }).webUrl).toMatch(
      /^https:\/\/shop\.example\.com\/api\/external-checkout\//,
    );
  });

  it('ignores the same headers without the secret', async () => {
    const browser = new Browser(app, '127.0.0.1');
    // The request URL is http://localhost: an https Origin is then another site's.
    const login = await browser.login('ada@example.com', 'correct horse 1', behindProxy());
    expect(login.status).toBe(403);
    const added = await browser.call(
      'POST',
      '/api/checkouts/lineItems',
      { inventoryLevelId: wheel, quantity: 1 },
      { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.com' },
    );
    const cart = added.res.headers.getSetCookie().find((c) => c.startsWith(CHECKOUT_COOKIE));
    expect(cart).toBeDefined();
    expect(cart).not.toMatch(/Secure/);
    const checkout = await browser.call('GET', '/api/checkouts', undefined, {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'shop.example.com',
    });
    expect((checkout.body.checkout as { webUrl: string }).webUrl).toMatch(
      /^http:\/\/localhost\/api\/external-checkout\//,
    );
  });
});
