import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';

/** Who sent a request and how the shopper reached the store, decided once per request. */
export interface RequestOrigin {
  /** The client's IP address, or 'unknown' when neither the proxy nor the socket says. */
  clientAddress: string;
  /** The scheme the shopper used. */
  proto: 'http' | 'https';
  /** The host (and port, when not the default) the shopper used, lower case. */
  host: string;
  /**
   * True when the public web server forwarded the request (it carried the proxy secret),
   * false for a caller on the API's own port (the build, the publisher, a merchandiser's
   * script on the server).
   */
  viaWebServer: boolean;
}

/** Options of {@link forwarded}. */
export interface ForwardedOptions {
  /**
   * The secret the web server sends as X-Proxy-Secret with every request it proxies
   * (PROXY_SECRET). Unset: no request's X-Forwarded-* headers are believed.
   */
  proxySecret?: string | undefined;
}

/** The header the web server (nginx or web/static-server.ts) vouches with. */
export const PROXY_SECRET_HEADER = 'x-proxy-secret';

const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by {@link forwarded}; read with {@link requestOrigin}. */
    requestOrigin: RequestOrigin;
  }
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is the IPv4 one: one counter, not two. */
function normalAddress(address: string | undefined): string | undefined {
  const bare = address?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return bare !== undefined && isIP(bare) !== 0 ? bare : undefined;
}

/**
 * What the decision reads from a request, whichever kind it is: a Hono context (the API's
 * routes) or a plain node request (the realtime server's websocket handshake).
 */
interface RequestFacts {
  /** A header's value, several occurrences joined with commas. */
  header: (name: string) => string | undefined;
  /** The socket's peer address. */
  peer: string | undefined;
  /** The scheme and host of the request itself (its URL, or its socket and Host header). */
  proto: 'http' | 'https';
  host: string;
}

/** The last value of a header that a proxy may have written as a list. */
function lastOf(facts: RequestFacts, name: string): string | undefined {
  const value = facts.header(name)?.split(',').at(-1)?.trim().toLowerCase();
  return value === '' ? undefined : value;
}

/** What a request says about itself when nobody vouches for its forwarded headers. */
function direct(facts: RequestFacts): RequestOrigin {
  return {
    clientAddress: normalAddress(facts.peer) ?? 'unknown',
    proto: facts.proto,
    host: facts.host,
    viaWebServer: false,
  };
}

/** The forwarded headers of a request the web server vouched for; direct values fill gaps. */
function proxied(facts: RequestFacts): RequestOrigin {
  const own = direct(facts);
  const proto = lastOf(facts, 'x-forwarded-proto');
  const host = lastOf(facts, 'x-forwarded-host');
  return {
    // The web server overwrites X-Forwarded-For with the one address it determined; were
    // a hop to append instead, the last entry is the one the trusted hop wrote.
    clientAddress: normalAddress(lastOf(facts, 'x-forwarded-for')) ?? own.clientAddress,
    proto: proto === 'https' || proto === 'http' ? proto : own.proto,
    host: host !== undefined && HOST.test(host) ? host : own.host,
    viaWebServer: true,
  };
}

/**
 * The one decision, for either kind of request: the forwarded headers when the request
 * carries the right X-Proxy-Secret, else the request's own view.
 */
function decider({ proxySecret }: ForwardedOptions): (facts: RequestFacts) => RequestOrigin {
  const expected = proxySecret ? sha256(proxySecret) : undefined;
  return (facts) => {
    const given = facts.header(PROXY_SECRET_HEADER);
    // Compared as hashes: equal lengths for timingSafeEqual, and no early exit on a prefix.
    const vouched =
      expected !== undefined && given !== undefined && timingSafeEqual(sha256(given), expected);
    return vouched ? proxied(facts) : direct(facts);
  };
}

function contextFacts(c: Context): RequestFacts {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const url = new URL(c.req.url);
  return {
    header: (name) => c.req.header(name),
    peer: env?.incoming?.socket?.remoteAddress,
    proto: url.protocol === 'https:' ? 'https' : 'http',
    host: url.host.toLowerCase(),
  };
}

