import { realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join, sep } from 'node:path';
import { isLegacyArticlePath, legacyArticleParam } from '../src/lib/routing/article-redirects.ts';
import {
  brandHtmlRedirect,
  collectionTagRedirect,
  matchLegacyRoute,
  productHandleRedirect,
} from '../src/lib/routing/legacy-routes.ts';
import { questionRedirect } from '../src/lib/routing/question-redirects.ts';
import { SHELL_PARTS_PREFIX } from '../src/lib/shell/shell-parts.ts';
import { MEDIA_FOLDERS } from '../server/index.ts';
import { proxy, proxyUpgrade, shopper, type Shopper } from './api-proxy.ts';
import { staticHeaders } from './headers.ts';
import { releaseFiles } from './release-files.ts';
import { escapePath, requestPath, requestQuery } from './request-path.ts';
import { resolveFile, sendFile, sendMedia } from './send-file.ts';
import { trustedPeer } from './trusted-proxies.ts';
/** Paths that go to the commerce API (DESIGN, topology). */
const PROXIED = /^\/(?:api|socket\.io)(?:\/|$)/;

/**
 * The publish service's paths: /api/admin/publish and the merchandiser page
 * /admin/publish, each exactly or below it with a slash (/api/admin/publishing is the API's).
 * nginx routes the same paths (web/nginx-config.ts).
 */
export const PUBLISH_PATH = /^\/(?:api\/)?admin\/publish(?:\/|$)/;

export interface StaticServerOptions {
  distDir: string;
  apiUrl: string;
  port: number;
  /** The address to listen on: this machine only unless given (HOST). */
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
   * The publish service's address (the publisher's loopback port): the paths of PUBLISH_PATH
   * go to it before the /api/admin gate, with the X-Forwarded-* and X-Proxy-Secret headers the
   * API would get, as nginx proxies them. Without it those paths are the API's gate and the
   * site's 404.
   */
  publishUpstream?: string;
}

/** A prefix, as nginx's `location ^~ /api/admin`: /api/administrator is refused alike. */
const ADMIN = /^\/api\/admin/;
const MEDIA = new RegExp(`^/api/media/((?:${MEDIA_FOLDERS.join('|')})/[A-Za-z0-9_.-]+)$`);

export interface StaticServer {
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves the static build with the headers of web/headers.ts and its precompressed
 * files, proxies /api and /socket.io (websockets included) to the API, and applies the legacy
 * routes: the same rules nginx gets in production (web/nginx-config.ts).
 *
 * `distDir` may be a symlink that publishing swaps to a new release: each
 * request resolves it once and reads everything from that release (its file, 404 page, CSP
 * and product handles), so a swap while it is answered never mixes two releases.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const { distDir, apiUrl, port, host = '127.0.0.1' } = options;
  const api = new URL(apiUrl);
  const publishUpstream = options.publishUpstream ? new URL(options.publishUpstream) : undefined;
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
    // One decoded, normalised path for every rule below and for the API behind (issue 28):
    // the request line is rewritten to it, so what the gates saw is what the API routes.
    const target = requestPath(req.url ?? '/');
    if (!target.ok) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(target.reason);
      return;
    }
    req.url = `${escapePath(target.path)}${requestQuery(req.url ?? '')}`;
    // The escaped path starts with one slash, so it cannot name another host.
    const { search } = new URL(req.url, 'http://localhost');
    // Once, before any header is replaced.
    const who = shopperOf(req);
    if (publishUpstream && PUBLISH_PATH.test(target.path)) {
      return proxy(req, res, publishUpstream, who, options.proxySecret);
    }
    const media = MEDIA.exec(target.path)?.[1];
    if (media && options.mediaDir && (req.method === 'GET' || req.method === 'HEAD')) {
      const file = await resolveFile(options.mediaDir, `/${media}`);
      if (file) return sendMedia(req, res, file);
    }
    if (ADMIN.test(target.path) && !options.adminPublic) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Not found.' }));
      return;
    }
    if (PROXIED.test(target.path)) {
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
      sendFile(req, res, { file, status, path, https, site, parts: release.parts.current });
    const redirect = (location: string) =>
      res
        .writeHead(301, {
          location,
          ...staticHeaders({ path: target.path, contentType: '', https, site }),
        })
        .end();
    let pathname = target.path;
    // The build's own files for the servers are not part of the site, and the shell parts
    // are filled into pages, never answered alone (nginx: internal).
    if (pathname.startsWith('/_server/') || pathname.startsWith(SHELL_PARTS_PREFIX))
      return send(join(root, '404.html'), 404, '/404.html');
    // Legacy article links: one 301 by the release's map, else not found (as nginx does).
    if (isLegacyArticlePath(pathname)) {
      const to = (await release.articles.current())?.get(legacyArticleParam(search) ?? '');
      return to ? redirect(to) : send(join(root, '404.html'), 404, '/404.html');
    }
    const legacy =
      matchLegacyRoute(pathname, search) ??
      brandHtmlRedirect(pathname, search) ??
      collectionTagRedirect(pathname, search);
    if (legacy?.status === 301) return redirect(legacy.location);
    // A rule's target is one of ours, escaped: decoded like every other path here.
    if (legacy)
      pathname = decodeURIComponent(new URL(legacy.location, 'http://localhost').pathname);
    const file = await resolveFile(root, pathname);
    if (file) return send(file, 200, file.slice(root.length).replaceAll(sep, '/'));
    // spec storefront 2: a product is also reachable by its handle alone; a file (a generic
    // page of the same handle) answers first.
    const handles = await release.handles.current();
    const byHandle = productHandleRedirect(pathname, search, (h) => handles.has(h));
    if (byHandle) return redirect(byHandle.location);
    // A question's older address (another handle after its id): one 301 to its page.
    const questions = (await release.questions.current()) ?? new Map<string, string>();
    const question = questionRedirect(pathname, search, questions);
    if (question) return redirect(question.location);
    return send(join(root, '404.html'), 404, '/404.html');
  }

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const target = requestPath(req.url ?? '/');
    if (!target.ok || !PROXIED.test(target.path)) {
      socket.destroy();
      return;
    }
    req.url = `${escapePath(target.path)}${requestQuery(req.url ?? '')}`;
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
