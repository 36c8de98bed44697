import { open, readFile, realpath, stat, type FileHandle } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream';
import {
  ARTICLE_REDIRECTS_PATH,
  isLegacyArticlePath,
  legacyArticleParam,
  parseArticleRedirects,
} from '../../src/lib/routing/article-redirects.ts';
import {
  brandHtmlRedirect,
  collectionTagRedirect,
  matchLegacyRoute,
  productHandleRedirect,
} from '../../src/lib/routing/legacy-routes.ts';
import { MEDIA_FOLDERS } from '../../server/media/names.ts';
import { CONTENT_TYPES, SVG_POLICY } from './web/content-types.ts';
import { HEADERS_FILE, IMMUTABLE, staticHeaders, type SiteHeaders } from './web/headers.ts';
import { clientAddressBehind, trustedPeer } from './web/trusted-proxies.ts';

/** The build's product handles, one a line (src/pages/product-handles.txt.ts writes it). */
export const PRODUCT_HANDLES_FILE = 'product-handles.txt';

/** Paths that go to the commerce API (DESIGN, topology). */
const PROXIED = /^\/(?:api|socket\.io)(?:\/|$)/;

/**
 * The publish service's paths (issue 12 item 1): /api/admin/publish and the merchandiser page
 * /admin/publish, each exactly or below it with a slash (/api/admin/publishing is the API's).
 * nginx routes the same paths (scripts/lib/web/nginx-config.ts).
 */
export const PUBLISH_PATH = /^\/(?:api\/)?admin\/publish(?:\/|$)/;

/** A handler that answers a request it takes (true), or leaves it to the server (false). */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface StaticServerOptions {
  distDir: string;
  apiUrl: string;
  port: number;
  host?: string;
  /** The exported demo media (server/media/export.ts), answered at /api/media/ first. */
  mediaDir?: string;
  /** Sent to the API as X-Proxy-Secret, so that it believes our X-Forwarded-* headers. */
  proxySecret?: string;
  /** CIDR ranges of the hops in front whose X-Forwarded-* count (TRUST_PROXY, parsed). */
  trustedRanges?: readonly string[];
  /** Whether /api/admin is proxied (ADMIN_API_PUBLIC); 404 otherwise. */
  adminPublic?: boolean;
  /**
   * The publish service (issue 12), asked first for the paths of PUBLISH_PATH, before the
   * /api/admin gate. It sees the X-Forwarded-* and X-Proxy-Secret headers the API would get
   * behind this server. Without it those paths are the API's gate and the site's 404.
   */
  publish?: RequestHandler;
}

/** What the proxy tells the API about the shopper: address, scheme and host. */
interface Shopper {
  address: string;
  proto: 'http' | 'https';
  host: string;
}

const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$/;
const ADMIN = /^\/api\/admin(?:\/|$)/;
const MEDIA = new RegExp(`^/api/media/((?:${MEDIA_FOLDERS.join('|')})/[A-Za-z0-9_.-]+)$`);

