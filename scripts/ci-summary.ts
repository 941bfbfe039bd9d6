/**
 * Prints the one line CI reads, `N passed, N failed`, summed over every test runner (vitest and
 * Playwright JSON reports). A check step that failed without a runner report (typecheck, lint,
 * spec lint, stale artefacts) counts as one failed test, so the line never hides a red run.
 */
import { existsSync, readFileSync } from 'node:fs';

interface Totals {
  passed: number;
  failed: number;
}

function readJson(path: string): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

function vitestTotals(report: unknown): Totals {
  const r = report as { numPassedTests?: number; numFailedTests?: number } | undefined;
  return { passed: r?.numPassedTests ?? 0, failed: r?.numFailedTests ?? 0 };
}

function playwrightTotals(report: unknown): Totals {
  const stats = (report as { stats?: { expected?: number; unexpected?: number; flaky?: number } })
    ?.stats;
  return {
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats?.unexpected ?? 0,
  };
}

const gates = readJson('reports/gates.json') as { failed?: string[] } | undefined;
const runners = [
  vitestTotals(readJson('reports/vitest.json')),
  playwrightTotals(readJson('reports/playwright.json')),
  playwrightTotals(readJson('reports/console-playwright.json')),
];
const passed = runners.reduce((n, t) => n + t.passed, 0);
const runnerFailed = runners.reduce((n, t) => n + t.failed, 0);
// A runner's failed step is counted through its report; without a report, as one failure.
const runnerReports: Record<string, string> = {
  'unit tests': 'reports/vitest.json',
  'contract suite': 'reports/playwright.json',
  'console in Chromium': 'reports/console-playwright.json',
};
const gateFailed = (gates?.failed ?? []).filter((g) => {
  const report = runnerReports[g];
  return report === undefined || !existsSync(report);
}).length;
const missing = gates === undefined ? 1 : 0;
console.log(`${passed} passed, ${runnerFailed + gateFailed + missing} failed`);
