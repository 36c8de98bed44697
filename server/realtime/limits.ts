import type { Limit } from '../accounts/rate-limit.ts';

/**
 * How much of the realtime server one client may use. A client is its address as the web
 * server vouched for it (server/http/forwarded.ts), an IPv6 client its /64 (clientKey in
 * server/http/client-key.ts). Each number leaves room for a household or an office behind one NAT
 * address, and keeps one client from filling what everyone shares.
 */
export interface RealtimeLimits {
  /**
   * Open connections (Engine.IO sessions, websocket or polling) per client; the next
   * handshake is refused with 403 until one closes. A shopper holds one per open tab.
   */
  connectionsPerAddress: number;
  /** Events one socket may send; past it the socket is disconnected (a flood). */
  socketEvents: Limit;
  /** Events all sockets of one client may send; past it events are refused, not handled. */
  addressEvents: Limit;
  /** Sockets of one client that count as visitors at most (several tabs are one person). */
  visitorsPerAddress: number;
  /** Entries of the event log one client may hold; its newer ones push out its own older. */
  logEntriesPerAddress: number;
}

/**
 * Connections per client at once: a family's or a small office's tabs fit in; 1,000
 * websockets from one address do not. nginx holds /socket.io/ to the same number
 * (web/nginx-server-conf.ts), so one address cannot use up its workers either.
 */
export const CONNECTIONS_PER_ADDRESS = 20;

/**
 * The defaults. A page's socket sends one store:visit when it connects and one store:leave
 * when the page goes (src/lib/shell/realtime-client.ts), and every reconnection is a new
 * socket: ten events a minute is far above what a page sends. Ten a second per client is
 * every connection of a busy office changing page at once, and what the end-to-end suite
 * sends from its one address.
 */
export const REALTIME_LIMITS: RealtimeLimits = {
  connectionsPerAddress: CONNECTIONS_PER_ADDRESS,
  socketEvents: { max: 10, windowMs: 60_000 },
  addressEvents: { max: 600, windowMs: 60_000 },
  visitorsPerAddress: 3,
  logEntriesPerAddress: 50,
};
