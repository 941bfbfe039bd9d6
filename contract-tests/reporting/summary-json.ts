/**
 * The writer of reports/conformance-summary.json, the summary CI and the variants read: the run,
 * the totals, the rules per operation and the findings per source. A run that did not start is one
 * failed test with its cause (`didNotRun`), so that no dashboard reads it as green.
 */
import { isNotRun, type NotRunSummary, type RunSummary, type Summary } from './summary.ts';

function runDocument(summary: RunSummary): Record<string, unknown> {
  return {
    ...summary.run,
    totals: summary.totals,
    sources: summary.sources,
    rules: summary.rules,
    platformCodes: summary.platformCodes,
    operations: summary.operations,
    softFindings: summary.softFindings,
    skipped: summary.skipped,
    // The platform's V2 account import apart (decision 028), when the run had it.
    ...(summary.v2 ? { v2: summary.v2 } : {}),
  };
}

function notRunDocument(summary: NotRunSummary): Record<string, unknown> {
  const { seconds: _unrounded, ...run } = summary.run;
  return {
    ...run,
    status: 'did not run',
    didNotRun: summary.didNotRun,
    totals: { tests: 1, passed: 0, failed: 1, skipped: 0, softFindings: 0 },
    operations: [],
    softFindings: [],
    skipped: [],
  };
}

/** The JSON summary of a run, two-space indented, with a final newline. */
export function summaryJson(summary: Summary): string {
  const document = isNotRun(summary) ? notRunDocument(summary) : runDocument(summary);
  return `${JSON.stringify(document, null, 2)}\n`;
}
