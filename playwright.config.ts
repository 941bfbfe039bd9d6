/**
 * The contract suite's Playwright config: API tests only (the `request` fixture, no
 * browser). See contract-tests/README.md for the settings.
 *
 * Without BASE_URL the config starts the kit's mock itself and runs three projects:
 * - `mock`: the whole suite against the mock;
 * - `prism`: the suite once more through `prism proxy --errors` in front of the same mock; any
 *   `sl-violations` header fails (tests that send a deliberately invalid request or no
 *   Authorization header are left out, because prism answers those itself);
 * - `isolated`: the tests that change the mock's global settings (clock, concurrency limit, token
 *   lifetime), one at a time, against a mock of their own, so that they cannot disturb the
 *   parallel tests;
 * - `mock-platform`: every spec but the invalid twins once more, against a mock started with
 *   `--dialect platform` (decision 026), reading the platform document's answers;
 * - `v2`: the platform's V2 account import (contract-tests/v2/, decision 028), one test at a time
 *   against the mock, beside the others (it never moves the mock's clock); its tests are skipped
 *   when the run does not serve V2 (CONTRACT_V2, or the preflight's probe).
 * With CONTRACT_DIALECT=platform (`npm run contract:platform`) the whole suite runs in the
 * platform dialect instead: `mock-platform` and `isolated`, against mocks started with
 * `--dialect platform`, with `v2` beside them.
 * The static checks of the suite itself (meta/: traceability, reviewed assumptions) run in the
 * first project.
 *
 * With BASE_URL the suite runs against that address (`contract`); in mock mode `isolated` follows
 * it against the same address.
 */
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import type { ContractOptions, Target } from './contract-tests/fixtures.ts';
import { TEST_TIMEOUT_MS } from './contract-tests/support/limits.ts';
import { LOCAL_PORTS, readSettings } from './contract-tests/support/settings.ts';

const settings = readSettings();
// The same config runs from the sources (a clone) and built, from the package's dist/ (the
// `data-import-contract` bin): file names follow the config's own extension, and what the run
// writes goes to the current directory, not beside the config.
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
const out = (path: string) => resolve(path);
// CONTRACT_REPORTS_DIR moves the reports (and test-results/ beside them), for a run inside a run.
const reports = out(settings.reportsDir);
const outputDir = process.env.CONTRACT_REPORTS_DIR
  ? join(reports, '..', 'test-results')
  : out('test-results');
const local = `http://127.0.0.1:${LOCAL_PORTS.mock}`;
const viaPrism = `http://127.0.0.1:${LOCAL_PORTS.prism}`;
const isolated = `http://127.0.0.1:${LOCAL_PORTS.isolated}`;
const platform = `http://127.0.0.1:${LOCAL_PORTS.platform}`;
const target = (baseURL: string, controlURL = baseURL) => ({
  baseURL,
  target: { baseURL, controlURL } satisfies Target,
});

// The static checks of the suite itself (meta/) ride along in the first project, so that they
// need no worker processes of their own.
const withMeta = { testIgnore: ['**/isolated/**', '**/v2/**'] };
const withoutMeta = { testIgnore: ['**/isolated/**', '**/meta/**', '**/v2/**'] };
// The V2 project (decision 028): one worker, because the operator's run-due and fail-next act on
// every task of the mock. No dependencies: a project's dependencies ignore --grep.
const v2Project = (use: ReturnType<typeof target>) => ({
  name: 'v2',
  testMatch: `**/v2/**/*.spec.${ext}`,
  workers: 1,
  use,
});
// The platform dialect (decision 026): every spec reads the answers in both dialects. Beside the
// reference's projects, `mock-platform` leaves out the invalid twins (431 of its 608 tests, each
// read through the same codesCarried as the specs it keeps) to keep `npm test` short; with
// CONTRACT_DIALECT=platform (`npm run contract:platform`) it runs everything.
const platformOnly = settings.dialect === 'platform';
const platformSpecs = platformOnly
  ? withMeta
  : { testIgnore: [...withoutMeta.testIgnore, `**/invalid-twins.spec.${ext}`] };
