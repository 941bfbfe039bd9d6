/**
 * The writer of reports/playwright.json where the kit must correct Playwright's JSON report, which
 * CI counts failures from (scripts/ci-summary.ts): a run that did not start becomes one failed
 * test, and a secret found in the reports one failure more. Each takes the report's previous text
 * (what Playwright's JSON reporter wrote) and keeps every field it does not correct, in place.
 */
import type { NotRunSummary } from './summary.ts';

type Report = Record<string, unknown>;

function parse(previous: string | undefined): Report {
  return (previous === undefined ? {} : JSON.parse(previous)) as Report;
}

/** The preflight's one failed test, in the shape of Playwright's JSON report. */
function preflightSuite(summary: NotRunSummary, error: { message: string }): unknown {
  const { title, run } = summary;
  const at = { file: 'preflight', line: 0, column: 0 };
  const result = {
    workerIndex: -1,
    status: 'failed',
    duration: Math.round(run.seconds * 1000),
    error,
    errors: [error],
    stdout: [],
    stderr: [],
    retry: 0,
    startTime: run.startedAt,
    attachments: [],
  };
  const test = {
    timeout: 0,
    annotations: [],
    expectedStatus: 'passed',
    projectId: 'preflight',
    projectName: 'preflight',
    results: [result],
    status: 'unexpected',
  };
  const spec = { title, ok: false, tags: [], id: 'preflight', ...at, tests: [test] };
  return { title: 'preflight', ...at, specs: [spec] };
}

/**
 * The JSON report of a run that did not start: its suites and errors replaced by the preflight's
 * one failure and its counts by one unexpected test; the rest of what Playwright wrote stays.
 */
export function notRunPlaywrightJson(previous: string | undefined, summary: NotRunSummary): string {
  const report = parse(previous);
  const error = { message: summary.title };
  report.suites = [preflightSuite(summary, error)];
  report.errors = [error];
  report.stats = {
    ...(report.stats as Report | undefined),
    expected: 0,
    skipped: 0,
    unexpected: 1,
    flaky: 0,
  };
  return JSON.stringify(report, null, 2);
}

/** The JSON report with a secret found in `files` counted as one failure more, and named. */
export function leakCountedPlaywrightJson(previous: string, files: string[]): string {
  const report = JSON.parse(previous) as {
    stats?: { unexpected?: number };
    errors?: { message: string }[];
  };
  report.stats = { ...report.stats, unexpected: (report.stats?.unexpected ?? 0) + 1 };
  report.errors = [
    ...(report.errors ?? []),
    { message: `Secrets found in reports: ${files.join(', ')}` },
  ];
  return JSON.stringify(report, null, 2);
}
