import { join } from 'node:path';
import { startNodeProcess, type NodeProcess } from './node-process.ts';

/**
 * Marks the web server a stack started (`scripts/serve.ts` run with it in its environment), so
 * that the next start of the same data folder finds one a killed start left (stale-processes.ts),
 * and leaves alone a `npm run serve` someone runs by hand.
 */
export const STACK_SITE_MARK = 'STORE_STACK_SITE';

export interface SiteProcessOptions {
  /** The live release's symlink (BUILD_OUT_DIR). */
  distDir: string;
  /** The data folder: its exported media, and whose store this server is. */
  dataDir: string;
  apiUrl: string;
  /** 0 picks a free port. */
  port: number;
  host?: string | undefined;
  proxySecret: string;
  trustedRanges: readonly string[];
  adminPublic: boolean;
  /**
   * The publish service's own address, which /admin/publish and /api/admin/publish go to
   * (none: those are not found).
   */
  publishUpstream?: string | undefined;
  log?: ((line: string) => void) | undefined;
}

export type SiteProcess = NodeProcess;

/**
 * The Node web server of `npm start` as a process of its own (issue 33, item 10): the
 * publisher's work (a build's bundling, a warm render, Pagefind's results) never shares its
 * event loop, and a publisher killed or crashed leaves the site up. It is `npm run serve`
 * with the stack's settings; the publish pages reach the publisher through its loopback port,
 * as nginx reaches it in production.
 */
export function startSiteProcess(options: SiteProcessOptions): Promise<SiteProcess> {
  return startNodeProcess({
    name: 'The web server',
    script: join('scripts', 'serve.ts'),
    env: {
      BUILD_OUT_DIR: options.distDir,
      DATA_DIR: options.dataDir,
      API_URL: options.apiUrl,
      PORT: String(options.port),
      HOST: options.host ?? '127.0.0.1',
      PROXY_SECRET: options.proxySecret,
      TRUST_PROXY: options.trustedRanges.join(','),
      ADMIN_API_PUBLIC: String(options.adminPublic),
      ...(options.publishUpstream ? { PUBLISH_UPSTREAM: options.publishUpstream } : {}),
      [STACK_SITE_MARK]: '1',
    },
    ready: /^Serving .* at (http:\/\/\S+?), API at /m,
    port: options.port,
    portVariable: 'PORT',
    log: options.log,
  });
}
