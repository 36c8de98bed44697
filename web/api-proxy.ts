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
 * The local server's proxy to the commerce API (web/static-server.ts): requests and
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

/**
 * The largest request body either web server passes to the API (nginx's
 * client_max_body_size, written from this): past it the web server answers 413 itself.
 */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

const TOO_LARGE = JSON.stringify({ error: 'The request body is too large.' });

/**
 * A request's body, read whole before the API is asked, as nginx does (proxy_request_buffering):
 * the API may answer before it reads a body (a 413 past its own limit, issue 28) and close
 * the connection, and a body still streaming to it then ends in a write error and a 502
 * instead of its answer. Undefined when the body is over {@link MAX_UPLOAD_BYTES}.
 */
async function readUpload(req: IncomingMessage): Promise<Buffer | undefined> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_UPLOAD_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** Sends one request on to the API and its answer back, gzipped when nginx would. */
export async function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  api: URL,
  who: Shopper,
  secret: string | undefined,
): Promise<void> {
  const body = await readUpload(req);
  if (body === undefined) {
    res.writeHead(413, { 'content-type': 'application/json', connection: 'close' }).end(TOO_LARGE);
    return;
  }
  const headers = forwardedHeaders(req, api, who, secret);
  delete headers['transfer-encoding'];
  if (body.length > 0 || headers['content-length'] !== undefined) {
    headers['content-length'] = String(body.length);
  }
  const upstream = httpRequest(
    { hostname: api.hostname, port: api.port, method: req.method, path: req.url, headers },
    (answer) => {
      const status = answer.statusCode ?? 502;
      if (!gzipsReply(req.headers['accept-encoding'], req.method, status, answer.headers)) {
        res.writeHead(status, answer.headers);
        answer.pipe(res);
        return;
      }
      const gzipped: IncomingHttpHeaders = { ...answer.headers, 'content-encoding': 'gzip' };
      delete gzipped['content-length'];
      const vary = String(gzipped.vary ?? '');
      if (!/accept-encoding/i.test(vary))
        gzipped.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
      res.writeHead(status, gzipped);
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
  upstream.end(body);
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
