import { clientKey } from '../http/client-key.ts';
import {
  nodeRequestOrigin,
  originIsOneOf,
  originText,
  type NodeRequest,
  type RequestOrigin,
} from '../http/forwarded.ts';

/** Options of {@link handshakeCheck}. */
export interface HandshakeOptions {
  /** X-Proxy-Secret of the web server (PROXY_SECRET): whose forwarded headers count. */
  proxySecret?: string | undefined;
  /** SITE_URL: its origin is the store's too, whatever Host a request names. */
  siteUrl?: string | undefined;
}

/** What {@link handshakeCheck} decided about one handshake request. */
export interface HandshakeVerdict {
  /** Why it is refused (the 403's message), or undefined when the Origin is the store's. */
  refused?: string;
  /** The client, keyed for the per-client limits (clientKey of the vouched address). */
  client: string;
  /** The request as server/http/forwarded.ts decides it. */
  origin: RequestOrigin;
}

const header = (req: NodeRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** The Engine.IO transport a handshake asks for (the `transport` query parameter). */
function transportOf(url: string | undefined): string | null {
  return new URL(url ?? '/', 'http://x').searchParams.get('transport');
}

/**
 * The realtime server's same-origin rule, for socket.io's allowRequest (every handshake,
 * polling or websocket): the Origin must be the origin the shopper sees, as the web server
 * vouches for it with X-Proxy-Secret (the rule of server/accounts/guard.ts for cookie calls),
 * or SITE_URL's. Browsers send Origin with every WebSocket and every cross-origin request, so
 * a page on another site is always refused. The one browser request without an Origin is a
 * same-origin GET, such as socket.io-client's polling handshake (its websocket fallback):
 * that one is let in when the browser says so in Sec-Fetch-Site, which no page can set.
 * Anything else without an Origin (a script, another site's `<img>`) is refused.
 */
export function handshakeCheck(
  options: HandshakeOptions = {},
): (req: NodeRequest & { url?: string | undefined }) => HandshakeVerdict {
  const originOf = nodeRequestOrigin(options);
  const site = options.siteUrl ? new URL(options.siteUrl).origin : undefined;
  return (req) => {
    const origin = originOf(req);
    const client = clientKey(origin.clientAddress);
    const allowed = [originText(origin), ...(site ? [site] : [])];
    const given = header(req, 'origin');
    if (given !== undefined) {
      return originIsOneOf(given, allowed)
        ? { client, origin }
        : { client, origin, refused: 'This connection must come from the store itself.' };
    }
    const sameOriginPoll =
      transportOf(req.url) === 'polling' && header(req, 'sec-fetch-site') === 'same-origin';
    return sameOriginPoll
      ? { client, origin }
      : { client, origin, refused: 'This connection must say where it comes from (Origin).' };
  };
}

/**
 * Open connections per client, counted by the server itself. A handshake reserves a slot
 * (refused at the cap); the connection it becomes holds the slot until it closes. A
 * reservation that never becomes a connection (the engine refused the handshake after us, a
 * websocket upgrade failed) lapses after `pendingMs`, so no slot leaks.
 */
export class ConnectionCap {
  private readonly live = new Map<string, number>();
  /** Reservations in the order they were made, so the oldest lapse first. */
  private readonly pending = new Map<object, { client: string; at: number }>();
  private readonly pendingOf = new Map<string, number>();
  private readonly max: number;
  private readonly now: () => number;
  private readonly pendingMs: number;

  constructor(max: number, now: () => number, pendingMs = 10_000) {
    this.max = max;
    this.now = now;
    this.pendingMs = pendingMs;
  }

  /** Connections and handshakes under way of `client`. */
  count(client: string): number {
    return (this.live.get(client) ?? 0) + (this.pendingOf.get(client) ?? 0);
  }

  /** Reserves a slot for the handshake `request`; false when `client` is at the cap. */
  reserve(request: object, client: string): boolean {
    const at = this.now();
    for (const [key, held] of this.pending) {
      if (at - held.at < this.pendingMs) break;
      this.unreserve(key);
    }
    if (this.count(client) >= this.max) return false;
    this.pending.set(request, { client, at });
    bump(this.pendingOf, client, 1);
    return true;
  }

  /**
   * The handshake `request` of `client` became a connection: it holds a slot until the
   * returned release is called (once; later calls do nothing). Counted even when its
   * reservation lapsed, so the count never falls below the connections open.
   */
  claim(request: object, client: string): () => void {
    this.unreserve(request);
    bump(this.live, client, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      bump(this.live, client, -1);
    };
  }

  private unreserve(request: object): void {
    const held = this.pending.get(request);
    if (held === undefined) return;
    this.pending.delete(request);
    bump(this.pendingOf, held.client, -1);
  }
}

/** Adds `by` to a count, forgetting it at zero. */
function bump(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
