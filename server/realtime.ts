import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';

export interface Realtime {
  /** Visitors currently on the store (store:visit seen, store:leave or disconnect not yet). */
  visitors: () => number;
  /** The most recent visit, leave and disconnect events, oldest first (see RealtimeEvent). */
  events: (since?: number) => RealtimeEvent[];
  /**
   * Disconnects every socket and closes the socket.io engine. The HTTP server is left to its
   * owner (server/main.ts closes it next), so this never waits on unrelated connections.
   */
  close: () => Promise<void>;
}

export interface RealtimeOptions {
  /** Called with the new count whenever the number of visitors changes (tests wait on it). */
  onChange?: (visitors: number) => void;
  /** How many events the log keeps (the oldest go first). */
  logSize?: number;
}

/**
 * One entry of the event log that merchandisers and tests read through GET
 * /api/admin/realtime. A leave or disconnect carries the path of the visit it ended. The
 * log keeps whether a visit was located, never the coordinates themselves.
 */
export interface RealtimeEvent {
  /** Increasing number; pass the last one seen as `since` to read only newer events. */
  seq: number;
  type: 'visit' | 'leave' | 'disconnect';
  /** The visited path; null for a leave or disconnect of a socket that never visited. */
  path: string | null;
  /** Whether the visit (for a leave or disconnect: the visit it ended) had coordinates. */
  located: boolean;
  /** ISO time the server handled the event. */
  at: string;
}

/** Events kept by default: enough for a few minutes of a busy store, a few tens of kB. */
export const DEFAULT_LOG_SIZE = 500;

/** What a store:visit carries (spec: account-and-shell 7, realtime). */
export interface StoreVisit {
  path: string;
  coordinates?: { latitude: number; longitude: number };
}

/** Longest path a visit may report; a real one is far shorter. */
const MAX_PATH = 2048;
/** Largest socket.io message the server accepts; visits are a few hundred bytes. */
const MAX_MESSAGE_BYTES = 16 * 1024;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const inRange = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** A valid store:visit payload, or undefined (bad payloads are ignored, never thrown on). */
export function parseVisit(payload: unknown): StoreVisit | undefined {
  if (!isRecord(payload)) return undefined;
  const { path, coordinates } = payload;
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > MAX_PATH) return undefined;
  if (coordinates === undefined || coordinates === null) return { path };
  if (!isRecord(coordinates)) return undefined;
  const { latitude, longitude } = coordinates;
  if (!inRange(latitude, 90) || !inRange(longitude, 180)) return undefined;
  return { path, coordinates: { latitude, longitude } };
}

/** The acknowledgement callback, when the client asked for one (the last argument). */
function ackOf(args: unknown[]): ((reply: unknown) => void) | undefined {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as (reply: unknown) => void) : undefined;
}

/**
 * Attaches socket.io to the API's HTTP server at /socket.io with the `/customer` namespace
 * (spec: account-and-shell 7: the storefront emits store:visit with the current path and,
 * when known, coordinates; store:leave on exit). A socket counts as one visitor from its
 * first valid store:visit until store:leave or disconnect. Clients may pass an
 * acknowledgement callback; it gets `{ ok, visitors }`.
 */
export function attachRealtime(server: HttpServer, options: RealtimeOptions = {}): Realtime {
  // Same-origin only is enforced by the proxy in production; socket.io's default CORS applies.
  const io = new Server(server, { path: '/socket.io', maxHttpBufferSize: MAX_MESSAGE_BYTES });
  const visiting = new Map<string, StoreVisit>();
  const logSize = Math.max(1, options.logSize ?? DEFAULT_LOG_SIZE);
  const log: RealtimeEvent[] = [];
  let seq = 0;
  const record = (type: RealtimeEvent['type'], visit: StoreVisit | undefined) => {
    seq += 1;
    const located = visit?.coordinates !== undefined;
    log.push({ seq, type, path: visit?.path ?? null, located, at: new Date().toISOString() });
    if (log.length > logSize) log.splice(0, log.length - logSize);
  };
  const changed = (before: number) => {
    if (visiting.size !== before) options.onChange?.(visiting.size);
  };

  const onVisit = (socket: Socket, args: unknown[]) => {
    const visit = parseVisit(args[0]);
    const before = visiting.size;
    if (visit) {
      visiting.set(socket.id, visit);
      record('visit', visit);
    }
    changed(before);
    ackOf(args)?.({ ok: visit !== undefined, visitors: visiting.size });
  };
  const onLeave = (socket: Socket, args: unknown[]) => {
    const before = visiting.size;
    record('leave', visiting.get(socket.id));
    visiting.delete(socket.id);
    changed(before);
    ackOf(args)?.({ ok: true, visitors: visiting.size });
  };
  // A listener that throws must not take the server down: log and carry on.
  const guard =
    (socket: Socket, handler: (socket: Socket, args: unknown[]) => void) =>
    (...args: unknown[]) => {
      try {
        handler(socket, args);
      } catch (error) {
        console.error('[realtime] handler failed:', error);
      }
    };

  io.of('/customer').on('connection', (socket) => {
    socket.on('store:visit', guard(socket, onVisit));
    socket.on('store:leave', guard(socket, onLeave));
    socket.on('disconnect', () => {
      const before = visiting.size;
      record('disconnect', visiting.get(socket.id));
      visiting.delete(socket.id);
      changed(before);
    });
  });

  return {
    visitors: () => visiting.size,
    events: (since = 0) => log.filter((event) => event.seq > since),
    close: () => {
      // Not io.close(): that also closes the HTTP server and waits for every connection on it.
      io.of('/customer').disconnectSockets(true);
      io.disconnectSockets(true);
      io.engine.close();
      visiting.clear();
      return Promise.resolve();
    },
  };
}
