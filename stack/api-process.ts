import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ProcessExit } from './supervise.ts';

export interface ApiProcessOptions {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Extra environment: ADMIN_TOKEN, PROXY_SECRET, SITE_URL, NODE_ENV, ... */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface ApiProcess {
  url: string;
  pid: number;
  /** Resolves when the process has ended, asked to or not (stack/supervise.ts). */
  exited: Promise<ProcessExit>;
  close: () => Promise<void>;
}

const READY = /Commerce API listening on (http:\/\/\S+)/;

/**
 * The reference API as its own process (static files never wait on API work, which
 * shared one event loop with them before). Resolves with its address once it listens; rejects
 * with what it printed when it exits first (a production start refused, a port in use).
 */
export function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join('server', 'main.ts')],
    {
      env: {
        ...process.env,
        ...options.env,
        API_PORT: String(options.port),
        API_HOST: options.host ?? '127.0.0.1',
        DATA_DIR: options.dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<ProcessExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const read = (chunk: Buffer) => {
      const text = chunk.toString();
      if (!ready) {
        output += text;
        const url = READY.exec(output)?.[1];
        if (url) {
          ready = true;
          resolve({
            url,
            pid: child.pid ?? 0,
            exited,
            close: async () => {
              if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
              await exited;
            },
          });
        }
      }
      for (const line of text.split('\n')) if (line.trim()) options.log?.(line);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!ready && /EADDRINUSE/.test(output)) {
        // Another program holds the port (an API of this store's would have been stopped).
        reject(
          new Error(
            `The API's port ${String(options.port)} is taken by another program. Stop it (find it with: ss -ltnp 'sport = :${String(options.port)}'), or start with API_PORT set to a free port.`,
          ),
        );
      } else if (!ready)
        reject(new Error(`The API exited (code ${String(code)}) before listening:\n${output}`));
    });
  });
}
