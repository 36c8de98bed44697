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

/** Let in: the origin the shopper sees, or SITE_URL's. */
const letIn: [string, Transport, Headers][] = [
  ['a page of the server it connects to', 'websocket', { origin: own }],
  ['a page of the server it connects to, polling', 'polling', { origin: own }],
  ["SITE_URL's origin", 'websocket', { origin: SITE_URL }],
  [
    'the https store through the web server',
    'websocket',
    { ...VIA_PROXY, origin: 'https://store.example' },
  ],
  [
    'the https store through the web server, polling',
    'polling',
    { ...VIA_PROXY, origin: 'https://store.example' },
  ],
  // A same-origin GET carries no Origin; the browser says so in Sec-Fetch-Site.
  [
    'a same-origin polling handshake without Origin',
    'polling',
    { 'sec-fetch-site': 'same-origin' },
  ],
];

/** Origins that are not the store's, on a websocket the web server vouches for. */
const notTheStore: [string, string][] = [
  ['a look-alike host', 'https://store.example.evil'],
  ['a look-alike prefix', 'https://evilstore.example'],
  ['a subdomain of the store', 'https://x.store.example'],
  ['the right host over http when the shopper is on https', 'http://store.example'],
  ['the right host on another port', 'https://store.example:8443'],
  ['the right origin with a path', 'https://store.example/'],
  ['the right origin in capitals', 'HTTPS://STORE.EXAMPLE'],
];

/** Refused: another site, in every disguise. */
const refused: [string, Transport, Headers][] = [
  ['another site', 'websocket', { origin: 'http://evil.example' }],
  ['another site, polling', 'polling', { origin: 'http://evil.example' }],
  ['Origin: null (a sandboxed frame, a data: URL)', 'websocket', { origin: 'null' }],
  ['Origin: null, polling', 'polling', { origin: 'null' }],
  ['no Origin on a websocket', 'websocket', {}],
  ['no Origin on a polling handshake', 'polling', {}],
  [
    'no Origin, claiming same-origin on a websocket',
    'websocket',
    { 'sec-fetch-site': 'same-origin' },
  ],
  ["no Origin from another site's <img>", 'polling', { 'sec-fetch-site': 'cross-site' }],
  ['no Origin, same-site but not same-origin', 'polling', { 'sec-fetch-site': 'same-site' }],
  ...notTheStore.map(([name, origin]): [string, Transport, Headers] => [
    name,
    'websocket',
    { ...VIA_PROXY, origin },
  ]),
  ["SITE_URL's host over http", 'websocket', { origin: 'http://shop.example' }],
  // Forwarded headers count only with the web server's secret.
  [
    'a forged X-Forwarded-Host and -Proto without the secret',
    'websocket',
    {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      origin: 'https://evil.example',
    },
  ],
  [
    'a forged X-Forwarded-Host without the secret, polling',
    'polling',
    {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
      origin: 'http://evil.example',
    },
  ],
  [
    'a forged X-Forwarded-Host with a wrong secret',
    'websocket',
    { ...VIA_PROXY, 'x-proxy-secret': 'guessed', origin: 'https://store.example' },
  ],
  [
    "the store's origin while the web server vouches for another host",
    'websocket',
    { ...VIA_PROXY, 'x-forwarded-host': 'other.example', origin: 'https://store.example' },
  ],
];

describe('the realtime handshake', () => {
  /** A socket.io-client connection with `given` headers, `own` filled in. */
  const connect = (transport: Transport, given: Headers) => {
    const headers = Object.fromEntries(
      Object.entries(given).map(([name, value]) => [name, value === own ? rt.url : value]),
    );
    return rt.connect({ transports: [transport], headers });
  };

  it.each(letIn)('%s (%s): let in', async (_, transport, given) => {
    const client = await connect(transport, given);
    expect(await send(client, 'store:visit', { path: '/' })).toEqual({ ok: true, visitors: 1 });
  });

  it.each(refused)('%s (%s): refused', async (_, transport, given) => {
    await expect(connect(transport, given)).rejects.toThrow(/websocket error|xhr poll error/);
    expect(rt.realtime.visitors()).toBe(0);
    expect(rt.realtime.events()).toEqual([]);
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
