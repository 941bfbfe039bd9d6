/**
 * The browser tests of the mock's pages (console, reference, landing page, MSW page, CORS), in
 * real Chromium: Debian's `chromium` package (`.ci/run` installs it when missing), passed to
 * Playwright as the executable, because Playwright's own browser download cannot be used on these
 * machines. Each test starts its own mock on a free loopback port (see tests/fixtures.ts), so tests
 * run in parallel without sharing state.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');

export default defineConfig({
  testDir: resolve(here, 'tests'),
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Chromium and the mock share two cores with the other test runners: two workers keep both
  // busy without starving the pages' polling.
  workers: process.env.CONSOLE_WORKERS ? Number(process.env.CONSOLE_WORKERS) : 2,
  // These only stop a hang: on a busy machine a page step that takes a second alone can take
  // many, and a passing check never waits for its limit.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  outputDir: resolve(root, 'test-results/console'),
  reporter: [['list'], ['json', { outputFile: resolve(root, 'reports/console-playwright.json') }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    viewport: { width: 1280, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'console-chromium' }],
});
