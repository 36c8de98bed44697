import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attachRealtime, parseVisit, type Realtime } from './realtime.ts';

interface Ack {
  ok: boolean;
  visitors: number;
}

let server: HttpServer;
let realtime: Realtime;
let url: string;
const clients: Socket[] = [];
/** Waiters for the next visitor count, resolved from the onChange hook (no sleeps). */
let waiters: { count: number; resolve: () => void }[] = [];

function untilVisitors(count: number): Promise<void> {
  if (realtime.visitors() === count) return Promise.resolve();
  return new Promise((resolve) => waiters.push({ count, resolve }));
}

beforeEach(async () => {
  waiters = [];
  server = createServer((_req, res) => {
    res.writeHead(404).end('not socket.io');
  });
  realtime = attachRealtime(server, {
    onChange: (count) => {
      const ready = waiters.filter((waiter) => waiter.count === count);
      waiters = waiters.filter((waiter) => waiter.count !== count);
      for (const waiter of ready) waiter.resolve();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await realtime.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A connected client of the /customer namespace. */
async function customer(transports: ('websocket' | 'polling')[] = ['websocket']) {
  const client = connect(`${url}/customer`, { transports, reconnection: false, forceNew: true });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}

/** Emits an event with an acknowledgement and resolves with the server's reply. */
const send = (client: Socket, event: string, ...args: unknown[]) =>
  client.timeout(5000).emitWithAck(event, ...args) as Promise<Ack>;

describe('parseVisit', () => {
  it('accepts a path, with or without coordinates', () => {
    expect(parseVisit({ path: '/' })).toEqual({ path: '/' });
    expect(parseVisit({ path: '/products/x', coordinates: null })).toEqual({
      path: '/products/x',
    });
    expect(
      parseVisit({ path: '/cart', coordinates: { latitude: 40.7, longitude: -74 }, extra: 1 }),
    ).toEqual({ path: '/cart', coordinates: { latitude: 40.7, longitude: -74 } });
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', '/products'],
    ['an array', [{ path: '/' }]],
    ['no path', {}],
    ['a numeric path', { path: 5 }],
    ['a relative path', { path: 'products' }],
    ['a full URL', { path: 'https://evil.example/' }],
    ['an oversized path', { path: `/${'a'.repeat(3000)}` }],
    ['coordinates as text', { path: '/', coordinates: 'here' }],
    ['latitude as text', { path: '/', coordinates: { latitude: '1', longitude: 2 } }],
    ['a latitude out of range', { path: '/', coordinates: { latitude: 91, longitude: 0 } }],
    ['a longitude out of range', { path: '/', coordinates: { latitude: 0, longitude: -181 } }],
    ['NaN', { path: '/', coordinates: { latitude: NaN, longitude: 0 } }],
    ['missing longitude', { path: '/', coordinates: { latitude: 1 } }],
  ])('refuses %s', (_, payload) => {
    expect(parseVisit(payload)).toBeUndefined();
  });
});

describe('the /customer namespace', () => {
  it('counts a visitor after store:visit and stops at store:leave', async () => {
    const client = await customer();
    expect(realtime.visitors()).toBe(0);
    expect(await send(client, 'store:visit', { path: '/' })).toEqual({ ok: true, visitors: 1 });
    expect(realtime.visitors()).toBe(1);
    expect(await send(client, 'store:leave')).toEqual({ ok: true, visitors: 0 });
    expect(realtime.visitors()).toBe(0);
  });

  it('counts a socket once however many pages it visits', async () => {
    const client = await customer();
    await send(client, 'store:visit', { path: '/' });
    await send(client, 'store:visit', { path: '/products/load-wheel' });
    const ack = await send(client, 'store:visit', {
      path: '/cart.php',
      coordinates: { latitude: 51.5, longitude: -0.12 },
    });
    expect(ack).toEqual({ ok: true, visitors: 1 });
  });

  it('counts several visitors and stops counting one that disconnects', async () => {
    const [a, b, c] = [await customer(), await customer(), await customer()];
    if (!a || !b || !c) throw new Error('no clients');
    await send(a, 'store:visit', { path: '/' });
    await send(b, 'store:visit', { path: '/collections/wheels' });
    expect(realtime.visitors()).toBe(2);
    // Connected but not visiting: not counted.
    expect(await send(c, 'store:leave')).toEqual({ ok: true, visitors: 2 });
    const gone = untilVisitors(1);
    a.disconnect();
    await gone;
    expect(realtime.visitors()).toBe(1);
  });

  it('does not count a socket that disconnects before visiting', async () => {
    const client = await customer();
    await send(client, 'store:leave');
    client.disconnect();
    const other = await customer();
    expect(await send(other, 'store:visit', { path: '/' })).toEqual({ ok: true, visitors: 1 });
  });

  it('counts a visitor again after leaving and coming back', async () => {
    const client = await customer();
    await send(client, 'store:visit', { path: '/' });
    await send(client, 'store:leave');
    expect(await send(client, 'store:visit', { path: '/' })).toEqual({ ok: true, visitors: 1 });
  });

  it('ignores malformed payloads and keeps serving', async () => {
    const client = await customer();
    const bad: unknown[] = [
      undefined,
      null,
      42,
      'text',
      [1, 2],
      { path: 7 },
      { path: 'no-slash' },
      { path: '/', coordinates: { latitude: 'north', longitude: 0 } },
      { path: '/', coordinates: { latitude: 1000, longitude: 0 } },
      { path: `/${'x'.repeat(5000)}` },
      { toString: 'boom', path: { evil: true } },
    ];
    for (const payload of bad) {
      expect(await send(client, 'store:visit', payload)).toEqual({ ok: false, visitors: 0 });
    }
    // Without an acknowledgement, and with stray extra arguments, nothing breaks either.
    client.emit('store:visit', { path: 9 });
    client.emit('store:visit');
    client.emit('store:leave', 'extra', 1, { x: 1 });
    client.emit('unknown:event', { path: '/' });
    // Events of one socket are handled in order: this reply comes after all of the above.
    expect(await send(client, 'store:visit', { path: '/' }, 'extra')).toEqual({
      ok: true,
      visitors: 1,
    });
    expect(client.connected).toBe(true);
  });

  it('drops a client whose message is too large, and counts it out', async () => {
    const client = await customer();
    await send(client, 'store:visit', { path: '/' });
    const gone = untilVisitors(0);
    const closed = new Promise<string>((resolve) => client.once('disconnect', resolve));
    client.emit('store:visit', { path: `/${'x'.repeat(64 * 1024)}` });
    await gone;
    expect(await closed).toMatch(/transport close|transport error/);
    expect(realtime.visitors()).toBe(0);
  });

  it('works over HTTP long-polling too', async () => {
    const client = await customer(['polling']);
    expect(await send(client, 'store:visit', { path: '/' })).toEqual({ ok: true, visitors: 1 });
  });

  it('leaves other HTTP requests to the server', async () => {
    const reply = await fetch(`${url}/api/health`);
    expect(reply.status).toBe(404);
    expect(await reply.text()).toBe('not socket.io');
  });

  it('refuses other namespaces', async () => {
    const client = connect(`${url}/admin`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    clients.push(client);
    const error = await new Promise<Error>((resolve) => client.once('connect_error', resolve));
    expect(error.message).toMatch(/Invalid namespace/);
  });

  it('disconnects everyone on close', async () => {
    const client = await customer();
    await send(client, 'store:visit', { path: '/' });
    const closed = new Promise<void>((resolve) => client.once('disconnect', () => resolve()));
    await realtime.close();
    await closed;
    expect(realtime.visitors()).toBe(0);
  });
});

describe('the event log', () => {
  const summary = (since?: number) =>
    realtime.events(since).map(({ type, path, located }) => ({ type, path, located }));

  it('records visits, leaves and disconnects with the path of the visit they end', async () => {
    const client = await customer();
    await send(client, 'store:visit', { path: '/brands' });
    await send(client, 'store:visit', {
      path: '/cart.php',
      coordinates: { latitude: 51.5, longitude: -0.12 },
    });
    await send(client, 'store:leave');
    await send(client, 'store:visit', { path: '/' });
    const gone = untilVisitors(0);
    client.disconnect();
    await gone;
    expect(summary()).toEqual([
      { type: 'visit', path: '/brands', located: false },
      { type: 'visit', path: '/cart.php', located: true },
      { type: 'leave', path: '/cart.php', located: true },
      { type: 'visit', path: '/', located: false },
      { type: 'disconnect', path: '/', located: false },
    ]);
    const events = realtime.events();
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5]);
    for (const event of events) expect(Number.isNaN(Date.parse(event.at))).toBe(false);
    // Never the coordinates themselves: only these fields, and no number but the sequence.
    // (Not a text search for "51.5": a timestamp at :51.5xx matched it once.)
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(['at', 'located', 'path', 'seq', 'type']);
      expect(JSON.stringify({ ...event, seq: 0, at: '' })).not.toMatch(/-0\.12|51\.5/);
    }
  });

  it('reads only the events after `since`', async () => {
    const client = await customer();
    await send(client, 'store:visit', { path: '/a' });
    await send(client, 'store:visit', { path: '/b' });
    expect(summary(1)).toEqual([{ type: 'visit', path: '/b', located: false }]);
    expect(summary(2)).toEqual([]);
  });

  it('does not log refused visits, and logs a leave before any visit without a path', async () => {
    const client = await customer();
    await send(client, 'store:visit', { path: 'no-slash' });
    await send(client, 'store:leave');
    expect(summary()).toEqual([{ type: 'leave', path: null, located: false }]);
  });

  it('keeps only the newest events', async () => {
    const small = createServer();
    const smallRealtime = attachRealtime(small, { logSize: 2 });
    await new Promise<void>((resolve) => small.listen(0, '127.0.0.1', resolve));
    const port = (small.address() as AddressInfo).port;
    const client = connect(`http://127.0.0.1:${String(port)}/customer`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    clients.push(client);
    try {
      for (const path of ['/1', '/2', '/3']) await send(client, 'store:visit', { path });
      expect(smallRealtime.events().map((event) => [event.seq, event.path])).toEqual([
        [2, '/2'],
        [3, '/3'],
      ]);
    } finally {
      client.disconnect();
      await smallRealtime.close();
      small.closeAllConnections();
      await new Promise<void>((resolve) => small.close(() => resolve()));
    }
  });
});