export interface StaticServer {
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves the static build with the headers of scripts/lib/web/headers.ts and its precompressed
 * files, proxies /api and /socket.io (websockets included) to the API, and applies the legacy
 * routes: the same rules nginx gets in production (scripts/lib/web/nginx-config.ts).
 *
 * `distDir` may be a symlink that publishing swaps to a new release (issue 12 item 3): each
 * request resolves it once and reads everything from that release (its file, 404 page, CSP
 * and product handles), so a swap while it is answered never mixes two releases.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const { distDir, apiUrl, port, host = '0.0.0.0' } = options;
  const api = new URL(apiUrl);
  const releases = releaseFiles();
  const isTrusted = trustedPeer(options.trustedRanges ?? []);
  const shopperOf = (req: IncomingMessage): Shopper => shopper(req, isTrusted);
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[serve]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Once, before any header is replaced.
    const who = shopperOf(req);
    if (options.publish && PUBLISH_PATH.test(url.pathname)) {
      req.headers = forwardedHeaders(req, undefined, who, options.proxySecret);
      if (await options.publish(req, res)) return;
    }
    const media = MEDIA.exec(url.pathname)?.[1];
    if (media && options.mediaDir && (req.method === 'GET' || req.method === 'HEAD')) {
      const file = await resolveFile(options.mediaDir, `/${media}`);
      if (file) return sendMedia(req, res, file);
    }
    if (ADMIN.test(url.pathname) && !options.adminPublic) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Not found.' }));
      return;
    }
    if (PROXIED.test(url.pathname)) {
      return proxy(req, res, api, who, options.proxySecret);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const https = who.proto === 'https';
    // The release this request is answered from, whatever the symlink says by its end.
    const root = await realpath(distDir).catch(() => distDir);
    const release = releases.of(root);
    const site = await release.headers.current();
    const send = (file: string, status: number, path: string) =>
      sendFile(req, res, { file, status, path, https, site });
    const redirect = (location: string) =>
      res
        .writeHead(301, {
          location,
          ...staticHeaders({ path: url.pathname, contentType: '', https, site }),
        })
        .end();
    let pathname = url.pathname;
    // The build's own files for the servers are not part of the site.
    if (pathname.startsWith('/_server/')) return send(join(root, '404.html'), 404, '/404.html');
    // Legacy article links: one 301 by the release's map, else not found (as nginx does).
    if (isLegacyArticlePath(pathname)) {
      const to = (await release.articles.current())?.get(legacyArticleParam(url.search) ?? '');
      return to ? redirect(to) : send(join(root, '404.html'), 404, '/404.html');
    }
    const legacy =
      matchLegacyRoute(pathname, url.search) ??
      brandHtmlRedirect(pathname, url.search) ??
      collectionTagRedirect(pathname, url.search);
    if (legacy?.status === 301) return redirect(legacy.location);
    if (legacy) pathname = new URL(legacy.location, 'http://localhost').pathname;
    const file = await resolveFile(root, pathname);
    if (file) return send(file, 200, file.slice(root.length).replaceAll(sep, '/'));
    // spec storefront 2: a product is also reachable by its handle alone; a file (a generic
    // page of the same handle) answers first.
    const handles = await release.handles.current();
    const byHandle = productHandleRedirect(pathname, url.search, (h) => handles.has(h));
    if (byHandle) return redirect(byHandle.location);
    return send(join(root, '404.html'), 404, '/404.html');
  }

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (!PROXIED.test(new URL(req.url ?? '/', 'http://localhost').pathname)) {
      socket.destroy();
      return;
    }
    proxyUpgrade(req, socket, head, api, shopperOf(req), options.proxySecret);
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
 * A file read on first use and again whenever it changes (a rebuild while serving); absent,
 * it is undefined. `parse` turns its text into the value.
 */
function watchedFile<T>(file: string, parse: (text: string) => T) {
  let loaded: { mtimeMs: number; value: T } | undefined;
  return {
    current: async (): Promise<T | undefined> => {
      let mtimeMs: number;
      try {
        mtimeMs = (await stat(file)).mtimeMs;
      } catch {
        loaded = undefined;
        return undefined;
      }
      if (loaded?.mtimeMs !== mtimeMs)
        loaded = { mtimeMs, value: parse(await readFile(file, 'utf8')) };
      return loaded.value;
    },
  };
}

/**
 * The set of handles in a handles file, read on first use and again whenever the file
 * changes (a rebuild while serving); an absent file is an empty set.
 */
export function handleSet(file: string): { current: () => Promise<ReadonlySet<string>> } {
  const empty: ReadonlySet<string> = new Set();
  const watched = watchedFile(
    file,
    (text): ReadonlySet<string> => new Set(text.split('\n').filter((line) => line !== '')),
  );
  return { current: async () => (await watched.current()) ?? empty };
}

const jsonFile = <T>(file: string) => watchedFile(file, (text) => JSON.parse(text) as T);

/** Releases whose files are kept read: the live one and those requests may still be on. */
const KEPT_RELEASES = 4;

/**
 * The watched files of each release, by its real path: a request reads the CSP, the
 * handles and the article map of the release it is answered from. A rebuild in place (no
 * publishing) changes the files under the same root, which the watch follows.
 */