/**
 * Decides once per request who the client is and which origin the shopper sees (
 * "Behind TLS termination" and item 5, "Only a trusted proxy's header counts"):
 * X-Forwarded-For, -Proto and -Host count only on requests carrying the right X-Proxy-Secret,
 * which the web server adds to everything it proxies after overwriting those headers. Any
 * other caller, a direct connection to the API port from localhost included, is the socket's
 * peer and the request URL's scheme and host. Read the result with {@link requestOrigin}.
 *
 * @example app.use('*', forwarded({ proxySecret: env.PROXY_SECRET }))
 */
export function forwarded(options: ForwardedOptions = {}): MiddlewareHandler {
  const decide = decider(options);
  return createMiddleware(async (c, next) => {
    // On the context, not keyed by c.req.raw: the body limit replaces the raw request.
    c.set('requestOrigin', decide(contextFacts(c)));
    await next();
  });
}

/** The part of a node request {@link nodeRequestOrigin} reads. */
export interface NodeRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined; encrypted?: boolean };
}

/** The Host header as a URL's host (lower case, default port dropped), or '' when it is none. */
function hostOf(header: string | undefined): string {
  if (header === undefined || !HOST.test(header.toLowerCase())) return '';
  try {
    return new URL(`http://${header}`).host;
  } catch {
    return '';
  }
}

/**
 * The same decision as {@link forwarded}, for a plain node request that no Hono route sees:
 * the realtime server's handshake (server/realtime.ts). The scheme is the socket's (https
 * when it is TLS) and the host the Host header's.
 * @example const originOf = nodeRequestOrigin({ proxySecret }); originOf(req).clientAddress
 */
export function nodeRequestOrigin(
  options: ForwardedOptions = {},
): (req: NodeRequest) => RequestOrigin {
  const decide = decider(options);
  return (req) => {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    return decide({
      header,
      peer: req.socket.remoteAddress,
      proto: req.socket.encrypted === true ? 'https' : 'http',
      host: hostOf(header('host')),
    });
  };
}

/**
 * The request's client address, scheme and host as {@link forwarded} decided them; a request
 * that did not pass through it (a sub-app tested alone) is taken as a direct connection.
 */
export function requestOrigin(c: Context): RequestOrigin {
  // Typed as always set (ContextVariableMap), yet unset when the middleware did not run.
  const decided: RequestOrigin | undefined = c.get('requestOrigin');
  return decided ?? direct(contextFacts(c));
}

/** True when the shopper reached the store over https (directly or through the web server). */
export function isHttps(c: Context): boolean {
  return requestOrigin(c).proto === 'https';
}

/**
 * The origin the shopper sees, for absolute links in replies such as webUrl and for the
 * same-origin check. Never for links in emails: those come from SITE_URL.
 */
export function publicOrigin(c: Context): string {
  return originText(requestOrigin(c));
}

/** The origin `proto://host` of a decided request, as a browser writes it in Origin. */
export function originText({ proto, host }: Pick<RequestOrigin, 'proto' | 'host'>): string {
  return `${proto}://${host}`;
}

/**
 * Whether an Origin header names one of `allowed`: the one rule of the same-origin checks
 * (server/accounts/guard.ts for cookie calls, server/realtime for the socket handshake).
 * Absent or `null` (a sandboxed or privacy-sensitive context) never does.
 */
export function originIsOneOf(origin: string | undefined, allowed: readonly string[]): boolean {
  return origin !== undefined && origin !== 'null' && allowed.includes(origin);
}

/** Whether the shopper sees this store on this machine (plain http is fine there). */
export function isLocalHost(c: Context): boolean {
  const host = requestOrigin(c).host.replace(/:\d+$/, '');
  return ['localhost', '127.0.0.1', '[::1]'].includes(host);
}

/** The merchandiser API's paths, as the router reads them (decoded). */
const ADMIN_PATH = /^\/api\/admin(?:\/|$)/i;

/**
 * Answers 404 to a merchandiser call the public web server forwarded, unless `adminPublic`
 * (ADMIN_API_PUBLIC): the web servers refuse /api/admin themselves, and this holds when one
 * of them is fooled by a spelling of the path it did not expect (issue 28). Runs after
 * {@link forwarded}, on the path the router matches.
 */
export function adminOffThePublicSite(adminPublic: boolean): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    if (!adminPublic && requestOrigin(c).viaWebServer && ADMIN_PATH.test(c.req.path)) {
      return c.json({ error: 'Not found.' }, 404);
    }
    await next();
    return undefined;
  });
}
