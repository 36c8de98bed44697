// Both web servers over one small build and one stand-in API, for the tests that hold them
// to the same rules: nginx with the configuration the build writes (the production topology)
// and the local Node server of `npm start`, each also behind a trusted TLS terminator.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NGINX_DIR, writeServerFiles } from '../publisher/build-site.ts';
import { partInclude, partPath } from '../src/lib/shell/shell-parts.ts';
import { startNginx } from '../stack/nginx.ts';
import { startStaticServer } from './static-server.ts';
import { PRODUCT_HANDLES_FILE } from './release-files.ts';
import { releaseWriter, writeRedirectMaps } from './release-files.testing.ts';
import { sendRequest, type RawReply } from './request.testing.ts';
import { parseTrustedProxies } from './trusted-proxies.ts';

/** The proxy secret both servers send the stand-in API. */
export const SECRET = 'proxy-secret-for-the-test-0123456789abcdef';

/** In a file under the build's _server/, which neither server may answer with. */
export const SERVER_FILE_MARKER = 'servers-only-file-marker';

export type ServerName = 'nginx' | 'node';
export const SERVER_NAMES: readonly ServerName[] = ['nginx', 'node'];

/** A request as it reached the stand-in API. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface BothServers {
  /** Each server's base URL, plain and behind a trusted hop (TRUST_PROXY=loopback). */
  url: Record<ServerName, string>;
  trustingUrl: Record<ServerName, string>;
  /** Every request the stand-in API got, oldest first; tests may empty it. */
  seen: Seen[];
  /** Websocket upgrades the stand-in API holds open without answering, as a live socket is. */
  held: Socket[];
  /** Resolves once the stand-in API holds `count` upgrades. */
  untilHeld: (count: number) => Promise<void>;
  close: () => Promise<void>;
}

const page = (title: string, script = '') =>
  `<!doctype html><html><head><title>${title}</title>${script}</head><body><h1>${title}</h1>${'<p>filler text for compression</p>'.repeat(40)}</body></html>`;

/** The shell parts of the build (src/lib/shell/shell-parts.ts), each with a marker. */
export const PART_MARKERS = { menus: 'menus-part-marker', footer: 'footer-part-marker' } as const;

/** A page of the layout: its menus and footer are includes the servers fill. */
const shellPage = (title: string) =>
  page(title).replace(
    `<h1>${title}</h1>`,
    `${partInclude('menus')}<h1>${title}</h1>${partInclude('footer')}`,
  );

/**
 * A build with a page of each kind the rules care about, the stand-in API (it answers every
 * request with `{ from: 'api', url }` and records it), and the four servers over them.
 */
export async function startBothServers(): Promise<BothServers> {
  execFileSync('bash', ['scripts/setup-nginx.sh'], { stdio: 'inherit' });
  const work = mkdtempSync(join(tmpdir(), 'servers-'));
  // Entered by nginx's workers, which run as www-data when the test runs as root.
  chmodSync(work, 0o711);
  const dist = join(work, 'dist');
  const write = releaseWriter(dist);
  write('index.html', page('home', '<script type="module">console.log("home")</script>'));
  write('404.html', shellPage('This page does not exist.'));
  for (const [part, marker] of Object.entries(PART_MARKERS))
    write(partPath(part as keyof typeof PART_MARKERS).slice(1), `<div>${marker}</div>`);
  write('cart/index.html', page('cart page'));
  write('search/index.html', page('search page'));
  write('account/order/index.html', page('one order'));
  write('sitemap-index/products/index.html', page('sitemap products'));
  write('articles/ask-our-experts/index.html', page('Ask our experts'));
  write('questions/Q10001/how-long-does-a-charge-last/index.html', page('How long?'));
  writeRedirectMaps(dist, {
    articles: [
      [355, '/articles/ask-our-experts'],
      [257, '/articles/shipping-details'],
    ],
    questions: [
      ['Q10001', '/questions/Q10001/how-long-does-a-charge-last'],
      // An id spelled as a word of nginx's map syntax.
      ['Default', '/questions/Default/what-is-the-default'],
    ],
  });
  write('_astro/app.abc123.js', `export const app = ${JSON.stringify('x'.repeat(2000))};`);
  write('suggest/w/AbC-12_xyz78.json', '{"words":[],"postings":[]}');
  write('suggest/index.json', '{"version":1}');
  write('products/poly-load-wheel/index.html', shellPage('Poly Load Wheel'));
  write('about-us/index.html', page('About us'));
  write('brands/Blue Giant/index.html', page('Blue Giant'));
  write(PRODUCT_HANDLES_FILE, 'poly-load-wheel\nabout-us\n');
  mkdirSync(join(work, 'media', 'products'), { recursive: true });
  writeFileSync(
    join(work, 'media', 'products', 'wheel-1.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  await writeServerFiles(dist);
  // What must never be served: a file of the build's own for the servers.
  write('_server/release.json', JSON.stringify({ marker: SERVER_FILE_MARKER }));

  const seen: Seen[] = [];
  const api = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ from: 'api', url: req.url }));
  });
  const held: Socket[] = [];
  let onHeld = () => {};
  api.on('upgrade', (req, socket: Socket) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    held.push(socket);
    onHeld();
  });
  const untilHeld = (count: number) =>
    new Promise<void>((resolve) => {
      onHeld = () => {
        if (held.length >= count) resolve();
      };
      onHeld();
    });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${String((api.address() as AddressInfo).port)}`;
  const mediaDir = join(work, 'media');
  const nginx = (runDir: string, trustedRanges: string[]) =>
    startNginx({
      runDir: join(work, runDir),
      siteConfDir: join(dist, NGINX_DIR),
      root: dist,
      mediaRoot: mediaDir,
      api: new URL(apiUrl).host,
      proxySecret: SECRET,
      trustedRanges,
      adminPublic: false,
    });
  const node = (trustedRanges: string[]) =>
    startStaticServer({
      apiUrl,
      mediaDir,
      proxySecret: SECRET,
      adminPublic: false,
      distDir: dist,
      port: 0,
      trustedRanges,
    });
  const running = [
    await nginx('nginx', []),
    await node([]),
    // The same two behind a TLS terminator on this machine (TRUST_PROXY=loopback).
    await nginx('nginx-trusting', parseTrustedProxies('loopback')),
    await node(parseTrustedProxies('loopback')),
  ];
  const [plainNginx, plainNode, trustingNginx, trustingNode] = running.map((server) => server.url);
  return {
    url: { nginx: plainNginx ?? '', node: plainNode ?? '' },
    trustingUrl: { nginx: trustingNginx ?? '', node: trustingNode ?? '' },
    seen,
    held,
    untilHeld,
    close: async () => {
      for (const socket of held) socket.destroy();
      for (const server of running) await server.close();
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * One request that follows no redirect, with the raw headers (fetch would hide Location's
 * form), and the path sent exactly as written.
 */
export function rawRequest(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawReply> {
  return sendRequest({ port: new URL(base).port, path, headers, method, encoding: 'latin1' });
}