// Worker processes are per project and cost about two seconds of CPU each to start (the spec's
// validators), so the local projects run side by side from the start, each with its own share of
// the workers, instead of one after the other with a second round of worker start-ups.
const workers = process.env.CONTRACT_WORKERS ? Number(process.env.CONTRACT_WORKERS) : undefined;

export default defineConfig<Partial<ContractOptions>>({
  testDir: 'contract-tests',
  testMatch: `**/*.spec.${ext}`,
  // Every test creates its own accounts (unique external account numbers), so tests are isolated.
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries: a contract check that passes only on a second try is a finding, not noise.
  retries: 0,
  // The tests wait on HTTP, not CPU: a few workers per project keep two cores busy next to the
  // mock and prism (measured: more workers only add start-up cost).
  workers: workers ?? (settings.local ? 5 : 4),
  // Only stops a hang: a loaded machine must not fail a test by its clock (see limits.ts).
  timeout: TEST_TIMEOUT_MS,
  globalSetup: `./contract-tests/support/global-setup.${ext}`,
  outputDir,
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: join(reports, 'contract-html') }],
    ['junit', { outputFile: join(reports, 'contract-junit.xml') }],
    ['json', { outputFile: join(reports, 'playwright.json') }],
    // Last: its onEnd scans the files the reporters above have written (secret scan).
    [`./contract-tests/reporters/conformance-summary.${ext}`],
  ],
  use: {
    // Traces would record request headers (the token); the suite attaches redacted exchanges.
    trace: 'off',
    extraHTTPHeaders: { 'user-agent': 'data-import-contract-suite' },
  },
  webServer: settings.local
    ? {
        // The mock, the isolated project's mock and prism, started together (see the script).
        command: `bash contract-tests/support/serve-local.sh ${LOCAL_PORTS.mock} ${LOCAL_PORTS.isolated} ${LOCAL_PORTS.prism} ${LOCAL_PORTS.platform} ${settings.dialect}`,
        // Ready when prism answers; without a token it answers 401 itself, which Playwright
        // counts as up. Prism starts only once the mock answers.
        url: `${viaPrism}/v1/data-import/all-account-import-processes/DEMO_ENERGY/`,
        reuseExistingServer: false,
        // Readiness is polled; this only stops a server that never starts.
        timeout: 600_000,
        stdout: 'ignore',
        stderr: 'pipe',
      }
    : undefined,
  projects: settings.local
    ? [
        ...(platformOnly
          ? []
          : [{ name: 'mock', ...withMeta, workers: workers ?? 2, use: target(local) }]),
        // prism checks the reference's answers, so it has no part in a platform-dialect run.
        ...(platformOnly
          ? []
          : [
              {
                name: 'prism',
                ...withoutMeta,
                workers: workers ?? 2,
                grepInvert: /@request-violation/,
                use: target(viaPrism, local),
              },
            ]),
        {
          name: 'isolated',
          testMatch: `**/isolated/**/*.spec.${ext}`,
          workers: 1,
          use: { ...target(isolated), tokenScope: 'test' },
        },
        {
          name: 'mock-platform',
          ...platformSpecs,
          workers: workers ?? (platformOnly ? 4 : 1),
          use: { ...target(platform), dialect: 'platform' as const },
        },
        v2Project(target(local)),
      ]
    : [
        { name: 'contract', ...withMeta, use: target(settings.baseURL, settings.controlURL) },
        // Its tests need the kit mock's control API, so it exists only when the mode may be mock.
        // It runs after `contract` because it changes the mock's global settings; a dependency
        // runs in every shard, so do not shard a run against the kit's mock.
        ...(settings.mode === 'safe' || settings.mode === 'full'
          ? []
          : [
              {
                name: 'isolated',
                testMatch: `**/isolated/**/*.spec.${ext}`,
                workers: 1,
                // After `v2` too: the clock it moves would move V2's windows.
                dependencies: ['contract', 'v2'],
                use: {
                  ...target(settings.baseURL, settings.controlURL),
                  tokenScope: 'test' as const,
                },
              },
            ]),
        v2Project(target(settings.baseURL, settings.controlURL)),
      ],
});
