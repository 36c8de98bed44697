import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startApi, mediaDir } from '../server/index.ts';
import { startApiProcess } from '../stack/api-process.ts';
import { NGINX_DIR } from '../publisher/build-site.ts';
import { runLoad, summarize, type LoadSummary } from './load.ts';
import { startNginx } from '../stack/nginx.ts';
import { startStaticServer } from '../web/static-server.ts';

export interface TopologyFigures {
  topology: string;
  /** Static pages alone. */
  idle: LoadSummary;
  /** The same static pages while the API answers a filter load through the same server. */
  underLoad: LoadSummary;
  /** That filter load. */
  apiLoad: LoadSummary;
}

interface Served {
  url: string;
  close: () => Promise<void>;
}

/**
 * Static page latency while the API is busy ("static files never wait on API
 * work"), for three ways of serving one build: the API and the Node server in one process
 * (how `npm start` ran before), the Node server with the API as its own process (`npm start`
 * now) and nginx with the API process (production).
 */
export async function benchStaticUnderLoad(options: {
  dataDir: string;
  distDir: string;
  pagePaths: string[];
  filterPaths: string[];
  seconds: number;
  apiConcurrency: number;
  log: (line: string) => void;
}): Promise<TopologyFigures[]> {
  const secret = randomBytes(32).toString('base64url');
  // The API as npm start and production run it: its own process, believing the web server.
  const apiProcess = () =>
    startApiProcess({ dataDir: options.dataDir, port: 0, env: { PROXY_SECRET: secret } });
  const topologies: [string, () => Promise<Served[]>][] = [
    [
      'API and Node server in one process (before)',
      async () => {
        const api = await startApi({ port: 0, dataDir: options.dataDir });
        const site = await startStaticServer({
          distDir: options.distDir,
          apiUrl: api.url,
          port: 0,
          host: '127.0.0.1',
        });
        return [site, api];
      },
    ],
    [
      'Node server + API process (npm start)',
      async () => {
        const api = await apiProcess();
        const site = await startStaticServer({
          distDir: options.distDir,
          apiUrl: api.url,
          port: 0,
          host: '127.0.0.1',
          mediaDir: mediaDir(options.dataDir),
          proxySecret: secret,
        });
        return [site, api];
      },
    ],
    [
      'nginx + API process (production)',
      async () => {
        const api = await apiProcess();
        const site = await startNginx({
          runDir: join(options.distDir, '..', 'bench-nginx'),
          siteConfDir: join(options.distDir, NGINX_DIR),
          root: options.distDir,
          mediaRoot: mediaDir(options.dataDir),
          api: new URL(api.url).host,
          proxySecret: secret,
          trustedRanges: [],
          adminPublic: false,
        });
        return [site, api];
      },
    ],
  ];
  const figures: TopologyFigures[] = [];
  for (const [topology, start] of topologies) {
    const [site, ...rest] = await start();
    if (!site) throw new Error(`${topology} did not start`);
    try {
      const base = site.url.replace('localhost', '127.0.0.1');
      const pages = options.pagePaths.map((path) => base + path);
      const filter = options.filterPaths.map((path) => base + path);
      const load = { seconds: options.seconds, concurrency: 2 };
      const idle = summarize(await runLoad(pages, load), options.seconds);
      const [underLoad, apiLoad] = await Promise.all([
        runLoad(pages, load),
        runLoad(filter, { seconds: options.seconds, concurrency: options.apiConcurrency }),
      ]);
      const result = {
        topology,
        idle,
        underLoad: summarize(underLoad, options.seconds),
        apiLoad: summarize(apiLoad, options.seconds),
      };
      options.log(
        `${topology}: static p95 ${String(result.idle.p95Ms)} ms idle, ${String(result.underLoad.p95Ms)} ms under ${String(result.apiLoad.perSecond)} filter calls/s`,
      );
      figures.push(result);
    } finally {
      await site.close();
      for (const server of rest) await server.close();
    }
  }
  return figures;
}
