import { defineConfig, devices } from '@playwright/test';
import { env } from './src/lib/env.ts';

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

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: env.E2E_BASE_URL ?? `http://127.0.0.1:${String(env.E2E_PORT)}`,
    launchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions } },
  ],
  ...(env.E2E_BASE_URL
    ? {}
    : {
        webServer: {
          command: `node scripts/e2e-server.ts ${String(env.E2E_PORT)}`,
          url: `http://127.0.0.1:${String(env.E2E_PORT)}/`,
          timeout: 600_000,
          reuseExistingServer: false,
        },
      }),
});
