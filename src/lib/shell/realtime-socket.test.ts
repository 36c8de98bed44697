import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { attachRealtime, type Realtime, type RealtimeEvent } from '../../../server/realtime.ts';
import {
  realtimeSocket,
  realtimeUrl,
  reconnectDelay,
  type RealtimeSocket,
  type WebSocketLike,
} from './realtime-socket.ts';

describe('realtimeUrl', () => {
  it('is the Engine.IO WebSocket endpoint on the page host, wss: on https pages', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:4321' })).toBe(
      'ws://localhost:4321/socket.io/?EIO=4&transport=websocket',
    );
    expect(realtimeUrl({ protocol: 'https:', host: 'shop.example' })).toBe(
      'wss://shop.example/socket.io/?EIO=4&transport=websocket',
    );
  });
});

describe('reconnectDelay', () => {
  it('doubles from the first delay up to the cap, jittered by ±50 %', () => {
    expect([0, 1, 2, 3, 4].map((attempt) => reconnectDelay(attempt, 1000, 5000, 0.5))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
    expect(reconnectDelay(0, 1000, 5000, 0)).toBe(500);
    expect(reconnectDelay(5, 1000, 5000, 1)).toBe(7500);
  });
});

// Against the store's own socket.io server (server/realtime.ts), through the `ws` package's
// WebSocket, which the server's engine speaks to as it would to a browser.
describe('realtimeSocket against the realtime server', () => {
  let server: HttpServer;
  let realtime: Realtime;
  let port: number;
  const sockets: RealtimeSocket[] = [];

  beforeEach(async () => {
    server = createServer((_req, res) => {
      res.writeHead(404).end();
    });
    realtime = attachRealtime(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await realtime.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const open = (options: { onUnavailable?: () => void; at?: number } = {}) => {
    const socket = realtimeSocket({
      url: realtimeUrl({ protocol: 'http:', host: `127.0.0.1:${String(options.at ?? port)}` }),
      namespace: '/customer',
      // A browser's WebSocket fires error then close; `ws` throws an error nobody listens to.
      // The Origin is what a browser sends from a page of this server (server/realtime.ts
      // refuses a handshake from any other).
      open: (url) =>
        new NodeWebSocket(url, { origin: `http://127.0.0.1:${String(port)}` }).on(
          'error',
          () => {},
        ) as unknown as WebSocketLike,
      ...(options.onUnavailable && { onUnavailable: options.onUnavailable }),
    });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: RealtimeSocket) =>
    new Promise<void>((resolve) => {
      socket.on('connect', resolve).connect();
    });
  const types = () => realtime.events().map((event: RealtimeEvent) => [event.type, event.path]);

  it('joins /customer, and the server counts its store:visit and store:leave', async () => {
    const socket = open();
    expect(socket.connected).toBe(false);
    await connected(socket);
    expect(socket.connected).toBe(true);
    socket.emit('store:visit', { path: '/products/a', coordinates: { latitude: 1, longitude: 2 } });
    await vi.waitFor(() => {
      expect(realtime.visitors()).toBe(1);
    });
    expect(realtime.events().at(-1)).toMatchObject({ type: 'visit', located: true });
    socket.emit('store:leave');
    await vi.waitFor(() => {
      expect(realtime.visitors()).toBe(0);
    });
    expect(types()).toEqual([
      ['visit', '/products/a'],
      ['leave', '/products/a'],
    ]);
  });

  it('disconnect() leaves the namespace; connect() comes back and fires connect again', async () => {
    const socket = open();
    let connects = 0;
    socket.on('connect', () => (connects += 1));
    await connected(socket);
    socket.emit('store:visit', { path: '/one' });
    await vi.waitFor(() => {
      expect(realtime.visitors()).toBe(1);
    });
    socket.disconnect();
    expect(socket.connected).toBe(false);
    await vi.waitFor(() => {
      expect(types().at(-1)).toEqual(['disconnect', '/one']);
    });
    // Dropped, not queued: nothing is sent while disconnected.
    socket.emit('store:visit', { path: '/while-away' });
    await connected(socket);
    expect(connects).toBe(2);
    socket.emit('store:visit', { path: '/two' });
    await vi.waitFor(() => {
      expect(types().at(-1)).toEqual(['visit', '/two']);
    });
    expect(types().some(([, path]) => path === '/while-away')).toBe(false);
  });

  it('stays away when the server sends it off, as socket.io-client does', async () => {
    const socket = open();
    await connected(socket);
    await realtime.close();
    await vi.waitFor(() => {
      expect(socket.connected).toBe(false);
    });
  });

  it('calls onUnavailable once when no WebSocket server answers, and does not retry', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const onUnavailable = vi.fn();
    const socket = open({ at: free, onUnavailable });
    socket.connect();
    await vi.waitFor(() => {
      expect(onUnavailable).toHaveBeenCalledTimes(1);
    });
    expect(socket.connected).toBe(false);
  });
});

/** A WebSocket the test plays the server's side of. */
class FakeWebSocket implements WebSocketLike {
  static made: FakeWebSocket[] = [];
  onmessage: WebSocket['onmessage'] = null;
  onclose: WebSocket['onclose'] = null;
  sent: string[] = [];
  closed = false;
  constructor() {
    FakeWebSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.call(this as unknown as WebSocket, {} as CloseEvent);
  }
  /** A frame from the server (text, or binary data as an ArrayBuffer). */
  receive(data: string | ArrayBuffer) {
    this.onmessage?.call(this as unknown as WebSocket, { data } as MessageEvent);
  }
  /** The server's handshake and its namespace reply: the socket is connected after this. */
  accept(handshake = { pingInterval: 100, pingTimeout: 50 }) {
    this.receive(`0${JSON.stringify({ sid: 'e', upgrades: [], maxPayload: 1e6, ...handshake })}`);
    this.receive('40/customer,{"sid":"s"}');
  }
}

describe('realtimeSocket protocol', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.made = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const make = (onUnavailable = vi.fn()) => {
    const socket = realtimeSocket({
      url: 'ws://shop/socket.io/?EIO=4&transport=websocket',
      namespace: '/customer',
      open: () => new FakeWebSocket(),
      onUnavailable,
      delayMs: 1000,
      maxDelayMs: 5000,
    });
    return { socket, onUnavailable, last: () => FakeWebSocket.made.at(-1) as FakeWebSocket };
  };

  it('opens nothing until connect(), then joins the namespace after the handshake', () => {
    const { socket, last } = make();
    expect(FakeWebSocket.made).toHaveLength(0);
    socket.connect();
    socket.connect(); // once
    expect(FakeWebSocket.made).toHaveLength(1);
    last().receive('0{"sid":"e","pingInterval":100,"pingTimeout":50}');
    expect(last().sent).toEqual(['40/customer,']);
    expect(socket.connected).toBe(false);
    last().receive('40/customer,{"sid":"s"}');
    expect(socket.connected).toBe(true);
  });

  it('emits events as socket.io EVENT packets of its namespace, and answers pings', () => {
    const { socket, last } = make();
    socket.connect();
    last().accept();
    socket.emit('store:visit', { path: '/a"b' });
    socket.emit('store:leave');
    last().receive('2');
    expect(last().sent.slice(1)).toEqual([
      '42/customer,["store:visit",{"path":"/a\\"b"}]',
      '42/customer,["store:leave"]',
      '3',
    ]);
  });

  it('ignores packets of other namespaces and binary frames', () => {
    const { socket, last } = make();
    socket.connect();
    last().receive('0{"pingInterval":100,"pingTimeout":50}');
    last().receive('40/admin,{"sid":"x"}');
    last().receive(new ArrayBuffer(2));
    expect(socket.connected).toBe(false);
    last().receive('40/customer,{"sid":"s"}');
    expect(socket.connected).toBe(true);
  });

  it('reconnects with backoff after the link drops, and fires connect each time', () => {
    const { socket, last, onUnavailable } = make();
    const onConnect = vi.fn();
    socket.on('connect', onConnect);
    socket.connect();
    last().accept();
    last().close();
    expect(socket.connected).toBe(false);
    // First retry within 500 to 1,500 ms; a failed one doubles the wait.
    vi.advanceTimersByTime(1500);
    expect(FakeWebSocket.made).toHaveLength(2);
    last().close();
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(2001);
    expect(FakeWebSocket.made).toHaveLength(3);
    last().accept();
    expect(onConnect).toHaveBeenCalledTimes(2);
    expect(onUnavailable).not.toHaveBeenCalled();
  });

  it('drops a silent link after the ping interval and time-out, and reopens it', () => {
    const { socket, last } = make();
    socket.connect();
    last().accept({ pingInterval: 100, pingTimeout: 50 });
    vi.advanceTimersByTime(140);
    last().receive('2'); // the server is alive: the wait starts again
    vi.advanceTimersByTime(140);
    expect(socket.connected).toBe(true);
    vi.advanceTimersByTime(20);
    expect(socket.connected).toBe(false);
    expect(last().closed).toBe(true);
    vi.advanceTimersByTime(1500);
    expect(FakeWebSocket.made).toHaveLength(2);
  });

  it('leaves the namespace on disconnect() and does not come back on its own', () => {
    const { socket, last } = make();
    socket.connect();
    last().accept();
    const first = last();
    socket.disconnect();
    expect(first.sent.at(-1)).toBe('41/customer,');
    expect(first.closed).toBe(true);
    socket.emit('store:visit', { path: '/' });
    expect(first.sent.at(-1)).toBe('41/customer,');
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.made).toHaveLength(1);
  });

  it('stays away after the server refuses or ends the namespace', () => {
    for (const reply of ['44/customer,{"message":"no"}', '41/customer,']) {
      const { socket, last } = make();
      socket.connect();
      last().accept();
      const made = FakeWebSocket.made.length;
      last().receive(reply);
      expect(socket.connected).toBe(false);
      vi.advanceTimersByTime(10_000);
      expect(FakeWebSocket.made).toHaveLength(made);
    }
  });

  it('reports the first WebSocket that closes before the handshake, once', () => {
    const { socket, last, onUnavailable } = make();
    socket.connect();
    last().close();
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.made).toHaveLength(1);
  });
});
