import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import {
  brandHtmlRedirect,
  matchLegacyRoute,
  productHandleRedirect,
} from '../../src/lib/routing/legacy-routes.ts';

/** The build's product handles, one a line (src/pages/product-handles.txt.ts writes it). */
export const PRODUCT_HANDLES_FILE = 'product-handles.txt';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};

/** Paths that go to the commerce API (DESIGN, topology). */
const PROXIED = /^\/(?:api|socket\.io)(?:\/|$)/;

export interface StaticServerOptions {
  distDir: string;
  apiUrl: string;
  port: number;
  host?: string;
}

export interface StaticServer {
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves the static build, proxies /api and /socket.io (websockets included) to the API,
 * and applies the legacy routes, as a CDN rule set would in production.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const { distDir, apiUrl, port, host = '0.0.0.0' } = options;
  const api = new URL(apiUrl);
  const productHandles = handleSet(join(distDir, PRODUCT_HANDLES_FILE));
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[serve]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (PROXIED.test(url.pathname)) return proxy(req, res, api);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname = url.pathname;
    const legacy =
      matchLegacyRoute(pathname, url.search) ?? brandHtmlRedirect(pathname, url.search);
    if (legacy?.status === 301) {
      res.writeHead(301, { location: legacy.location }).end();
      return;
    }
    if (legacy) pathname = new URL(legacy.location, 'http://localhost').pathname;
    const file = await resolveFile(distDir, pathname);
    if (file) return sendFile(req, res, file, 200);
    // spec storefront 2: a product is also reachable by its handle alone; a file (a generic
    // page of the same handle) answers first.
    const handles = await productHandles.current();
    const byHandle = productHandleRedirect(pathname, url.search, (h) => handles.has(h));
    if (byHandle) {
      res.writeHead(301, { location: byHandle.location }).end();
      return;
    }
    return sendFile(req, res, join(distDir, '404.html'), 404);
  }

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (!PROXIED.test(new URL(req.url ?? '/', 'http://localhost').pathname)) {
      socket.destroy();
      return;
    }
    proxyUpgrade(req, socket, head, api);
  });

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://localhost:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The file for a URL path inside distDir, or undefined (never outside distDir). */
export async function resolveFile(distDir: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const root = normalize(distDir + sep);
  const candidate = normalize(join(root, decoded));
  if (!candidate.startsWith(root)) return undefined;
  for (const path of [candidate, join(candidate, 'index.html'), `${candidate}.html`]) {
    try {
      if ((await stat(path)).isFile()) return path;
    } catch {
      // try the next form
    }
  }
  return undefined;
}

/**
 * The set of handles in a handles file, read on first use and again whenever the file
 * changes (a rebuild while serving); an absent file is an empty set.
 */
export function handleSet(file: string): { current: () => Promise<ReadonlySet<string>> } {
  let loaded: { mtimeMs: number; handles: ReadonlySet<string> } | undefined;
  const empty: ReadonlySet<string> = new Set();
  return {
    current: async () => {
      let mtimeMs: number;
      try {
        mtimeMs = (await stat(file)).mtimeMs;
      } catch {
        loaded = undefined;
        return empty;
      }
      if (loaded?.mtimeMs !== mtimeMs) {
        const text = await readFile(file, 'utf8');
        const handles = new Set(text.split('\n').filter((line) => line !== ''));
        loaded = { mtimeMs, handles };
      }
      return loaded.handles;
    },
  };
}

async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status: number) {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const immutable = file.includes(`${sep}_astro${sep}`);
  res.writeHead(status, {
    'content-type': type,
    'content-length': size,
    'cache-control': immutable
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=0, must-revalidate',
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}

function forwardedHeaders(req: IncomingMessage) {
  return {
    ...req.headers,
    'x-forwarded-host': req.headers.host ?? '',
    'x-forwarded-proto': 'http',
    'x-forwarded-for': req.socket.remoteAddress ?? '',
  };
}

function proxy(req: IncomingMessage, res: ServerResponse, api: URL) {
  const upstream = httpRequest(
    {
      hostname: api.hostname,
      port: api.port,
      method: req.method,
      path: req.url,
      headers: { ...forwardedHeaders(req), host: api.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'The store service cannot be reached. Please try again.' }));
    } else {
      res.destroy();
    }
  });
  req.pipe(upstream);
}

function proxyUpgrade(req: IncomingMessage, socket: Socket, head: Buffer, api: URL) {
  const upstream = httpRequest({
    hostname: api.hostname,
    port: api.port,
    method: req.method,
    path: req.url,
    headers: { ...forwardedHeaders(req), host: api.host },
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
