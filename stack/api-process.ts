import { join } from 'node:path';
import { startNodeProcess, type NodeProcess } from './node-process.ts';

export interface ApiProcessOptions {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Extra environment: ADMIN_TOKEN, PROXY_SECRET, SITE_URL, NODE_ENV, ... */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export type ApiProcess = NodeProcess;

/**
 * The reference API as its own process (static files never wait on API work, which
 * shared one event loop with them before). Resolves with its address once it listens; rejects
 * with what it printed when it exits first (a production start refused, a port in use).
 */
export function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  return startNodeProcess({
    name: 'The API',
    script: join('server', 'main.ts'),
    env: {
      ...options.env,
      API_PORT: String(options.port),
      API_HOST: options.host ?? '127.0.0.1',
      DATA_DIR: options.dataDir,
    },
    ready: /Commerce API listening on (http:\/\/\S+)/,
    port: options.port,
    portVariable: 'API_PORT',
    log: options.log,
  });
}
