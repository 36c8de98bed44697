import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { createGzip } from 'node:zlib';
import { clientAddressBehind } from './trusted-proxies.ts';

/**
 * The local server's proxy to the commerce API (scripts/lib/static-server.ts): requests and
 * websocket upgrades, with the shopper's address, scheme and host in X-Forwarded-*.
 */

/** What the proxy tells the API about the shopper: address, scheme and host. */
export interface Shopper {
  address: string;
  proto: 'http' | 'https';
  host: string;
}

const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$/;

/**
 * The shopper as this server sees them: behind a trusted hop (TRUST_PROXY), its
 * X-Forwarded-For, -Proto and -Host; otherwise the socket and the Host header alone.
 */
export function shopper(
  req: IncomingMessage,
  isTrusted: (address: string | undefined) => boolean,
): Shopper {
  const peer = req.socket.remoteAddress ?? '';
  const first = (name: string) =>
    String(req.headers[name] ?? '')
      .split(',')[0]
      ?.trim() ?? '';
  const viaTrusted = isTrusted(peer);
  const forwardedFor = req.headers['x-forwarded-for'];
  const address = clientAddressBehind(
    peer,
    Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor,
    isTrusted,
  );
  const forwardedProto = first('x-forwarded-proto').toLowerCase();
  const forwardedHost = first('x-forwarded-host');
  const ownHost = String(req.headers.host ?? '');
  return {
    address,
    proto: viaTrusted && forwardedProto === 'https' ? 'https' : 'http',
    host: viaTrusted && HOST.test(forwardedHost) ? forwardedHost : ownHost,
  };
}

/**
 * The request's headers for the API: the shopper's address, scheme and host replace whatever
 * the client sent in X-Forwarded-*, and the proxy secret vouches for them.
 */
export function forwardedHeaders(
  req: IncomingMessage,
  api: URL | undefined,
  who: Shopper,
  secret: string | undefined,
): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = { ...req.headers };
  delete headers['x-proxy-secret'];
  return {
    ...headers,
    ...(api ? { host: api.host } : {}),
    'x-forwarded-host': who.host,
    'x-forwarded-proto': who.proto,
    'x-forwarded-for': who.address,
    ...(secret ? { 'x-proxy-secret': secret } : {}),
  };
}

/**
 * The API's reply types compressed on the fly, as nginx does in front of the API in production
 * (nginx-server-conf.ts: gzip on, gzip_proxied any): the filter reply of a search is about
 * 30 KB of JSON and 5 KB gzipped, the difference a phone on a slow network waits for.
 */
export const COMPRESSED_REPLY_TYPES = [
  'application/json',
  'text/css',
  'text/javascript',
  'application/xml',
  'image/svg+xml',
] as const;

/** Whether to gzip this reply: a listed type, not encoded yet, with a body, to a client that takes gzip. */
export function gzipsReply(
  acceptEncoding: string | undefined,
  method: string | undefined,
  status: number,
  headers: IncomingHttpHeaders,
): boolean {
  if (method === 'HEAD' || status === 204 || status === 304) return false;
  if (headers['content-encoding'] || !acceptsGzip(acceptEncoding)) return false;
  const type = String(headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  return COMPRESSED_REPLY_TYPES.some((listed) => listed === type);
}

/** Accept-Encoding names gzip (or *) without q=0. */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') return false;
    return !params.some((param) => /^q=0(?:\.0*)?$/.test(param));
  });
}

export function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  api: URL,
  who: Shopper,
  secret: string | undefined,
) {
  const upstream = httpRequest(
    {
      hostname: api.hostname,
      port: api.port,
      method: req.method,
      path: req.url,
      headers: forwardedHeaders(req, api, who, secret),
    },
    (answer) => {
      const status = answer.statusCode ?? 502;
      if (!gzipsReply(req.headers['accept-encoding'], req.method, status, answer.headers)) {
        res.writeHead(status, answer.headers);
        answer.pipe(res);
        return;
      }
      const headers: IncomingHttpHeaders = { ...answer.headers, 'content-encoding': 'gzip' };
      delete headers['content-length'];
      const vary = String(headers.vary ?? '');
      if (!/accept-encoding/i.test(vary))
        headers.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
      res.writeHead(status, headers);
      answer.pipe(createGzip()).pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ error: 'The store service cannot be reached. Please try again.' }));
    } else {
      res.destroy();
    }
  });
  req.pipe(upstream);
}

export function proxyUpgrade(
  req: IncomingMessage,
  socket: Socket,
  head: Buffer,
  api: URL,
  who: Shopper,
  secret: string | undefined,
) {
  const upstream = httpRequest({
    hostname: api.hostname,
    port: api.port,
    method: req.method,
    path: req.url,
    headers: forwardedHeaders(req, api, who, secret),
  });
  upstream.on('upgrade', (answer, upstreamSocket, upstreamHead) => {
    const lines = [`HTTP/1.1 ${answer.statusCode ?? 101} ${answer.statusMessage ?? ''}`];
    for (let i = 0; i < answer.rawHeaders.length; i += 2) {
      lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
    }
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (upstreamHead.length) socket.write(upstreamHead);
    if (head.length) upstreamSocket.write(head);
    upstreamSocket.pipe(socket).pipe(upstreamSocket);
    upstreamSocket.on('error', () => socket.destroy());
    socket.on('error', () => upstreamSocket.destroy());
  });
  upstream.on('response', (answer) => {
    socket.end(`HTTP/1.1 ${answer.statusCode ?? 502} ${answer.statusMessage ?? ''}\r\n\r\n`);
  });
  upstream.on('error', () => socket.destroy());
  upstream.end();
}
