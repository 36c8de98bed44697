import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';

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
  close: () => Promise<void>;
}

const READY = /Commerce API listening on (http:\/\/\S+)/;

/** The API processes started here that have not exited. */
const running = new Set<ChildProcess>();

/**
 * Stops the API processes this process started when it is interrupted or terminated, then
 * exits as the signal would have. A bench stopped with Ctrl-C or `kill` left its API listening
 * (and holding its 100,000-product database) until someone found it.
 */
export function stopApiProcessesOnSignal(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      for (const child of running) child.kill('SIGTERM');
      process.exit(128 + constants.signals[signal]);
    });
}

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
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
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
      if (!ready)
        reject(new Error(`The API exited (code ${String(code)}) before listening:\n${output}`));
    });
  });
}
