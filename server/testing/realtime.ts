import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { attachRealtime, type Realtime, type RealtimeOptions } from '../realtime.ts';

/** The proxy secret of realtime tests that play the web server in front. */
export const TEST_PROXY_SECRET = 'proxy-secret-for-realtime-tests-0123456789';

/** The `{ ok, visitors }` acknowledgement of store:visit and store:leave. */
export interface Ack {
  ok: boolean;
  visitors: number;
}

/** Options of {@link RealtimeHarness.connect}. */
export interface ConnectOptions {
  transports?: ('websocket' | 'polling')[];
  /**
   * The handshake's headers. Default: the Origin of this server as the client reaches it, the
   * one a browser on a page of this server sends. `undefined` values are left out.
   */
  headers?: Record<string, string | undefined>;
  namespace?: string;
}

/** A realtime server on port 0 of 127.0.0.1, with real socket.io-client connections to it. */
export interface RealtimeHarness {
  /** http://127.0.0.1:{port} */
  url: string;
  realtime: Realtime;
  /**
   * A connected client, or the connect_error's Error when the server refused it. Headers
   * go on every request of the connection, websocket and polling alike (extraHeaders).
   */
  connect: (options?: ConnectOptions) => Promise<Socket>;
  /** Resolves once the visitor count is `count` (from the onChange hook: no sleeps). */
  untilVisitors: (count: number) => Promise<void>;
  close: () => Promise<void>;
}

/** Emits an event with an acknowledgement and resolves with the server's reply. */
export const send = (client: Socket, event: string, ...args: unknown[]): Promise<Ack> =>
  client.timeout(5000).emitWithAck(event, ...args) as Promise<Ack>;

/** Resolves when `client` is disconnected, with socket.io-client's reason. */
export const disconnected = (client: Socket): Promise<string> =>
  client.connected
    ? new Promise((resolve) => client.once('disconnect', resolve))
    : Promise.resolve('not connected');

/**
 * Starts a realtime server on a plain HTTP server (which answers 404 to anything else).
 * @example const rt = await startRealtime(); const client = await rt.connect(); ... await rt.close();
 */
export async function startRealtime(options: RealtimeOptions = {}): Promise<RealtimeHarness> {
  let waiters: { count: number; resolve: () => void }[] = [];
  const server: HttpServer = createServer((_req, res) => {
    res.writeHead(404).end('not socket.io');
  });
  const realtime = attachRealtime(server, {
    ...options,
    onChange: (count) => {
      options.onChange?.(count);
      const ready = waiters.filter((waiter) => waiter.count === count);
      waiters = waiters.filter((waiter) => waiter.count !== count);
      for (const waiter of ready) waiter.resolve();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const clients: Socket[] = [];

  const open = (options: ConnectOptions = {}) => {
    const headers = Object.fromEntries(
      Object.entries(options.headers ?? { origin: url }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    const client = connect(`${url}${options.namespace ?? '/customer'}`, {
      transports: options.transports ?? ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: headers,
    });
    clients.push(client);
    return new Promise<Socket>((resolve, reject) => {
      client.once('connect', () => {
        resolve(client);
      });
      client.once('connect_error', reject);
    });
  };

  return {
    url,
    realtime,
    connect: open,
    untilVisitors: (count) =>
      realtime.visitors() === count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: async () => {
      for (const client of clients.splice(0)) client.disconnect();
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