function releaseFiles() {
  const releases = new Map<
    string,
    {
      handles: ReturnType<typeof handleSet>;
      headers: ReturnType<typeof jsonFile<SiteHeaders>>;
      articles: ReturnType<typeof watchedFile<ReadonlyMap<string, string>>>;
    }
  >();
  return {
    of(root: string) {
      let files = releases.get(root);
      if (files) releases.delete(root);
      else
        files = {
          handles: handleSet(join(root, PRODUCT_HANDLES_FILE)),
          headers: jsonFile<SiteHeaders>(join(root, HEADERS_FILE)),
          articles: watchedFile(join(root, ARTICLE_REDIRECTS_PATH), parseArticleRedirects),
        };
      // Most recently used last; the oldest goes first.
      releases.set(root, files);
      for (const old of releases.keys()) {
        if (releases.size <= KEPT_RELEASES) break;
        releases.delete(old);
      }
      return files;
    },
  };
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  what: {
    file: string;
    status: number;
    path: string;
    https: boolean;
    site: SiteHeaders | undefined;
  },
) {
  const type = CONTENT_TYPES[extname(what.file)] ?? 'application/octet-stream';
  const opened = (await openPrecompressed(req, what.file)) ?? (await openFile(what.file));
  if (!opened) {
    // Gone since it was found (a release removed under the request): not found after all.
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  res.writeHead(what.status, {
    'content-type': type,
    'content-length': opened.size,
    ...(opened.encoding ? { 'content-encoding': opened.encoding } : {}),
    vary: 'Accept-Encoding',
    ...staticHeaders({ path: what.path, contentType: type, https: what.https, site: what.site }),
    ...(type === 'image/svg+xml' ? { 'content-security-policy': SVG_POLICY } : {}),
  });
  sendBody(req, res, opened.handle);
}

/** A demo media file exported ahead of time: its name never changes its bytes. */
async function sendMedia(req: IncomingMessage, res: ServerResponse, file: string) {
  const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
  const opened = await openFile(file);
  if (!opened) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': type,
    'content-length': opened.size,
    'cache-control': IMMUTABLE,
    'x-content-type-options': 'nosniff',
    ...(type === 'image/svg+xml' ? { 'content-security-policy': SVG_POLICY } : {}),
  });
  sendBody(req, res, opened.handle);
}

interface OpenedFile {
  handle: FileHandle;
  size: number;
  encoding?: string;
}

/**
 * A file opened for sending, with its size from the same descriptor: removed or replaced
 * once opened, it is still the one sent whole (a release pruned while its page is sent).
 * Undefined when it is not a file (any more).
 */
async function openFile(file: string): Promise<OpenedFile | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const info = await handle.stat();
    if (info.isFile()) return { handle, size: info.size };
  } catch {
    // not readable after all
  }
  await handle.close();
  return undefined;
}

/** The precompressed file a client accepts, in our order of preference, opened. */
async function openPrecompressed(
  req: IncomingMessage,
  file: string,
): Promise<OpenedFile | undefined> {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!new RegExp(`\\b${encoding}\\b(?!;q=0(?:\\.0*)?(?:,|$))`).test(accepted)) continue;
    const opened = await openFile(file + suffix);
    if (opened) return { ...opened, encoding };
  }
  return undefined;
}

/**
 * Streams an opened file as the body (nothing for HEAD). A read error after the headers went
 * out can only cut the response short: the socket is destroyed, the process goes on.
 */
function sendBody(req: IncomingMessage, res: ServerResponse, handle: FileHandle) {
  if (req.method === 'HEAD') {
    res.end();
    void handle.close();
    return;
  }
  pipeline(handle.createReadStream(), res, (error) => {
    if (error) res.destroy();
  });
}

/**
 * The shopper as this server sees them: behind a trusted hop (TRUST_PROXY), its
 * X-Forwarded-For, -Proto and -Host; otherwise the socket and the Host header alone.
 */
function shopper(
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
function forwardedHeaders(
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

function proxy(
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
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
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

function proxyUpgrade(
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
