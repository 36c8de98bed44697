// `npm test`: every test, unit to end-to-end, on a fresh machine (docs/testing.md).
// One throwaway catalogue and API serve the type check (astro check syncs the content
// collections from it), the end-to-end build and the browser tests. The build comes first:
// it also writes the content collections' types that lint and the type check read. The
// browser tests run against the production topology (nginx in front of the API process),
// and a smoke subset against the local Node server of `npm start` over the same build.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createFixtures } from '../tests/e2e/seed-records.ts';
import { startStack, temporaryDir, throwawayStack } from '../stack/stack.ts';

const E2E_PRODUCTS = 240;
const bin = (name: string) => join(process.cwd(), 'node_modules', '.bin', name);

function run(
  title: string,
  command: string,
  args: string[],
  extraEnv: Record<string, string> = {},
) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, ...extraEnv },
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${title} failed (exit ${code})`)),
    );
  });
}

const work = temporaryDir('store-test-');
let stack: Awaited<ReturnType<typeof startStack>> | undefined;
const started = Date.now();
try {
  await run('browser', 'bash', ['scripts/setup-browser.sh']);
  await run('web server', 'bash', ['scripts/setup-nginx.sh']);
  console.log('\n=== end-to-end stack: seed, API process, build, nginx and the Node server');
  stack = await startStack({
    ...throwawayStack(work.path, E2E_PRODUCTS),
    log: (message) => console.log(message),
    // The records the end-to-end specs look for by handle, in the store before it is built
    // (without them, their global setup adds them with a publish of its own).
    prepare: async ({ url, adminToken }) => {
      const created = await createFixtures({ apiUrl: url, adminToken });
      console.log(`Added the end-to-end fixtures: ${created.join(', ')}`);
    },
  });
  const nodeSite = await stack.serveAlso('node');
  console.log(`nginx at ${stack.site.url}, the Node server at ${nodeSite.url}`);
  // The throwaway store made its own merchandiser token; the tools that call it get it here.
  const apiEnv = { API_URL: stack.api.url, ADMIN_TOKEN: stack.adminToken };
  // Lint and types need the content collections' generated types (.astro/), which the
  // build above wrote.
  await run('lint', bin('eslint'), ['.', '--max-warnings', '0']);
  await run('format', bin('prettier'), ['--check', '.']);
  await run('unit and API tests', bin('vitest'), ['run']);
  // Whole builds and publishes, one at a time, each with its own catalogue and API process.
  await run('build and publish tests', bin('vitest'), ['run', '-c', 'vitest.build.config.ts']);
  await run('types', bin('astro'), ['check', '--minimumSeverity', 'warning'], {
    ...apiEnv,
    ASTRO_TELEMETRY_DISABLED: '1',
    BUILD_CACHE_DIR: join(work.path, 'check-cache'),
  });
  await run('types (server and scripts)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  await run('end-to-end', bin('playwright'), ['test'], {
    ...apiEnv,
    E2E_BASE_URL: stack.site.url,
    E2E_SMOKE_BASE_URL: nodeSite.url,
    E2E_API_URL: stack.api.url,
    // A failure's error-context.md holds its page; a trace of every journey costs a third of
    // the suite's time, and CI's machine keeps none (docs/testing.md).
    E2E_TRACE: 'off',
    BUILD_OUT_DIR: join(work.path, 'dist'),
  });
  console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stack?.close();
  work.remove();
}
