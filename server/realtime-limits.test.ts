// What one client (address) can do to the realtime server, over real socket.io-client
// connections (issue 28, item 4: 955 sockets of one address set the visitor count to 955 and
// overwrote the merchandiser's log with invented paths).
import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CONNECTIONS_PER_ADDRESS, REALTIME_LIMITS, type RealtimeOptions } from './realtime.ts';
import {
  disconnected,
  send,
  startRealtime,
  TEST_PROXY_SECRET,
  type RealtimeHarness,
} from './testing/realtime.ts';

let rt: RealtimeHarness | undefined;

afterEach(async () => {
  await rt?.close();
  rt = undefined;
});

/** A realtime server behind a stand-in web server: X-Forwarded-For counts with the secret. */
async function start(options: RealtimeOptions = {}): Promise<RealtimeHarness> {
  rt = await startRealtime({ proxySecret: TEST_PROXY_SECRET, ...options });
  return rt;
}

/** The handshake headers of a shopper at `address`, as the web server vouches for it. */
const from = (server: RealtimeHarness, address: string) => ({
  origin: server.url,
  'x-proxy-secret': TEST_PROXY_SECRET,
  'x-forwarded-for': address,
});

/** `count` connections from this machine (127.0.0.1), all at once. */
const many = (server: RealtimeHarness, count: number): Promise<Socket[]> =>
  Promise.all(Array.from({ length: count }, () => server.connect()));

/** Closes a client's connection itself, as a tab that goes away does (no namespace packet). */
const dropConnection = (client: Socket) => {
  client.io.engine.close();
};

describe('connections per client', () => {
  it(`lets ${String(CONNECTIONS_PER_ADDRESS)} connections of one address in, not one more`, async () => {
    const server = await start();
    const clients = await many(server, CONNECTIONS_PER_ADDRESS);
    await expect(server.connect()).rejects.toThrow(/websocket error/);
    await expect(server.connect({ transports: ['polling'] })).rejects.toThrow(/xhr poll error/);
    // A changed X-Forwarded-For without the web server's secret is no other address.
    const forged = { origin: server.url, 'x-forwarded-for': '198.51.100.8' };
    await expect(server.connect({ headers: forged })).rejects.toThrow(/websocket error/);
    // Another address is not held up by this one.
    const other = await server.connect({ headers: from(server, '198.51.100.7') });
    expect(other.connected).toBe(true);
    // A connection that closes gives its slot back.
    const [first] = clients;
    if (!first) throw new Error('no client');
    await send(first, 'store:visit', { path: '/' });
    const gone = server.untilVisitors(0);
    dropConnection(first);
    await gone;
    expect((await server.connect()).connected).toBe(true);
  });

  it('counts an IPv6 client by its /64', async () => {
    const server = await start();
    const neighbours = Array.from({ length: CONNECTIONS_PER_ADDRESS }, (_, i) =>
      server.connect({ headers: from(server, `2001:db8:1:2::${(i + 1).toString(16)}`) }),
    );
    await Promise.all(neighbours);
    const sameBlock = from(server, '2001:db8:1:2:ffff:ffff:ffff:ffff');
    await expect(server.connect({ headers: sameBlock })).rejects.toThrow(/websocket error/);
    const nextBlock = from(server, '2001:db8:1:3::1');
    expect((await server.connect({ headers: nextBlock })).connected).toBe(true);
  });
});

