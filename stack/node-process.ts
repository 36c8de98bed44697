import { spawn } from 'node:child_process';
import type { ProcessExit } from './supervise.ts';

/** A Node program of the store run as a process of its own (the API, the site's server). */
export interface NodeProcessOptions {
  /** Its name in messages, with its article: 'The API', 'The web server'. */
  name: string;
  /** The script, from the project's root. */
  script: string;
  env: Record<string, string>;
  /** Its line once it listens; the first group is its address. */
  ready: RegExp;
  /** The port it was asked for (0 picks one), and the variable that sets it, for the refusal. */
  port: number;
  portVariable: string;
  log?: ((line: string) => void) | undefined;
}

export interface NodeProcess {
  url: string;
  pid: number;
  /** Resolves when the process has ended, asked to or not (stack/supervise.ts). */
  exited: Promise<ProcessExit>;
  close: () => Promise<void>;
}

/**
 * Starts `options.script` on this Node and resolves with its address once it prints
 * `options.ready`; rejects with what it printed when it exits first (a production start
 * refused, a port in use). Every line it prints goes to `log`.
 */
export function startNodeProcess(options: NodeProcessOptions): Promise<NodeProcess> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', options.script], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
        const url = options.ready.exec(output)?.[1];
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
      const port = String(options.port);
      if (!ready && /EADDRINUSE/.test(output)) {
        // Another program holds the port (one of this store's would have been stopped).
        reject(
          new Error(
            `${options.name}'s port ${port} is taken by another program. Stop it (find it with: ss -ltnp 'sport = :${port}'), or start with ${options.portVariable} set to a free port.`,
          ),
        );
      } else if (!ready)
        reject(
          new Error(`${options.name} exited (code ${String(code)}) before listening:\n${output}`),
        );
    });
  });
}
