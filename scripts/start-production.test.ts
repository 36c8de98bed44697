// `npm run start:production` and `npm start` refused for their settings: the readable list,
// exit code 1, and no stack trace after it (there was one); nothing installed, seeded or built
// first.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { temporaryDir } from '../stack/stack.ts';

const work = temporaryDir('start-production-');
afterAll(() => work.remove());

/** Runs a start script with this environment on top of a clean one. */
function start(vars: Record<string, string>, script = 'scripts/start-production.ts') {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(ADMIN_TOKEN|PROXY_SECRET|SMTP_URL|SITE_URL|NODE_ENV|TRUST_PROXY|BOT_CHECK|RECAPTCHA_.*)$/.test(
          name,
        ),
    ),
  );
  return spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', script], {
    encoding: 'utf8',
    timeout: 120_000,
    env: {
      ...inherited,
      DATA_DIR: join(work.path, 'data'),
      BUILD_OUT_DIR: join(work.path, 'dist'),
      BUILD_CACHE_DIR: join(work.path, 'cache'),
      PUBLISH_DIR: join(work.path, 'publish'),
      SEED_PRODUCTS: '4',
      ...vars,
    },
  });
}

/** A line of a Node stack trace. */
const STACK_LINE = /^\s+at /m;

it.each(['scripts/start-production.ts', 'scripts/start.ts'])(
  '%s prints what to set, without a stack trace, and exits 1 when production lacks its secrets',
  (script) => {
    const run = start({ NODE_ENV: 'production' }, script);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^The API refuses to start in production \(NODE_ENV=production or a SITE_URL off this machine\):\n- ADMIN_TOKEN is not set\.\n- SMTP_URL is not set/,
    );
    expect(run.stderr).toContain('Make a secret with:');
    expect(run.stderr).not.toMatch(STACK_LINE);
    // Refused before seeding or starting anything.
    expect(run.stdout).not.toMatch(/Seeded|Commerce API on/);
  },
  130_000,
);

it('prints a variable that is not valid the same way', () => {
  const run = start({ PROXY_SECRET: 'too-short' });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/^Invalid environment: PROXY_SECRET: /);
  expect(run.stderr).not.toMatch(STACK_LINE);
}, 130_000);
