import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { disconnected, send, startRealtime, type RealtimeHarness } from './testing/realtime.ts';

let rt: RealtimeHarness;

beforeEach(async () => {
  rt = await startRealtime();
});

afterEach(async () => {
  await rt.close();
});

/** A connected client of the /customer namespace, from a page of this server. */
const customer = (transports: ('websocket' | 'polling')[] = ['websocket']) =>
  rt.connect({ transports });

describe('the /customer namespace', () => {
  it('counts a visitor after store:visit and stops at store:leave', async () => {
    const client = await customer();
    expect(rt.realtime.visitors()).toBe(0);
    expect(await send(client, 'store:visit', { path: '/' })).toEqual({ ok: true, visitors: 1 });
    expect(rt.realtime.visitors()).toBe(1);
    expect(await send(client, 'store:leave')).toEqual({ ok: true, visitors: 0 });
    expect(rt.realtime.visitors()).toBe(0);
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
    expect(rt.realtime.visitors()).toBe(2);
    // Connected but not visiting: not counted.
    expect(await send(c, 'store:leave')).toEqual({ ok: true, visitors: 2 });
    const gone = rt.untilVisitors(1);
    a.disconnect();
    await gone;
    expect(rt.realtime.visitors()).toBe(1);
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
    // More events than a socket may send in a minute (realtime-limits.test.ts): raised here.
    const roomy = await startRealtime({ limits: { socketEvents: { max: 100, windowMs: 60_000 } } });
    onTestFinished(() => roomy.close());
    const client = await roomy.connect();
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
    const gone = rt.untilVisitors(0);
    const closed = disconnected(client);
    client.emit('store:visit', { path: `/${'x'.repeat(64 * 1024)}` });
    await gone;
    expect(await closed).toMatch(/transport close|transport error/);
    expect(rt.realtime.visitors()).toBe(0);
  });

  it('works over HTTP long-polling too', async () => {
    const client = await customer(['polling']);
    expect(await send(client, 'store:visit', { path: '/' })).toEqual({ ok: true, visitors: 1 });
  });

  it('leaves other HTTP requests to the server', async () => {
    const reply = await fetch(`${rt.url}/api/health`);
    expect(reply.status).toBe(404);
    expect(await reply.text()).toBe('not socket.io');
  });

  it('refuses other namespaces, the main one too', async () => {
    await expect(rt.connect({ namespace: '/admin' })).rejects.toThrow(/Invalid namespace/);
    await expect(rt.connect({ namespace: '/' })).rejects.toThrow(/Connect to \/customer/);
  });

  it('disconnects everyone on close', async () => {
    const client = await customer();
    await send(client, 'store:visit', { path: '/' });
    const closed = disconnected(client);
    await rt.realtime.close();
    await closed;
    expect(rt.realtime.visitors()).toBe(0);
  });
});

describe('the event log', () => {
  const summary = (since?: number) =>
    rt.realtime.events(since).map(({ type, path, located }) => ({ type, path, located }));

  it('records visits, leaves and disconnects with the path of the visit they end', async () => {
    const client = await customer();
    await send(client, 'store:visit', { path: '/brands' });
    await send(client, 'store:visit', {
      path: '/cart.php',
      coordinates: { latitude: 51.5, longitude: -0.12 },
    });
    await send(client, 'store:leave');
    await send(client, 'store:visit', { path: '/' });
    const gone = rt.untilVisitors(0);
    client.disconnect();
    await gone;
    expect(summary()).toEqual([
      { type: 'visit', path: '/brands', located: false },
      { type: 'visit', path: '/cart.php', located: true },
      { type: 'leave', path: '/cart.php', located: true },
      { type: 'visit', path: '/', located: false },
      { type: 'disconnect', path: '/', located: false },
    ]);
    const events = rt.realtime.events();
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

  it('logs neither refused visits nor the leave or disconnect of a socket not visiting', async () => {
    const client = await customer();
    await send(client, 'store:visit', { path: 'no-slash' });
    expect(await send(client, 'store:leave')).toEqual({ ok: true, visitors: 0 });
    const other = await customer();
    await send(other, 'store:visit', { path: '/after' });
    // Closing disconnects both on the server at once: their disconnects are handled by now.
    await rt.realtime.close();
    expect(summary()).toEqual([
      { type: 'visit', path: '/after', located: false },
      { type: 'disconnect', path: '/after', located: false },
    ]);
  });

  it('keeps only the newest events', async () => {
    const small = await startRealtime({ logSize: 2 });
    try {
      const client = await small.connect();
      for (const path of ['/1', '/2', '/3']) await send(client, 'store:visit', { path });
      expect(small.realtime.events().map((event) => [event.seq, event.path])).toEqual([
        [2, '/2'],
        [3, '/3'],
      ]);
    } finally {
      await small.close();
    }
  });
});
