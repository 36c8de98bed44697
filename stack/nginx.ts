import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ProcessExit } from './supervise.ts';
import { mainConfig, type MainConfigOptions } from '../web/nginx-config.ts';
import { assertReadableBy, workerUser } from '../web/nginx-user.ts';

/**
 * Debian's nginx (scripts/setup-nginx.sh installs it and its brotli_static module). Looked up
 * when used, not when this module loads: `npm test` imports it before its setup step installs
 * nginx on a fresh machine.
 */
const nginxBinary = () => ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find(existsSync);
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** How long a reload may take: parsing a 100,000-handle map takes a second or two. */
const RELOAD_DEADLINE_MS = 60_000;
const POLL_MS = 20;

export interface NginxServer {
  url: string;
  port: number;
  configFile: string;
  /** The master process. */
  pid: number;
  /** Resolves when the master has ended, asked to or not (stack/supervise.ts). */
  exited: Promise<ProcessExit>;
  /**
   * Makes nginx take its configuration again, with the build's files from `siteConfDir` when
   * given (a publish switching to a new release). The new nginx.conf is
   * tested first: a refusal throws with nginx's words and the running configuration stays.
   * Resolves once the new configuration answers and no worker of the old one takes a new
   * request, so a symlink swap that follows is never served with the old maps and CSP.
   * Calls are queued: one reload at a time.
   */
  reload: (siteConfDir?: string) => Promise<void>;
  close: () => Promise<void>;
}

export type NginxOptions = Omit<MainConfigOptions, 'port' | 'brotliModule' | 'user' | 'control'> & {
  port?: number;
};

/** A port nobody listens on now (nginx cannot report the port it chose for 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Writes nginx.conf for its master alone: it holds the proxy secret, which workers never read. */
function writeConfig(file: string, text: string): void {
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `nginx -t` on a configuration file; throws nginx's own words when it refuses. Not
 * spawnSync: parsing a whole catalogue's map takes a second or two, in which the process that
 * publishes keeps answering its progress.
 */
async function testConfig(runDir: string, file: string): Promise<void> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed.');
  const test = spawn(binary, ['-p', runDir, '-c', file, '-t'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  test.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve, reject) => {
    test.once('error', reject);
    test.once('close', resolve);
  });
  if (status !== 0) throw new Error(`nginx refused its configuration:\n${output}`);
}

/**
 * Runs nginx in the foreground with the store's configuration (the build's http.conf and
 * server.conf under a generated nginx.conf in `runDir`); resolves once it accepts connections.
 * The configuration is tested first, so a mistake fails with nginx's own words.
 */
