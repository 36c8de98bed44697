import type { VisitSocket } from './realtime-client.ts';

/**
 * A socket.io client for one namespace over a WebSocket alone (Engine.IO protocol 4,
 * Socket.IO protocol 5, the protocol of server/realtime.ts), with only what the realtime visit
 * uses (VisitSocket): the connect event, emit, connect, disconnect, the server's heartbeat and
 * reconnection with backoff. About 1 KB gzipped where socket.io-client is 13 KB
 * (a product page ships at most 100 KB); socket.io-client stays the fallback for a browser
 * whose WebSocket cannot reach the server (`onUnavailable`, realtime-connect.ts), since only
 * it can fall back to long polling.
 */
export interface RealtimeSocket extends VisitSocket {
  /** Listeners of the 'connect' event, which fires on every (re)connection. */
  on: (event: 'connect', listener: () => void) => RealtimeSocket;
}

/** The part of the browser's WebSocket this module uses (tests pass the `ws` package's). */
export type WebSocketLike = Pick<WebSocket, 'onmessage' | 'onclose' | 'send' | 'close'>;

export interface RealtimeSocketOptions {
  /** ws: or wss: address of the Engine.IO endpoint, e.g. realtimeUrl(location). */
  url: string;
  /** The Socket.IO namespace, e.g. '/customer'. */
  namespace: string;
  /** Makes the WebSocket (default: the browser's). */
  open?: (url: string) => WebSocketLike;
  /** Called once when the first WebSocket closes without the server's handshake. */
  onUnavailable?: () => void;
  /** First reconnection delay, doubled on each failure up to `maxDelayMs` (jittered ±50 %). */
  delayMs?: number;
  maxDelayMs?: number;
}

// Engine.IO packet types (the first character of a frame), then Socket.IO's (the second).
const ENGINE_OPEN = '0';
const ENGINE_CLOSE = '1';
const ENGINE_PING = '2';
const ENGINE_PONG = '3';
const ENGINE_MESSAGE = '4';
const IO_CONNECT = '0';
const IO_DISCONNECT = '1';
const IO_EVENT = '2';
const IO_CONNECT_ERROR = '4';

/** The Engine.IO WebSocket address on this page's host: `/socket.io/?EIO=4&transport=websocket`. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>, path = '/socket.io') {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}/?EIO=4&transport=websocket`;
}

/** The delay before reconnection attempt `attempt` (0-based), as socket.io-client's backoff. */
export function reconnectDelay(attempt: number, delayMs = 1000, maxDelayMs = 5000, random = 0.5) {
  const base = Math.min(delayMs * 2 ** attempt, maxDelayMs);
  return Math.round(base * (0.5 + random));
}

/**
 * Opens nothing until `connect()` (as socket.io-client's `io()` with autoConnect: false).
 * @example const socket = realtimeSocket({ url: realtimeUrl(location), namespace: '/customer' });
 */
export function realtimeSocket(options: RealtimeSocketOptions): RealtimeSocket {
  const { url, namespace } = options;
  const prefix = namespace === '/' ? '' : `${namespace},`;
  const listeners: (() => void)[] = [];
  let ws: WebSocketLike | undefined;
  let connected = false;
  let wanted = false;
  let handshakes = 0;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;

  const send = (packet: string) => {
    ws?.send(ENGINE_MESSAGE + packet);
  };
  const drop = () => {
    const current = ws;
    ws = undefined;
    connected = false;
    clearTimeout(watchdog);
    current?.close();
  };
  const schedule = () => {
    clearTimeout(retry);
    retry = setTimeout(
      open,
      reconnectDelay(attempt++, options.delayMs, options.maxDelayMs, Math.random()),
    );
  };

  const open = () => {
    retry = undefined;
    const current = (options.open ?? ((address) => new WebSocket(address)))(url);
    ws = current;
    let silence = 0;
    // No ping within the server's interval and time-out: the link is dead, reopen it.
    const heartbeat = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        if (ws !== current) return;
        drop();
        if (wanted) schedule();
      }, silence);
    };
    current.onmessage = ({ data }) => {
      if (ws !== current || typeof data !== 'string') return;
      const type = data[0];
      if (type === ENGINE_OPEN) {
        handshakes += 1;
        const { pingInterval, pingTimeout } = JSON.parse(data.slice(1)) as Record<string, number>;
        silence = (pingInterval ?? 25_000) + (pingTimeout ?? 20_000);
        heartbeat();
        send(IO_CONNECT + prefix);
      } else if (type === ENGINE_PING) {
        heartbeat();
        current.send(ENGINE_PONG);
      } else if (type === ENGINE_CLOSE) {
        current.close();
      } else if (type === ENGINE_MESSAGE && data.startsWith(prefix, 2)) {
        const kind = data[1];
        if (kind === IO_CONNECT) {
          attempt = 0;
          connected = true;
          for (const listener of listeners) listener();
        } else if (kind === IO_DISCONNECT || kind === IO_CONNECT_ERROR) {
          // Sent away by the server: like socket.io-client, do not come back on our own.
          wanted = false;
          drop();
        }
      }
    };
    current.onclose = () => {
      if (ws !== current) return;
      drop();
      if (handshakes === 0) {
        wanted = false;
        options.onUnavailable?.();
      } else if (wanted) schedule();
    };
  };

  const socket: RealtimeSocket = {
    get connected() {
      return connected;
    },
    on(_event, listener) {
      listeners.push(listener);
      return socket;
    },
    emit(event, ...args) {
      // As socket.io-client with its buffer off: a message sent while disconnected is dropped
      // (the server counts a disconnect as a leave; a visit is sent again on connect).
      if (connected) send(IO_EVENT + prefix + JSON.stringify([event, ...args]));
      return socket;
    },
    connect() {
      if (!wanted) {
        wanted = true;
        if (!ws && retry === undefined) open();
      }
      return socket;
    },
    disconnect() {
      wanted = false;
      clearTimeout(retry);
      retry = undefined;
      if (connected) send(IO_DISCONNECT + prefix);
      drop();
      return socket;
    },
  };
  return socket;
}
