import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_DIR, writeServerFiles } from '../publisher/build-site.ts';
import { startNginx, type NginxOptions } from '../stack/nginx.ts';
import { processesUnder } from '../stack/process-tree.ts';
import { temporaryDir } from '../stack/stack.ts';
import { mainConfig, type MainConfigOptions } from './nginx-config.ts';
import { workerUser } from './nginx-user.ts';

const DEBIAN = {
  passwd: [
    'root:x:0:0:root:/root:/bin/bash',
    'daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin',
    'www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin',
    'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin',
  ].join('\n'),
  group: ['root:x:0:', 'daemon:x:1:', 'www-data:x:33:', 'nogroup:x:65534:'].join('\n'),
};
const withoutWwwData = {
  passwd: DEBIAN.passwd.replace(/^www-data.*$/m, ''),
  group: DEBIAN.group,
};

describe('workerUser', () => {
  it("picks Debian's www-data with its group", () => {
    expect(workerUser(DEBIAN)).toEqual({ name: 'www-data', group: 'www-data', uid: 33, gid: 33 });
  });

  it("falls back to nobody, with its group's real name (Debian has no group 'nobody')", () => {
    expect(workerUser(withoutWwwData)).toEqual({
      name: 'nobody',
      group: 'nogroup',
      uid: 65534,
      gid: 65534,
    });
  });

  it('never picks an account with uid or gid 0', () => {
    const tampered = {
      passwd: DEBIAN.passwd.replace('www-data:x:33:33', 'www-data:x:0:33'),
      group: DEBIAN.group,
    };
    expect(workerUser(tampered).name).toBe('nobody');
    const rootGroup = {
      passwd: DEBIAN.passwd.replace('www-data:x:33:33', 'www-data:x:33:0'),
      group: DEBIAN.group,
    };
    expect(workerUser(rootGroup).name).toBe('nobody');
  });

  it('says what to do when no such account exists', () => {
    expect(() => workerUser({ passwd: 'root:x:0:0::/root:/bin/sh', group: 'root:x:0:' })).toThrow(
      /none of the accounts its workers could run as \(www-data, nginx, nobody\) exists/,
    );
  });
});

describe("mainConfig's user line", () => {
  const options: MainConfigOptions = {
    runDir: '/srv/store/run',
    siteConfDir: '/srv/store/dist/_server/nginx',
    root: '/srv/store/dist',
    mediaRoot: '/srv/store/data/media',
    port: 8080,
    api: '127.0.0.1:4322',
    proxySecret: 'x'.repeat(40),
    trustedRanges: [],
    adminPublic: false,
  };

  it('names the workers’ user and group', () => {
    expect(mainConfig({ ...options, user: { name: 'nobody', group: 'nogroup' } })).toMatch(
      /^user nobody nogroup;$/m,
    );
    expect(mainConfig(options)).not.toMatch(/^user /m);
  });

  it('never writes user root', () => {
    expect(() => mainConfig({ ...options, user: { name: 'root', group: 'root' } })).toThrow(
      /never run as root/,
    );
  });
});

const asRoot = process.getuid?.() === 0;

describe.skipIf(!asRoot)('nginx started as root (these run only as root, as CI does)', () => {
  const work = temporaryDir('nginx-user-');
  const site = (dir: string): NginxOptions => ({
    runDir: join(dir, 'nginx'),
    siteConfDir: join(dir, 'dist', NGINX_DIR),
    root: join(dir, 'dist'),
    mediaRoot: join(dir, 'media'),
    api: '127.0.0.1:9',
    proxySecret: 'proxy-secret-for-the-test-0123456789abcdef',
    trustedRanges: [],
    adminPublic: false,
  });
  const writeSite = async (dir: string) => {
    mkdirSync(join(dir, 'dist'), { recursive: true });
    mkdirSync(join(dir, 'media'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>home</title>');
    await writeServerFiles(join(dir, 'dist'));
  };
  /** The effective uid of a process (/proc/<pid>/status: real, effective, saved, fs). */
  const uidOf = (pid: number) =>
    Number(/^Uid:\s+\d+\s+(\d+)/m.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))?.[1]);

  beforeAll(async () => {
    execFileSync('bash', ['scripts/setup-nginx.sh'], { stdio: 'inherit' });
    await writeSite(work.path);
  }, 60_000);
  afterAll(() => work.remove());

  it('runs its workers as an unprivileged user that can read the site', async () => {
    const nginx = await startNginx(site(work.path));
    try {
      const config = readFileSync(nginx.configFile, 'utf8');
      expect(config).toMatch(/^user (www-data|nginx|nobody) \S+;$/m);
      expect(config).not.toMatch(/^user root/m);
      // A reply first: nginx listens before it forks its workers, so on a loaded machine the
      // port answered while the master was still alone and the list below came back empty.
      const reply = await fetch(nginx.url);
      expect(reply.status).toBe(200);
      expect(await reply.text()).toContain('home');
      const workers = processesUnder(nginx.pid);
      expect(workers.length).toBeGreaterThan(0);
      for (const { pid } of workers) expect(uidOf(pid)).not.toBe(0);
    } finally {
      await nginx.close();
    }
  });

  it('refuses to start, naming each path, where its workers could not read the site', async () => {
    // mkdtemp's 0700: what the throwaway stacks had before their directory was opened.
    const closed = mkdtempSync(join(tmpdir(), 'nginx-user-closed-'));
    try {
      await writeSite(closed);
      await expect(startNginx(site(closed))).rejects.toThrow(
        new RegExp(
          `its workers run as \\S+, which cannot read:\\n- ${join(closed, 'dist')}\\n- ${join(closed, 'media')}\\n- ${join(closed, 'nginx')}\\n`,
        ),
      );
    } finally {
      rmSync(closed, { recursive: true, force: true });
    }
  });
});
