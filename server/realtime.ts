import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { RateLimiter } from './accounts/rate-limit.ts';
import { ConnectionCap, handshakeCheck } from './realtime/admission.ts';
import { EventLog, type RealtimeEvent } from './realtime/event-log.ts';
import { REALTIME_LIMITS, type RealtimeLimits } from './realtime/limits.ts';
import { parseVisit } from './realtime/visit.ts';
import { Visitors } from './realtime/visitors.ts';

export type { RealtimeEvent } from './realtime/event-log.ts';
export {
  CONNECTIONS_PER_ADDRESS,
  REALTIME_LIMITS,
  type RealtimeLimits,
} from './realtime/limits.ts';
export { parseVisit, type StoreVisit } from './realtime/visit.ts';

export interface Realtime {
  /**
   * Visitors on the store now: sockets that sent a valid store:visit and have not left or
   * disconnected, at most `visitorsPerAddress` of one client.
   */
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
  /**
   * X-Proxy-Secret of the web server in front (PROXY_SECRET): only with it do the forwarded
   * client address, scheme and host count (server/http/forwarded.ts).
   */
  proxySecret?: string | undefined;
  /** SITE_URL: a handshake from its origin is the store's own, whatever its Host. */
  siteUrl?: string | undefined;
  /** The per-client limits (REALTIME_LIMITS by default). */
  limits?: Partial<RealtimeLimits>;
  /** The clock of the rate limits and the log's times. */
  now?: () => number;
}

/** Events kept by default: enough for a few minutes of a busy store, a few tens of kB. */
export const DEFAULT_LOG_SIZE = 500;

/** Largest socket.io message the server accepts; visits are a few hundred bytes. */
const MAX_MESSAGE_BYTES = 16 * 1024;

/** The acknowledgement callback, when the client asked for one (the last argument). */
function ackOf(args: unknown[]): ((reply: unknown) => void) | undefined {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as (reply: unknown) => void) : undefined;
}

/**
 * Attaches socket.io to the API's HTTP server at /socket.io with the `/customer` namespace
 * (spec: account-and-shell 7: the storefront emits store:visit with the current path and,
 * when known, coordinates; store:leave on exit). Clients may pass an acknowledgement
 * callback; it gets `{ ok, visitors }`.
 *
 * What one client (address, or IPv6 /64) can do is bounded, as the server itself observes it
 * (docs/security.md, "Realtime"): the handshake needs the store's Origin and a free slot of
 * `connectionsPerAddress`; events are rate-limited per socket (a flood is disconnected) and
 * per client (the rest is refused); a client counts `visitorsPerAddress` visitors at most and
 * holds `logEntriesPerAddress` entries of the log at most.
 */
export function attachRealtime(server: HttpServer, options: RealtimeOptions = {}): Realtime {
  const now = options.now ?? Date.now;
  const limits = { ...REALTIME_LIMITS, ...options.limits };
  const check = handshakeCheck(options);
  const cap = new ConnectionCap(limits.connectionsPerAddress, now);
  // The client of each handshake request, which the engine hands on with its connection.
  const clientOf = new WeakMap<object, string>();
  const io = new Server(server, {
    path: '/socket.io',
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    // Every handshake, polling or websocket, before any session exists: a refused polling
    // handshake gets 403, a refused websocket upgrade 400, each with the reason.
    allowRequest: (req, answer) => {
      const verdict = check(req);
      if (verdict.refused !== undefined) return answer(verdict.refused, false);
      if (!cap.reserve(req, verdict.client)) {
        return answer('Too many connections from your network. Close a tab of the store.', false);
      }
      clientOf.set(req, verdict.client);
      answer(null, true);
    },
  });
  // Before socket.io's own listener, so a slot is free again by the time a disconnect is seen.
  io.engine.prependListener(
    'connection',
    (connection: { request: object } & NodeJS.EventEmitter) => {
      const release = cap.claim(connection.request, clientOf.get(connection.request) ?? 'unknown');
      connection.once('close', release);
    },
  );
  // Only /customer: a connection to the main namespace has nothing to say.
  io.use((_socket, next) => {
    next(new Error('Connect to /customer.'));
  });

  const visitors = new Visitors(limits.visitorsPerAddress);
  const log = new EventLog({
    size: options.logSize ?? DEFAULT_LOG_SIZE,
    perClient: limits.logEntriesPerAddress,
    now,
  });
  const clientEvents = new RateLimiter(now);
  const changed = (before: number) => {
    if (visitors.count() !== before) options.onChange?.(visitors.count());
  };
  const reply = (args: unknown[], ok: boolean) => {
    ackOf(args)?.({ ok, visitors: visitors.count() });
  };

  const onVisit = (socket: Socket, client: string, args: unknown[]) => {
    const visit = parseVisit(args[0]);
    const before = visitors.count();
    if (visit) {
      visitors.visit(socket.id, client, visit);
      log.record(client, 'visit', visit);
    }
    changed(before);
    reply(args, visit !== undefined);
  };
  const onEnd = (socket: Socket, client: string, type: 'leave' | 'disconnect') => {
    const before = visitors.count();
    const ended = visitors.leave(socket.id);
    // The end of a visit is news; a socket that was not visiting has nothing to log.
    if (ended) log.record(client, type, ended);
    changed(before);
  };
  // A listener that throws must not take the server down: log and carry on.
  const guard =
    (handler: (args: unknown[]) => void) =>
    (...args: unknown[]) => {
      try {
        handler(args);
      } catch (error) {
        console.error('[realtime] handler failed:', error);
      }
    };

  io.of('/customer').on('connection', (socket) => {
    const client = clientOf.get(socket.request) ?? 'unknown';
    // The socket's own counter goes with it; the shared one holds only clients.
    const own = new RateLimiter(now);
    // Every incoming event, known or not, counts against the socket's and the client's limits.
    socket.use((packet, next) => {
      if (own.take('events', limits.socketEvents) > 0) {
        socket.disconnect(true);
      } else if (clientEvents.take(client, limits.addressEvents) > 0) {
        reply(packet, false);
      } else {
        next();
      }
    });
    socket.on(
      'store:visit',
      guard((args) => onVisit(socket, client, args)),
    );
    socket.on(
      'store:leave',
      guard((args) => {
        onEnd(socket, client, 'leave');
        reply(args, true);
      }),
    );
    socket.on('disconnect', () => {
      onEnd(socket, client, 'disconnect');
    });
  });

  return {
    visitors: () => visitors.count(),
    events: (since) => log.events(since),
    close: () => {
      // Not io.close(): that also closes the HTTP server and waits for every connection on it.
      io.of('/customer').disconnectSockets(true);
      io.disconnectSockets(true);
      io.engine.close();
      visitors.clear();
      return Promise.resolve();
    },
  };
}
