// Who may open a realtime connection: the handshake's Origin against the store's own origin,
// over real socket.io-client connections (issue 28, item 4: a thousand websockets from
// Origin http://evil.example were all let in).
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  send,
  startRealtime,
  TEST_PROXY_SECRET,
  type RealtimeHarness,
} from './testing/realtime.ts';

const SITE_URL = 'https://shop.example';

/** What nginx sends for a shopper on https://store.example: its own headers, vouched. */
const VIA_PROXY = {
  'x-proxy-secret': TEST_PROXY_SECRET,
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'store.example',
  'x-forwarded-for': '203.0.113.7',
};

let rt: RealtimeHarness;

beforeEach(async () => {
  rt = await startRealtime({ proxySecret: TEST_PROXY_SECRET, siteUrl: SITE_URL });
});

afterEach(async () => {
  await rt.close();
});

type Transport = 'websocket' | 'polling';
/** Headers of a case; `own` stands for the server's own origin (http://127.0.0.1:{port}). */
type Headers = Record<string, string>;
const own = 'own';

const table: [string, Transport, boolean, Headers][] = [
  // Let in: the origin the shopper sees, or SITE_URL's.
  ['a page of the server it connects to', 'websocket', true, { origin: own }],
  ['a page of the server it connects to, polling', 'polling', true, { origin: own }],
  ["SITE_URL's origin", 'websocket', true, { origin: SITE_URL }],
  [
    'the https store through the web server',
    'websocket',
    true,
    { ...VIA_PROXY, origin: 'https://store.example' },
  ],
  [
    'the https store through the web server, polling',
    'polling',
    true,
    { ...VIA_PROXY, origin: 'https://store.example' },
  ],
  // A same-origin GET carries no Origin; the browser says so in Sec-Fetch-Site.
  [
    'a same-origin polling handshake without Origin',
    'polling',
    true,
    { 'sec-fetch-site': 'same-origin' },
  ],

  // Refused: another site, in every disguise.
  ['another site', 'websocket', false, { origin: 'http://evil.example' }],
  ['another site, polling', 'polling', false, { origin: 'http://evil.example' }],
  ['Origin: null (a sandboxed frame, a data: URL)', 'websocket', false, { origin: 'null' }],
  ['Origin: null, polling', 'polling', false, { origin: 'null' }],
  ['no Origin on a websocket', 'websocket', false, {}],
  ['no Origin on a polling handshake', 'polling', false, {}],
  [
    'no Origin, claiming same-origin on a websocket',
    'websocket',
    false,
    { 'sec-fetch-site': 'same-origin' },
  ],
  ["no Origin from another site's <img>", 'polling', false, { 'sec-fetch-site': 'cross-site' }],
  ['no Origin, same-site but not same-origin', 'polling', false, { 'sec-fetch-site': 'same-site' }],
  ['a look-alike host', 'websocket', false, { ...VIA_PROXY, origin: 'https://store.example.evil' }],
  [
    'a look-alike prefix',
    'websocket',
    false,
    { ...VIA_PROXY, origin: 'https://evilstore.example' },
  ],
  [
    'a subdomain of the store',
    'websocket',
    false,
    { ...VIA_PROXY, origin: 'https://x.store.example' },
  ],
  [
    'the right host over http when the shopper is on https',
    'websocket',
    false,
    { ...VIA_PROXY, origin: 'http://store.example' },
  ],
  [
    'the right host on another port',
    'websocket',
    false,
    { ...VIA_PROXY, origin: 'https://store.example:8443' },
  ],
  [
    'the right origin with a path',
    'websocket',
    false,
    { ...VIA_PROXY, origin: 'https://store.example/' },
  ],
  [
    'the right origin in capitals',
    'websocket',
    false,
    { ...VIA_PROXY, origin: 'HTTPS://STORE.EXAMPLE' },
  ],
  ["SITE_URL's host over http", 'websocket', false, { origin: 'http://shop.example' }],
  // Forwarded headers count only with the web server's secret.
  [
    'a forged X-Forwarded-Host and -Proto without the secret',
    'websocket',
    false,
    {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      origin: 'https://evil.example',
    },
  ],
  [
    'a forged X-Forwarded-Host without the secret, polling',
    'polling',
    false,
    {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
      origin: 'http://evil.example',
    },
  ],
  [
    'a forged X-Forwarded-Host with a wrong secret',
    'websocket',
    false,
    { ...VIA_PROXY, 'x-proxy-secret': 'guessed', origin: 'https://store.example' },
  ],
  [
    "the store's origin while the web server vouches for another host",
    'websocket',
    false,
    { ...VIA_PROXY, 'x-forwarded-host': 'other.example', origin: 'https://store.example' },
  ],
];

describe('the realtime handshake', () => {
  it.each(table)('%s (%s): let in %s', async (_, transport, allowed, given) => {
    const headers = Object.fromEntries(
      Object.entries(given).map(([name, value]) => [name, value === own ? rt.url : value]),
    );
    const connecting = rt.connect({ transports: [transport], headers });
    if (allowed) {
      const client = await connecting;
      expect(await send(client, 'store:visit', { path: '/' })).toEqual({ ok: true, visitors: 1 });
    } else {
      await expect(connecting).rejects.toThrow(/websocket error|xhr poll error/);
      expect(rt.realtime.visitors()).toBe(0);
      expect(rt.realtime.events()).toEqual([]);
    }
  });

  /** A raw handshake request: its status and body, as a browser would get them. */
  const handshake = (transport: Transport, headers: Headers) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const upgrade =
        transport === 'websocket'
          ? {
              connection: 'Upgrade',
              upgrade: 'websocket',
              'sec-websocket-version': '13',
              'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
            }
          : {};
      const req = request(`${rt.url}/socket.io/?EIO=4&transport=${transport}`, {
        headers: { ...upgrade, ...headers },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('upgrade', (res, socket) => {
        socket.destroy();
        resolve({ status: res.statusCode ?? 0, body: '' });
      });
      req.on('error', reject);
      req.end();
    });

  it('refuses before any session exists, and says why', async () => {
    const polled = await handshake('polling', { origin: 'http://evil.example' });
    expect(polled.status).toBe(403);
    expect(JSON.parse(polled.body)).toEqual({
      code: 4,
      message: 'This connection must come from the store itself.',
    });
    const silent = await handshake('polling', {});
    expect(silent.status).toBe(403);
    expect(silent.body).toContain('Origin');
    // Engine.IO answers every refused upgrade with 400, the reason in the body.
    const socket = await handshake('websocket', { origin: 'http://evil.example' });
    expect(socket).toEqual({
      status: 400,
      body: 'This connection must come from the store itself.',
    });
    // The same requests from the store are let in (101 Switching Protocols, 200 with a sid).
    expect((await handshake('websocket', { origin: rt.url })).status).toBe(101);
    const opened = await handshake('polling', { origin: rt.url });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatch(/^0\{"sid":/);
  });
});