describe('events per socket and per client', () => {
  const { max } = REALTIME_LIMITS.socketEvents;

  it(`disconnects a socket that sends more than ${String(max)} events a minute`, async () => {
    const server = await start({ now: () => 0 });
    const client = await server.connect();
    for (let i = 0; i < max; i += 1) {
      expect(await send(client, 'store:visit', { path: `/p/${String(i)}` })).toEqual({
        ok: true,
        visitors: 1,
      });
    }
    const gone = server.untilVisitors(0);
    const reason = disconnected(client);
    client.emit('store:visit', { path: '/one-too-many' });
    expect(await reason).toBe('io server disconnect');
    await gone;
    expect(server.realtime.events().map((event) => event.path)).not.toContain('/one-too-many');
    expect(server.realtime.events().at(-1)).toMatchObject({ type: 'disconnect' });
  });

  it('counts every event against the socket, unknown and malformed ones too', async () => {
    const server = await start({ now: () => 0 });
    const client = await server.connect();
    for (let i = 0; i < max; i += 1) client.emit(i % 2 ? 'unknown:event' : 'store:visit', 'junk');
    const reason = disconnected(client);
    client.emit('store:visit', { path: '/' });
    expect(await reason).toBe('io server disconnect');
    expect(server.realtime.events()).toEqual([]);
  });

  it("refuses a client's events past its budget, keeps its sockets, and takes them later", async () => {
    let clock = 0;
    const budget = { max: 12, windowMs: 60_000 };
    const server = await start({ now: () => clock, limits: { addressEvents: budget } });
    const [a, b] = await many(server, 2);
    if (!a || !b) throw new Error('no clients');
    for (let i = 0; i < budget.max / 2; i += 1) {
      expect((await send(a, 'store:visit', { path: '/a' })).ok).toBe(true);
      expect((await send(b, 'store:visit', { path: '/b' })).ok).toBe(true);
    }
    expect(await send(a, 'store:visit', { path: '/refused' })).toEqual({ ok: false, visitors: 2 });
    expect(await send(b, 'store:leave')).toEqual({ ok: false, visitors: 2 });
    expect(a.connected && b.connected).toBe(true);
    // Another address has its own budget.
    const other = await server.connect({ headers: from(server, '198.51.100.7') });
    expect(await send(other, 'store:visit', { path: '/c' })).toEqual({ ok: true, visitors: 3 });
    clock = budget.windowMs;
    expect(await send(a, 'store:visit', { path: '/later' })).toEqual({ ok: true, visitors: 3 });
    const paths = server.realtime.events().map((event) => event.path);
    expect(paths).not.toContain('/refused');
    expect(paths).toContain('/later');
  });
});

describe('what one client can make the server believe', () => {
  const perAddress = REALTIME_LIMITS.visitorsPerAddress;

  it(`counts at most ${String(perAddress)} visitors of one address, however many sockets it opens`, async () => {
    const server = await start();
    const sockets = await many(server, CONNECTIONS_PER_ADDRESS);
    const acks = await Promise.all(
      sockets.map((socket, i) => send(socket, 'store:visit', { path: `/p/${String(i)}` })),
    );
    expect(acks.every((ack) => ack.ok && ack.visitors <= perAddress)).toBe(true);
    expect(server.realtime.visitors()).toBe(perAddress);
    const shopper = await server.connect({ headers: from(server, '198.51.100.7') });
    expect(await send(shopper, 'store:visit', { path: '/' })).toEqual({
      ok: true,
      visitors: perAddress + 1,
    });
    // The address counts less only once fewer than that many of its sockets still visit.
    const leaving = sockets.slice(0, CONNECTIONS_PER_ADDRESS - perAddress);
    for (const socket of leaving) await send(socket, 'store:leave');
    expect(server.realtime.visitors()).toBe(perAddress + 1);
    const last = sockets[CONNECTIONS_PER_ADDRESS - perAddress];
    if (!last) throw new Error('no socket');
    expect(await send(last, 'store:leave')).toEqual({ ok: true, visitors: perAddress });
  });

  it("keeps a shopper's visit in the log while one address floods it (the issue's attack)", async () => {
    const server = await start();
    const shopper = await server.connect({ headers: from(server, '198.51.100.7') });
    await send(shopper, 'store:visit', { path: '/products/poly-load-wheel' });
    // A thousand websockets from another site: none gets in.
    const evil = { origin: 'http://evil.example' };
    const refused = await Promise.allSettled(
      Array.from({ length: 200 }, () => server.connect({ headers: evil })),
    );
    expect(refused.every((result) => result.status === 'rejected')).toBe(true);
    // From the right origin: twenty get in, and each sends all the visits it may.
    const attackers = (
      await Promise.allSettled(Array.from({ length: 200 }, () => server.connect()))
    ).flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(attackers).toHaveLength(CONNECTIONS_PER_ADDRESS);
    await Promise.all(
      attackers.map(async (socket, i) => {
        for (let j = 0; j < REALTIME_LIMITS.socketEvents.max; j += 1) {
          await send(socket, 'store:visit', { path: `/invented/${String(i)}-${String(j)}` });
        }
      }),
    );
    expect(server.realtime.visitors()).toBe(1 + REALTIME_LIMITS.visitorsPerAddress);
    const events = server.realtime.events();
    expect(events.filter((event) => event.path === '/products/poly-load-wheel')).toHaveLength(1);
    const invented = events.filter((event) => event.path.startsWith('/invented/'));
    expect(invented).toHaveLength(REALTIME_LIMITS.logEntriesPerAddress);
  });
});
