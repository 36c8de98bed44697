// First: the merchandiser token of this run, before env.ts reads the environment.
import './tests/e2e/admin-token-first.ts';
import { defineConfig, devices } from '@playwright/test';
import { env } from './shared/env.ts';

/** Debian's Chromium (Playwright cannot download its own browser here); flags as the env probe. */
const launchOptions = {
  executablePath: env.CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

// The production topology (nginx in front of the API process) serves the whole suite; the
// local Node server of `npm start` serves the same build to the smoke subset. Without
// E2E_BASE_URL, scripts/e2e-server.ts starts both: nginx on E2E_PORT, Node on the next port.
/** Publishes and rolls back on the shared e2e store (tests/e2e/publish-journey.spec.ts). */
const JOURNEY = /publish-journey\.spec\.ts$/;
/**
 * Specs whose subject is the same at every width, run on the desktop only: the API's and the
 * network's faults (cart-faults, store-unreachable), the merchandiser's publish page, and
 * the smoke journeys, which smoke-node runs again on `npm start`'s server. The phone's
 * layouts are phone-layouts, a11y and the specs that branch on the project.
 */
const SAME_AT_EVERY_WIDTH = /(cart-faults|store-unreachable|publish-page|smoke)\.spec\.ts$/;

const nginxUrl = env.E2E_BASE_URL ?? `http://127.0.0.1:${String(env.E2E_PORT)}`;
const nodeUrl = env.E2E_SMOKE_BASE_URL ?? `http://127.0.0.1:${String(env.E2E_PORT + 1)}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // The records the specs look for (tests/e2e/seed-records.ts), added to a store that lacks them.
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: nginxUrl,
    launchOptions,
    trace: env.E2E_TRACE,
  },
  projects: [
    { name: 'desktop', testIgnore: JOURNEY, use: { ...devices['Desktop Chrome'], launchOptions } },
    {
      name: 'phone',
      testIgnore: [JOURNEY, SAME_AT_EVERY_WIDTH],
      use: { ...devices['Pixel 7'], launchOptions },
    },
    {
      // `npm start`'s server: the journeys a shopper takes first, on the same build.
      name: 'smoke-node',
      testMatch: /smoke\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], launchOptions, baseURL: nodeUrl },
    },
    // The publish journey changes the live site, so it runs once every other test has finished.
    {
      name: 'publish',
      testMatch: JOURNEY,
      dependencies: ['desktop', 'phone', 'smoke-node'],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
  ...(env.E2E_BASE_URL
    ? {}
    : {
        webServer: {
          command: `node scripts/e2e-server.ts ${String(env.E2E_PORT)}`,
          url: `${nginxUrl}/`,
          timeout: 600_000,
          reuseExistingServer: false,
        },
      }),
});
