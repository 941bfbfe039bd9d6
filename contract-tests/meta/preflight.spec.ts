/**
 * The preflight itself (support/preflight.ts), end to end: the suite is run as a supplier's CI
 * would run it, once with a wrong API key and once against a dead address without
 * CONTRACT_MODE. Each run must stop before any test runs (what makes it end in seconds: measured
 * 2 to 4 s on a 2-core machine; the durations are annotations of this test, not assertions), with
 * one failure that names the cause (the service's own error quoted), and every report (summary,
 * JUnit, JSON) must say "did not run", replacing what an earlier run left there. Runs where the
 * suite started the kit's mock itself.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { runChildSuite } from './child-suite.ts';

/** A guard against a hanging run only; how fast a stopped run ends is measured, not asserted. */
const HANG_GUARD_MS = 600_000;

/** A loopback port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs the suite in a directory of its own; resolves with its exit code and output. */
async function runSuite(env: Record<string, string>): Promise<{
  code: number | null;
  output: string;
  reports: string;
  timedOut: boolean;
  seconds: number;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'contract-preflight-'));
  const reports = join(dir, 'reports');
  mkdirSync(reports);
  // What an earlier, green run left: it must not survive a run that did not start.
  writeFileSync(join(reports, 'conformance-summary.md'), '# stale: 272 passed\n');
  const run = await runChildSuite(env, reports, { hangGuardMs: HANG_GUARD_MS });
  return { ...run, reports };
}

/** Every report says "did not run: <cause>" and counts one failed test. */
function expectDidNotRun(reports: string, cause: RegExp): void {
  const summary = readFileSync(join(reports, 'conformance-summary.md'), 'utf8');
  expect(summary).toMatch(/did not run: /);
  expect(summary).toMatch(cause);
  expect(summary).not.toContain('stale');
  const json = JSON.parse(readFileSync(join(reports, 'conformance-summary.json'), 'utf8'));
  expect(json.status).toBe('did not run');
  expect(json.didNotRun).toMatch(cause);
  const junit = readFileSync(join(reports, 'contract-junit.xml'), 'utf8');
  expect(junit).toMatch(/<testsuites [^>]*tests="1" failures="1"/);
  expect(junit).toMatch(/<failure message="did not run: /);
  const playwright = JSON.parse(readFileSync(join(reports, 'playwright.json'), 'utf8'));
  expect(playwright.stats).toMatchObject({ expected: 0, unexpected: 1, skipped: 0 });
  // The one failure is the preflight's: no test of the suite ran (none started, none skipped).
  expect(playwright.suites).toHaveLength(1);
  expect(playwright.suites[0].title).toBe('preflight');
  expect(playwright.suites[0].specs[0].title).toMatch(cause);
  const html = readFileSync(join(reports, 'contract-html', 'index.html'), 'utf8');
  expect(html).toMatch(/did not run: /);
  expect(html).toMatch(cause);
}

test.describe('preflight', () => {
  test('a wrong API key or a dead address stops the run before any test, with one failure and truthful reports', async ({
    settings,
  }, testInfo) => {
    test.skip(!settings.local, 'Runs where the suite started the kit’s mock itself.');
    test.setTimeout(2 * HANG_GUARD_MS);
    const wrongKey = `wrong-key-${settings.runId}-0123456789`;
    const dead = `http://127.0.0.1:${await deadPort()}`;
    const [keyRun, deadRun] = await Promise.all([
      runSuite({ BASE_URL: settings.baseURL, CONTRACT_MODE: 'safe', API_KEY: wrongKey }),
      runSuite({ BASE_URL: dead, API_KEY: wrongKey }),
    ]);

    for (const [name, run] of [
      ['wrong API key', keyRun],
      ['dead address', deadRun],
    ] as const) {
      testInfo.annotations.push({ type: 'duration', description: `${name}: ${run.seconds} s` });
    }
    expect(keyRun.timedOut, 'the run ends').toBe(false);
    expect(keyRun.code).not.toBe(0);
    // The service's own error is quoted, and the key is named as the thing to check.
    expect(keyRun.output).toContain('did not run: ObtainToken with API_KEY gave no token');
    expect(keyRun.output).toContain('KT-CT-1135');
    expect(keyRun.output).not.toMatch(/HTTP 200\)[^;]*$/m);
    expectDidNotRun(keyRun.reports, /Invalid data\. \(KT-CT-1135\).*Check API_KEY/);

    expect(deadRun.timedOut, 'the run ends').toBe(false);
    expect(deadRun.code).not.toBe(0);
    // A dead address is reported as such, not as a missing CONTRACT_MODE.
    expect(deadRun.output).not.toContain('CONTRACT_MODE is not set');
    expectDidNotRun(deadRun.reports, /does not answer \(ECONNREFUSED\); check BASE_URL/);

    // The wrong key is a secret like a right one: it appears in no report.
    for (const run of [keyRun, deadRun]) {
      for (const file of [
        'conformance-summary.md',
        'contract-junit.xml',
        'playwright.json',
        'contract-html/index.html',
      ]) {
        expect(readFileSync(join(run.reports, file), 'utf8')).not.toContain(wrongKey);
      }
    }
  });
});
