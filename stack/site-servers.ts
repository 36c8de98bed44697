import { realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { mediaDir } from '../server/index.ts';
import { NGINX_DIR } from '../publisher/build-site.ts';
import type { PublishHandler } from '../publisher/service.ts';
import type { NginxServer } from './nginx.ts';
import { clearStaleSites } from './stale-processes.ts';
import type { StackSupervision } from './supervised.ts';

/** A running server of the stack. */
export interface Running {
  url: string;
  close: () => Promise<void>;
}

/** What the stack's web servers are made of. */
export interface SiteServersOptions {
  /** The stack's options that concern its web servers (StackOptions). */
  options: {
    dataDir: string;
    outDir: string;
    runDir?: string | undefined;
    host?: string | undefined;
    adminPublic?: boolean | undefined;
    quiet?: boolean | undefined;
  };
  apiUrl: string;
  proxySecret: string;
  trustedRanges: string[];
  /** The publish service, on a loopback port of its own that both web servers proxy to. */
  handler: PublishHandler;
  startNginx: StackSupervision['startNginx'];
  startSiteProcess: StackSupervision['startSiteProcess'];
  log: (line: string) => void;
  /** The nginx servers started, for the publisher to reload with each release. */
  nginxServers: NginxServer[];
}

/**
 * The stack's web servers over one build and API: `serve` starts one more (Node or nginx) on
 * `port`, `close` stops them all and the publish service's own port.
 */
export function siteServers(context: SiteServersOptions): {
  serve: (webServer: 'node' | 'nginx', port: number) => Promise<Running>;
  close: () => Promise<void>;
} {
  const { options, apiUrl, proxySecret, trustedRanges, handler } = context;
  const adminPublic = options.adminPublic ?? false;
  const servers: Running[] = [];
  let publishEndpoint: { host: string; close: () => Promise<void> } | undefined;
  const serve = async (webServer: 'node' | 'nginx', port: number): Promise<Running> => {
    publishEndpoint ??= await listenLocally(handler);
    // A web server an earlier, killed start of this store left serving holds the port: it is
    // replaced now, once everything behind the new one runs.
    if (servers.length === 0) await clearStaleSites(options.dataDir, context.log);
    if (webServer === 'nginx') {
      const nginx = await context.startNginx({
        runDir: options.runDir ?? join(options.outDir, '..', 'nginx-run'),
        // The live release's own files by their real path; a publish reloads nginx with the next.
        siteConfDir: join(realpathSync(options.outDir), NGINX_DIR),
        root: options.outDir,
        mediaRoot: mediaDir(options.dataDir),
        port,
        api: new URL(apiUrl).host,
        proxySecret,
        trustedRanges,
        adminPublic,
        publishUpstream: publishEndpoint.host,
      });
      context.nginxServers.push(nginx);
      servers.push(nginx);
      return nginx;
    }
    const server = await context.startSiteProcess({
      apiUrl,
      proxySecret,
      trustedRanges,
      adminPublic,
      dataDir: options.dataDir,
      distDir: options.outDir,
      port,
      host: options.host,
      publishUpstream: `http://${publishEndpoint.host}`,
      ...(options.quiet ? {} : { log: (line: string) => context.log(`[web] ${line}`) }),
    });
    servers.push(server);
    return server;
  };
  const close = async () => {
    for (const server of servers) await server.close();
    await publishEndpoint?.close();
  };
  return { serve, close };
}

/** The publish service on a loopback port of its own, for the web servers to proxy to. */
async function listenLocally(handler: PublishHandler) {
  const server = createServer((req, res) => {
    handler(req, res)
      .then((handled) => {
        if (!handled) res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Internal error');
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${String(port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
