import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRODUCT_HANDLES_FILE } from '../web/release-files.ts';
import { buildEnvironment, PageLog, recordsOnceWritten, writeSiteConfig } from './build-site.ts';
import { temporaryDir } from '../stack/stack.ts';

// What astro build prints while the prerender workers write pages: lines run together.
const LOG =
  '[parallel-prerender] 5 paths to generate.\n' +
  '10:06:36   \u251C\u2500 /404.html10:06:36   \u251C\u2500 /a/index.html (restored)\n' +
  '10:06:36   \u251C\u2500 /b/index.html (cached)10:06:36   \u251C\u2500 /c/index.html (+12ms)\n' +
  '10:06:36   \u251C\u2500 /d/index.html (restored)\n';

describe('PageLog', () => {
  it('counts pages and reused pages however the output is cut into chunks', () => {
    for (let size = 1; size <= LOG.length; size++) {
      const log = new PageLog(() => {});
      for (let at = 0; at < LOG.length; at += size) log.read(LOG.slice(at, at + size));
      log.read(' '.repeat(12));
      expect({ size, done: log.done, reused: log.reused, total: log.total }).toEqual({
        size,
        done: 5,
        reused: 3,
        total: 5,
      });
    }
  });
});

describe('recordsOnceWritten', () => {
  it('waits while the records are half written and reads them once they parse', async () => {
    const dir = temporaryDir('records-');
    try {
      const file = join(dir.path, 'records.json');
      const astro = new AbortController();
      const whole = JSON.stringify([{ url: '/products/a' }, { url: '/products/b' }]);
      const reading = recordsOnceWritten(file, astro.signal);
      await writeFile(file, whole.slice(0, 20));
      await new Promise((resolve) => setTimeout(resolve, 600));
      await writeFile(file, whole);
      expect(await reading).toEqual(JSON.parse(whole));
    } finally {
      dir.remove();
    }
  });

  it('gives up when astro has finished without writing them', async () => {
    const astro = new AbortController();
    const reading = recordsOnceWritten('/nonexistent/records.json', astro.signal);
    astro.abort();
    expect(await reading).toBeUndefined();
  });
});

describe('buildEnvironment', () => {
  it("builds for production whatever the caller's environment, keeping the rest of it", () => {
    // What Vitest sets in its workers, which once made import.meta.env.DEV true in a build.
    const runner = { NODE_ENV: 'test', MODE: 'test', DEV: '1', PROD: '', PATH: '/usr/bin' };
    const built = buildEnvironment(runner);
    expect(built).toEqual({ NODE_ENV: 'production', PATH: '/usr/bin' });
    expect(runner.DEV).toBe('1');
  });
});

describe('writeSiteConfig', () => {
  it("keeps nginx's maps when made from the same handles and policy, and writes them when not", async () => {
    const dir = temporaryDir('site-config-');
    try {
      const httpConf = join(dir.path, '_server', 'nginx', 'http.conf');
      mkdirSync(join(dir.path, 'brands', 'crown'), { recursive: true });
      writeFileSync(join(dir.path, PRODUCT_HANDLES_FILE), 'crown-load-wheel\nyale-seal-kit\n');
      await writeSiteConfig(dir.path, ["'sha256-a'"]);
      const first = statSync(httpConf);
      expect(readFileSync(httpConf, 'utf8')).toMatch(/^# made from [0-9a-f]{64}\n/);
      expect(readFileSync(httpConf, 'utf8')).toContain('/yale-seal-kit');

      // The same inputs (a warm release's linked copy): the file is the one there.
      await writeSiteConfig(dir.path, ["'sha256-a'"]);
      expect(statSync(httpConf).ino).toBe(first.ino);

      // A product handle more, or another script hash in the policy: written again.
      writeFileSync(
        join(dir.path, PRODUCT_HANDLES_FILE),
        'crown-load-wheel\nyale-seal-kit\nhyster-brake-shoe\n',
      );
      await writeSiteConfig(dir.path, ["'sha256-a'"]);
      const second = statSync(httpConf);
      expect(second.ino).not.toBe(first.ino);
      expect(readFileSync(httpConf, 'utf8')).toContain('/hyster-brake-shoe');
      await writeSiteConfig(dir.path, ["'sha256-a'", "'sha256-b'"]);
      expect(statSync(httpConf).ino).not.toBe(second.ino);
      expect(readFileSync(httpConf, 'utf8')).toContain('sha256-b');
    } finally {
      dir.remove();
    }
  });
});
