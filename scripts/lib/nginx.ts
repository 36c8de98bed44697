import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { mainConfig, type MainConfigOptions } from './web/nginx-config.ts';

/** Debian's nginx and its brotli_static module (scripts/setup-nginx.sh installs both). */
export const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find(existsSync);
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface NginxServer {
  url: string;
  port: number;
  configFile: string;
  close: () => Promise<void>;
}

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

/**
 * Runs nginx in the foreground with the store's configuration (the build's http.conf and
 * server.conf under a generated nginx.conf in `runDir`); resolves once it accepts connections.
 * The configuration is tested first, so a mistake fails with nginx's own words.
 */
export async function startNginx(
  options: Omit<MainConfigOptions, 'port' | 'brotliModule' | 'user'> & { port?: number },
): Promise<NginxServer> {
  if (!NGINX_BINARY) {
    throw new Error(
      'nginx is not installed: run `bash scripts/setup-nginx.sh` (apt-get install nginx).',
    );
  }
  const port = options.port || (await freePort());
  mkdirSync(options.runDir, { recursive: true });
  const configFile = join(options.runDir, 'nginx.conf');
  writeFileSync(
    configFile,
    mainConfig({
      ...options,
      port,
      ...(existsSync(BROTLI_MODULE) ? { brotliModule: BROTLI_MODULE } : {}),
      // Started by root (CI, a container), workers would run as nobody and could not read a
      // build in a private temporary directory; a real deployment names its own user.
      ...(process.getuid?.() === 0 ? { user: 'root' } : {}),
    }),
  );
  const args = ['-p', options.runDir, '-c', configFile];
  const test = spawnSync(NGINX_BINARY, [...args, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);
  const child = spawn(NGINX_BINARY, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; !(await listening(port)); attempt++) {
    if (child.exitCode !== null || attempt > 100) {
      child.kill('SIGQUIT');
      throw new Error(`nginx did not start on port ${String(port)}:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://localhost:${String(port)}`,
    port,
    configFile,
    close: async () => {
      // QUIT lets workers finish the requests in flight.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