export async function startNginx(options: NginxOptions): Promise<NginxServer> {
  const binary = nginxBinary();
  if (!binary) {
    throw new Error(
      'nginx is not installed: run `bash scripts/setup-nginx.sh` (apt-get install nginx).',
    );
  }
  const port = options.port || (await freePort());
  const { runDir } = options;
  mkdirSync(runDir, { recursive: true });
  const configFile = join(runDir, 'nginx.conf');
  const errorLog = join(runDir, 'error.log');
  const socket = join(runDir, 'control.sock');
  // nginx does not remove a unix socket left by a run that was killed: its bind would fail.
  rmSync(socket, { force: true });
  // Started by root (CI, a container, a service), the master keeps root for the port and the
  // configuration, and its workers, which parse every request, run as an unprivileged account;
  // one that cannot read the site would answer 403 for every page, so that is checked first.
  const user = process.getuid?.() === 0 ? workerUser() : undefined;
  if (user) {
    assertReadableBy(user, { read: [options.root, options.mediaRoot], enter: [runDir] });
  }
  let config: MainConfigOptions = {
    ...options,
    port,
    ...(existsSync(BROTLI_MODULE) ? { brotliModule: BROTLI_MODULE } : {}),
    ...(user ? { user: { name: user.name, group: user.group } } : {}),
    control: { socket, serial: 1 },
  };
  writeConfig(configFile, mainConfig(config));
  await testConfig(runDir, configFile);
  // In runDir: nginx does not change directory, so its workers keep it as theirs, which tells
  // them apart from other nginx processes once their master is gone (nginx-leftovers.ts).
  const child = spawn(binary, ['-p', runDir, '-c', configFile], {
    cwd: runDir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<ProcessExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  for (let attempt = 0; !(await listening(port)); attempt++) {
    if (child.exitCode !== null || attempt > 100) {
      child.kill('SIGQUIT');
      throw new Error(`nginx did not start on port ${String(port)}:\n${errors}`);
    }
    await sleep(50);
  }
  const master = child.pid ?? 0;

  async function reloadOnce(siteConfDir: string | undefined): Promise<void> {
    if (child.exitCode !== null) throw new Error(`nginx is not running:\n${errors}`);
    const control = { socket, serial: (config.control?.serial ?? 0) + 1 };
    const next: MainConfigOptions = { ...config, ...(siteConfDir ? { siteConfDir } : {}), control };
    // The running file is replaced only once nginx accepts the new one: until the reload
    // signal, nginx.conf always describes what runs.
    const candidate = `${configFile}.next`;
    writeConfig(candidate, mainConfig(next));
    try {
      await testConfig(runDir, candidate);
    } catch (error) {
      rmSync(candidate, { force: true });
      throw error;
    }
    const retiring = workersOf(master);
    const logStart = sizeOf(errorLog);
    renameSync(candidate, configFile);
    child.kill('SIGHUP');
    try {
      await newConfigurationAnswers({
        socket,
        serial: control.serial,
        retiring,
        failure: () => {
          if (child.exitCode !== null) return `nginx exited:\n${errors}`;
          const log = existsSync(errorLog)
            ? readFileSync(errorLog).subarray(logStart).toString()
            : '';
          return /\[emerg\]/.test(log) ? log : undefined;
        },
      });
    } catch (error) {
      // nginx keeps the configuration it ran when it cannot take the new one.
      writeConfig(configFile, mainConfig(config));
      throw error;
    }
    config = next;
  }

  let queue: Promise<unknown> = Promise.resolve();
  return {
    url: `http://localhost:${String(port)}`,
    port,
    configFile,
    pid: master,
    exited,
    reload: (siteConfDir?: string) => {
      const done = queue.then(() => reloadOnce(siteConfDir));
      queue = done.catch(() => undefined);
      return done;
    },
    close: async () => {
      // QUIT lets workers finish the requests in flight.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

/**
 * Waits until a reload has taken: the probe server answers the new serial (a worker of the
 * new configuration accepts connections), and every worker of the old configuration is gone or
 * says it is shutting down. The second half matters: after a SIGHUP the master starts new
 * workers, waits about 100 ms, and only then tells the old ones to quit, so for a while both
 * accept connections and a probe that reaches a new worker proves nothing about the next
 * request. An old worker retitles itself 'worker process is shutting down' in the same step in
 * which it closes its listening sockets and its idle keep-alive connections
 * (ngx_worker_process_cycle), and a request it is still running had already opened its file
 * and sent its headers (a static request is answered within one event), so from then on no
 * request is answered with the old maps and CSP. Waiting for the old workers to exit instead
 * would wait for every open websocket (/socket.io, up to proxy_read_timeout).
 */
async function newConfigurationAnswers(what: {
  socket: string;
  serial: number;
  retiring: readonly NginxWorker[];
  failure: () => string | undefined;
}): Promise<void> {
  const deadline = Date.now() + RELOAD_DEADLINE_MS;
  for (;;) {
    const failure = what.failure();
    if (failure) throw new Error(`nginx did not take its new configuration:\n${failure}`);
    if (
      (await probe(what.socket)) === String(what.serial) &&
      what.retiring.every((worker) => retired(worker))
    ) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `nginx did not take its new configuration within ${String(RELOAD_DEADLINE_MS / 1000)} s.`,
      );
    }
    await sleep(POLL_MS);
  }
}

/** The serial the probe server answers, or undefined while it cannot. */
function probe(socketPath: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/serial', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(res.statusCode === 200 ? body : undefined));
      res.on('error', () => resolve(undefined));
    });
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

/** A process by its pid and start time (a pid alone could be reused by a new worker). */
interface NginxWorker {
  pid: number;
  start: string;
}

/** /proc/<pid>/stat's fields after the command name (which may hold spaces and parentheses). */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * The master's children: its workers (this configuration has no cache processes). Linux
 * only; elsewhere the list is empty and a reload waits for the probe alone.
 */
function workersOf(master: number): NginxWorker[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const workers: NginxWorker[] = [];
  for (const pid of entries) {
    // After the name: state (0), ppid (1), ..., starttime (19).
    const fields = statFields(pid);
    if (fields?.[1] === String(master)) workers.push({ pid: Number(pid), start: fields[19] ?? '' });
  }
  return workers;
}

/** Whether an old worker takes no new request: exited, or shutting down. */
function retired(worker: NginxWorker): boolean {
  const fields = statFields(worker.pid);
  if (!fields || fields[19] !== worker.start || fields[0] === 'Z') return true;
  try {
    return readFileSync(`/proc/${String(worker.pid)}/cmdline`, 'utf8').includes('shutting down');
  } catch {
    return true;
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
